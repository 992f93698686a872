package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// TestBareElements: an element that means nothing without its attributes
// (a link whose URL went, an image without src) loses its tags and keeps
// its content by default, as bluemonday does, and is written bare under
// bare_elements: keep, as setHTML() writes it; the sanitizer-api preset
// and any SanitizerConfig keep it. Either way the removal is reported.
func TestBareElements(t *testing.T) {
	fromSC := func(src string) *policy.Policy {
		t.Helper()
		p, err := sanitizerapi.Compile([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	keep := mustPolicy(t, "extends: ugc\nbare_elements: keep\n")
	drop := mustPolicy(t, "extends: ugc\nbare_elements: drop\n")
	for _, c := range []struct {
		name, in, want string
		p              *policy.Policy
	}{
		{"keep javascript link", `<a href="javascript:alert(1)">x</a>`, `<a>x</a>`, keep},
		{"drop javascript link", `<a href="javascript:alert(1)">x</a>`, `x`, drop},
		{"default drops", `<a href="javascript:alert(1)">x</a>`, `x`, ugcPolicy(t)},
		{"keep link without href", `<a>x</a>y`, `<a>x</a>y`, keep},
		{"keep image without src", `<img src="javascript:x" alt="cat">`, `<img alt="cat">`, keep},
		{"keep bare image", `<img onerror="alert(1)">`, `<img>`, keep},
		{"drop bare image", `<img onerror="alert(1)">`, ``, drop},
		{"config keep", `<img src="data:x">`, `<img>`, mustCompile(t, policy.Config{Elements: []string{"img"}, BareElements: "keep"})},
		{"sanitizer-api", `<a href="javascript:alert(1)" onclick="x()">a</a>`, `<a>a</a>`, policy.SanitizerAPI()},
		{"sanitizer config", `<p><a href="vbscript:x">a</a><img src="x:y"></p>`, `<p><a>a</a><img></p>`, fromSC(`{"elements": [{"name": "a", "attributes": ["href"]}, {"name": "img", "attributes": ["src"]}, "p"]}`)},
	} {
		got, changes, err := stringReport(c.in, c.p)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.want {
			t.Errorf("%s: %q gives %q, want %q", c.name, c.in, got, c.want)
		}
		if got != c.in && len(changes) == 0 {
			t.Errorf("%s: %q changed without a report", c.name, c.in)
		}
		if problem := faithfulProblem(t, c.in, c.p); problem != "" {
			t.Errorf("%s: %s", c.name, problem)
		}
	}
	if _, err := policy.Load(strings.NewReader("extends: ugc\nbare_elements: sometimes\n"), "test.yaml"); err == nil ||
		!strings.Contains(err.Error(), "test.yaml:2") || !strings.Contains(err.Error(), "bare_elements") {
		t.Errorf("bare_elements: sometimes: got %v, want an error naming test.yaml:2 and bare_elements", err)
	}
}
