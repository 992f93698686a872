package sanitize

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// TestElementHookHeldToRules: an element hook that unwraps or drops any
// one element name, over the XSS corpora under policies with SVG, MathML
// and comments, leaves output the policy stage agrees with
// (first-stage-missed never reported) and that sanitises to itself.
func TestElementHookHeldToRules(t *testing.T) {
	var docs []string
	for _, name := range []string{"dompurify_fixtures.jsonl", "h5sc_html5sec.jsonl", "sonarsource_mxss_examples.jsonl", "owasp_xss_filter_evasion.jsonl"} {
		for _, key := range []string{"payload", "input", "html", "vector", "data"} {
			docs = append(docs, jsonlField(t, filepath.Join("..", "testdata", "corpus", "xss", name), key)...)
		}
	}
	// Those whose structure an unwrapped element could change: foreign
	// content, tables, raw text, templates, forms.
	docs = slices.DeleteFunc(docs, func(d string) bool {
		l := strings.ToLower(d)
		for _, m := range []string{"<svg", "<math", "<table", "<style", "<title", "<template", "<select", "<textarea", "<noscript", "<form"} {
			if strings.Contains(l, m) {
				return false
			}
		}
		return true
	})
	if len(docs) < 100 {
		t.Fatalf("%d documents read", len(docs))
	}
	names := []string{"svg", "math", "svg:foreignObject", "svg:title", "svg:style", "style", "table", "td", "select", "template", "a", "textarea", "math:mtext", "math:annotation-xml"}
	policies := map[string]func(policy.Hooks) *policy.Policy{}
	for _, name := range []string{"sanitizer-api", "ugc", "mail"} {
		policies[name] = func(h policy.Hooks) *policy.Policy {
			c := preset(t, name).Config()
			c.Hooks = h
			return mustCompile(t, c)
		}
	}
	for _, file := range []string{"foreign"} {
		policies[file] = func(h policy.Hooks) *policy.Policy { return loadHooked(file)(t, h) }
	}
	for pname, build := range policies {
		// One policy, its hook reading the element and action of the
		// moment: compiling one per pair would cost more than the check.
		var target string
		var action policy.ElementAction
		p := build(policy.Hooks{Element: func(e policy.ElementContext) policy.ElementAction {
			if strings.EqualFold(e.Name, target) {
				return action
			}
			return policy.Keep
		}})
		for _, target = range names {
			for _, action = range []policy.ElementAction{policy.Unwrap, policy.Drop} {
				for i, doc := range docs {
					if !longTests() && i%3 != len(target)%3 {
						continue // a third of the documents for each element, HTMLCLEAN_LONG all
					}
					out, changes, err := stringReport(doc, p)
					if err != nil {
						continue // a limit: nothing written
					}
					for _, c := range changes {
						if c.Reason == ReasonFirstStageMissed {
							t.Errorf("%s, %v %s: %q: the policy stage changed %q to %q", pname, action, target, doc, c.Before, c.After)
						}
					}
					if again, err := String(out, p); err != nil || again != out {
						t.Errorf("%s, %v %s: %q\n out   %q\n again %q (%v)", pname, action, target, doc, out, again, err)
					}
				}
			}
		}
	}
}
