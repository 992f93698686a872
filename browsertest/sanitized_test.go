//go:build browser

package browsertest

import (
	"path/filepath"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// TestSanitizedCorpus is the point of the package: every vector of the
// corpus, sanitised under each preset, under the permissive test policy
// (SVG links, forms, srcset, poster, background, style) and under the
// comment-settings test policy (CSS per property, word breaks, and the other
// settings bluemonday users port) and under the foreign test policy (SVG
// and MathML with every namespace switch), the SVG one (svg: safe and
// comments) and the MathML one (mathml: core), loaded and played with in
// Chromium. Not one may execute.
func TestSanitizedCorpus(t *testing.T) {
	vectors := loadCorpus(t)
	policies := map[string]*policy.Policy{}
	for _, name := range policy.Presets() {
		p, err := policy.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		policies[name] = p
	}
	for _, name := range []string{"permissive", "comment-settings", "all-migration", "foreign", "svg", "mathml"} {
		p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", name+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		policies[name] = p
	}
	for _, name := range []string{"strict", "basic", "ugc", "mail", "bluemonday-ugc", "sanitizer-api", "permissive", "comment-settings", "all-migration", "foreign", "svg", "mathml"} {
		p := policies[name]
		t.Run(name, func(t *testing.T) {
			runStage(t, name, func(s string) (string, error) { return sanitize.String(s, p) }, vectors)
		})
	}
}
