package policy_test

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// LoadFile reads a policy file: a preset, and the changes a site makes to
// it. This one drops images and opens links that leave the site in a new
// tab.
func ExampleLoadFile() {
	p, err := policy.LoadFile("../testdata/examples/policy.yaml")
	if err != nil {
		panic(err) // names the file, the line and the setting
	}
	out, err := sanitize.String(`<p>See <a href="https://elsewhere.example/">this</a> <img src="/cat.png" alt="a cat"></p>`, p)
	fmt.Println(out, err)
	// Output:
	// <p>See <a href="https://elsewhere.example/" rel="nofollow noopener ugc" target="_blank">this</a> </p> <nil>
}

// A Config built from nothing allows nothing: every element, attribute
// and scheme is named.
func ExampleConfig() {
	p, err := policy.Compile(policy.Config{
		Elements:   []string{"p", "a", "code"},
		Attributes: []policy.Attribute{{Name: "href", On: []string{"a"}}},
		URLs:       policy.URLs{Schemes: []string{"https"}, Relative: "deny"},
		Links:      policy.Links{Rel: []string{"nofollow"}},
	})
	if err != nil {
		panic(err)
	}
	out, err := sanitize.String(`<p class="x">Run <code>go test</code>, see <a href="https://go.dev/doc/">the docs</a> or <a href="/local">this</a>.</p>`, p)
	fmt.Println(out, err)
	// Output:
	// <p>Run <code>go test</code>, see <a href="https://go.dev/doc/" rel="nofollow">the docs</a> or this.</p> <nil>
}

// Hooks rewrite what the policy accepted: images through the site's
// proxy, spoilers dropped. What a hook returns is checked again.
func ExampleHooks() {
	c, err := policy.PresetConfig("ugc")
	if err != nil {
		panic(err)
	}
	c.Add.Attributes = append(c.Add.Attributes, policy.Attribute{Name: "class", On: []string{"span"}})
	c.Hooks.URL = func(u policy.URLContext) (string, bool) {
		if u.Element == "img" && !strings.HasPrefix(u.URL, "https://img.example/") {
			return "https://img.example/p?u=" + url.QueryEscape(u.URL), true
		}
		return u.URL, true
	}
	c.Hooks.Element = func(e policy.ElementContext) policy.ElementAction {
		for _, a := range e.Attrs {
			if a.Key == "class" && a.Val == "spoiler" {
				return policy.Drop
			}
		}
		return policy.Keep
	}
	p, err := policy.Compile(c)
	if err != nil {
		panic(err)
	}
	out, err := sanitize.String(`<p><img src="https://cats.example/a.png" alt="cat"> The end: <span class="spoiler">they marry</span>.</p>`, p)
	fmt.Println(out, err)
	// Output:
	// <p><img src="https://img.example/p?u=https%3A%2F%2Fcats.example%2Fa.png" alt="cat"> The end: .</p> <nil>
}
