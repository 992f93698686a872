package policy_test

import (
	"fmt"
	"strings"

	"github.com/htmlclean/htmlclean/policy"
)

func ExamplePreset() {
	p, err := policy.Preset("ugc")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Element("a").HasAttr("href"), p.Element("script") == nil)
	fmt.Println(p.URLOptions().Schemes, p.Rel())
	// Output:
	// true true
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
	fmt.Println(p.Element("img") == nil, p.TargetBlank(), p.Rel())
	// Output:
	// true true [nofollow noopener ugc]
}

func ExampleLoad_errors() {
	file := "extends: ugc\nadd:\n  elements: [script]\nurls:\n  relative: sometimes\n"
	_, err := policy.Load(strings.NewReader(file), "bad.yaml")
	fmt.Println(err)
	// Output:
	// policy: bad.yaml:3: add.elements[0]: "script" is never allowed: it runs script
	// policy: bad.yaml:5: urls.relative: "sometimes" is not one of allow, deny, resolve
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
	fmt.Println(p.Element("a") == nil, p.Element("b") != nil)
	// Output:
	// true true
}
