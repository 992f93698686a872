package htmltree

import (
	"go/build"
	"strings"
	"testing"
)

// TestImportsNoPolicy: the builder decides from the HTML standard's rules
// alone. It imports no package of this module (policy, internal/rules,
// sanitize or any other), so nothing a policy says can reach a decision
// about the tree.
func TestImportsNoPolicy(t *testing.T) {
	p, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.GoFiles) == 0 {
		t.Fatal("no Go files read")
	}
	for _, imp := range p.Imports {
		if strings.HasPrefix(imp, "github.com/htmlclean/htmlclean") {
			t.Errorf("htmltree imports %s", imp)
		}
	}
}
