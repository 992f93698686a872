package policy

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// mismatchWords are the words a doc's preset table begins a cell with,
// and the links.text_mismatch action each claims.
var mismatchWords = map[string]rules.TextMismatch{
	"removed":   rules.MismatchReject,
	"rewritten": rules.MismatchRewrite,
	"marked":    rules.MismatchMark,
	"reported":  rules.MismatchReport,
	"kept":      rules.MismatchIgnore,
}

var mismatchRow = regexp.MustCompile("^\\| `([a-z-]+)` \\| ([a-z]+)\\b")

// TestMismatchDocs: docs/policy.md, docs/urls.md and docs/security.md each
// hold a table, after a text-mismatch-presets marker, of what every
// preset does with a link whose text names another site; each row must
// say what the preset's compiled rules do: a doc that says "removed" of
// a preset that marks or only reports fails.
func TestMismatchDocs(t *testing.T) {
	for _, doc := range []string{"policy.md", "urls.md", "security.md"} {
		b, err := os.ReadFile(filepath.Join("..", "docs", doc))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "<!-- text-mismatch-presets:") })
		if at < 0 {
			t.Errorf("%s: no text-mismatch-presets table", doc)
			continue
		}
		seen := map[string]bool{}
		for _, l := range lines[at+1:] {
			if !strings.HasPrefix(l, "|") {
				break
			}
			m := mismatchRow.FindStringSubmatch(l)
			if m == nil {
				continue // the header and its rule
			}
			name, word := m[1], m[2]
			want, ok := mismatchWords[word]
			if !ok {
				t.Errorf("%s: %s: %q is none of the table's words", doc, name, word)
				continue
			}
			p, err := Preset(name)
			if err != nil {
				t.Errorf("%s: %v", doc, err)
				continue
			}
			seen[name] = true
			if got := p.Rules(rules.Key{}).Mismatch; got != want {
				t.Errorf("%s says %s %s a mismatched link; its rules say %d (links.text_mismatch: %q)",
					doc, name, word, got, p.Config().Links.TextMismatch)
			}
		}
		for _, name := range Presets() {
			if !seen[name] {
				t.Errorf("%s: the table does not list %s", doc, name)
			}
		}
	}
}
