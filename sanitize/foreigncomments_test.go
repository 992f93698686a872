package sanitize

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// foreignCommentPolicies are the test policies that keep comments (comments:
// true) with SVG and MathML: a site's inline SVG, and every foreign
// element the safety tests meet, comments kept.
func foreignCommentPolicies(tb testing.TB) map[string]*policy.Policy {
	tb.Helper()
	ps := map[string]*policy.Policy{}
	svg, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", "svg.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	ps["svg"] = svg
	foreign, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", "foreign.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	cfg := foreign.Config()
	cfg.Comments = true
	if ps["foreign-comments"], err = policy.Compile(cfg); err != nil {
		tb.Fatal(err)
	}
	return ps
}

// foreignCommentSeeds are comments in each place of SVG and MathML: in
// elements whose content the policy stage's tokenizer, knowing no
// namespaces, reads as RCDATA (an SVG title), in HTML integration points,
// in foreign elements, and in HTML inside foreign content.
func foreignCommentSeeds() []string {
	contexts := [][2]string{
		{"<svg><title>", "</title></svg>"},
		{"<svg><a href=\"/x\"><title>t", "</title></a></svg>"},
		{"<svg><g><title>a<b>", "</b></title></g></svg>"},
		{"<svg><desc>", "</desc></svg>"},
		{"<svg><text>", "</text></svg>"},
		{"<svg>", "</svg>"},
		{"<svg><foreignObject><p>", "</p></foreignObject></svg>"},
		{"<math><mi>", "</mi></math>"},
		{"<math><mtext>", "</mtext></math>"},
		{"<math><annotation-xml encoding=\"text/html\">", "</annotation-xml></math>"},
		{"<math><mrow>", "</mrow></math>"},
		{"<math><mtext><title>", "</title></mtext></math>"},
	}
	comments := []string{
		"<!--x-->",
		"<!--</title><img src=x onerror=alert(1)>-->",
		"<!--</desc><img src=x onerror=alert(1)>-->",
		"<!--><img src=x onerror=alert(1)>-->",
		"<!-- a --!><p>b</p>",
		"<!--<svg><title><!--x--></title></svg>-->",
		"<!---->",
		"<!x>",
		"<?x?>",
	}
	var seeds []string
	for _, c := range contexts {
		for _, comment := range comments {
			seeds = append(seeds, c[0]+comment+c[1], c[0]+"a"+comment+"b"+c[1])
		}
	}
	return seeds
}

// TestCommentsInForeignContent checks that a comment in foreign content
// is written only where it reaches the policy stage as a comment, so
// that the stage has nothing to remove and the output sanitises to
// itself: in an SVG title, a comment would reach that stage as RCDATA
// text, and one holding "</title>" as markup.
func TestCommentsInForeignContent(t *testing.T) {
	for name, p := range foreignCommentPolicies(t) {
		kept := 0
		for _, in := range foreignCommentSeeds() {
			out, changes, err := stringReport(in, p)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for _, c := range changes {
				if c.Reason == ReasonFirstStageMissed {
					t.Errorf("%s: %q: the policy stage removed what the first stage kept: %v", name, in, c)
				}
			}
			if strings.Contains(out, "<!--") {
				kept++
			}
			if problem := faithfulProblem(t, in, p); problem != "" {
				t.Errorf("%s: %s\ninput: %q", name, problem, in)
			}
		}
		if kept == 0 {
			t.Errorf("%s keeps no comment in foreign content: the test shows nothing", name)
		}
	}
}
