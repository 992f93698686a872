package fuzz

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
)

// idsKeepPolicy is ugc with forms, image maps and ids.keep: unclobbered:
// every element that gives window, document or a form a named property
// htmlclean keeps.
func idsKeepPolicy(f *testing.F) *policy.Policy {
	c, err := policy.PresetConfig("ugc")
	if err != nil {
		f.Fatal(err)
	}
	c.Add.Elements = append(c.Add.Elements, "form", "input", "button", "fieldset", "output", "map", "area")
	c.IDs.Keep = policy.IDKeepUnclobbered
	p, err := policy.Compile(c)
	if err != nil {
		f.Fatal(err)
	}
	return p
}

// idsKeepSeeds are inputs whose ids and names clobber, and some that do not.
var idsKeepSeeds = []string{
	`<img name=cookie src=https://x.test/a.png><form id=x><input name=action><input name=Action><input name=q></form>`,
	`<p id="fn1">a</p><p id=" fn1">b</p><p id="__proto__">c</p><a href="#fn1" id=0 name="1e3">l</a>`,
	`<map name=images><area href=/x alt=x id=forms></map><p id="überblick" name="toString">d</p>`,
}

// checkUnclobbered checks, for a policy with ids.keep: unclobbered, that
// no id or name in out, parsed as a browser would, is a value
// rules.Clobbers refuses.
func checkUnclobbered(t *testing.T, name, in, out string) {
	nodes, err := html.ParseFragment(strings.NewReader(out), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for _, a := range n.Attr {
			if a.Namespace == "" && (a.Key == "id" || a.Key == "name") && rules.Clobbers(a.Val) {
				t.Errorf("%s: %s=%q kept, a value that clobbers\ninput:  %q\noutput: %q", name, a.Key, a.Val, in, out)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
}
