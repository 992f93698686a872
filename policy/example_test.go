package policy_test

import (
	"fmt"
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

func ExampleUGC() {
	out, err := sanitize.String(`<h2>Hi</h2><p>See <a href="https://example.com/">this</a>:</p><img src="/cat.png" alt="cat" onerror="steal()">`, policy.UGC())
	fmt.Println(out, err)
	// Output:
	// <h2>Hi</h2><p>See <a href="https://example.com/" rel="nofollow ugc">this</a>:</p><img src="/cat.png" alt="cat"> <nil>
}

func ExampleBasic() {
	out, err := sanitize.String(`<h2>Hi</h2> <b>bold</b>, <a href="https://example.com/">a link</a>`, policy.Basic())
	fmt.Println(out, err)
	// Output:
	// Hi <b>bold</b>, <a href="https://example.com/" rel="nofollow ugc">a link</a> <nil>
}

func ExampleStrict() {
	out, err := sanitize.String(`Hello <b>world</b>! <a href="https://example.com/">link</a>`, policy.Strict())
	fmt.Println(out, err)
	// Output:
	// Hello world! link <nil>
}

// Preset takes a preset's name, from a flag or a setting.
func ExamplePreset() {
	p, err := policy.Preset("ugc")
	if err != nil {
		panic(err)
	}
	fmt.Println(p == policy.UGC(), slices.Contains(p.Config().Elements, "a"), slices.Contains(p.Config().Elements, "script"))
	fmt.Println(p.URLOptions().Schemes, p.Rel())
	// Output:
	// true true false
	// [http https mailto] [nofollow ugc]
}

func ExampleLoad() {
	file := `
extends: ugc
remove:
  elements: [img]
links:
  target_blank: true
`
	p, err := policy.Load(strings.NewReader(file), "forum.yaml")
	if err != nil {
		panic(err)
	}
	fmt.Println(slices.Contains(p.Config().Elements, "img"), p.Config().Links.TargetBlank, p.Rel())
	// Output:
	// false true [nofollow noopener ugc]
}

func ExampleLoad_errors() {
	file := "extends: ugc\nadd:\n  elements: [script]\nurls:\n  relative: sometimes\n"
	_, err := policy.Load(strings.NewReader(file), "bad.yaml")
	fmt.Println(err)
	// Output:
	// policy: bad.yaml:3: add.elements[0]: "script" is never allowed: it runs script
	// policy: bad.yaml:5: urls.relative: "sometimes" is not one of allow, deny, resolve, fragment
}

func ExampleCompile() {
	c, err := policy.PresetConfig("basic")
	if err != nil {
		panic(err)
	}
	c.Remove.Elements = []string{"a"}
	p, err := policy.Compile(c)
	if err != nil {
		panic(err)
	}
	fmt.Println(slices.Contains(p.Config().Elements, "a"), slices.Contains(p.Config().Elements, "b"))
	// Output:
	// false true
}
