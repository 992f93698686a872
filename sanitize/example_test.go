package sanitize_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

func ExampleString() {
	p, err := policy.Preset("ugc")
	if err != nil {
		panic(err)
	}
	out, err := sanitize.String(`<p onclick="steal()">Hi <a href="HTTP://Example.COM/a/../b">there</a><script>alert(1)</script></p>`, p)
	fmt.Println(out, err)
	// Output:
	// <p>Hi <a href="http://example.com/b" rel="nofollow ugc">there</a></p> <nil>
}

func ExampleSanitize() {
	p, err := policy.Preset("basic")
	if err != nil {
		panic(err)
	}
	if err := sanitize.Sanitize(os.Stdout, strings.NewReader(`<b>bold</b> <img src=x onerror=alert(1)>`), p); err != nil {
		panic(err)
	}
	// Output:
	// <b>bold</b>
}

func ExampleStringReport() {
	p, err := policy.Preset("ugc")
	if err != nil {
		panic(err)
	}
	_, changes, err := sanitize.StringReport("<a href=\"http://good.example@evil.example/\">x</a>\n<img src=\"/a.png\" onerror=\"alert(1)\">", p)
	if err != nil {
		panic(err)
	}
	for _, c := range changes {
		fmt.Println(c)
	}
	// Output:
	// 1:1: removed-attribute a href (userinfo)
	// 1:1: removed-element a (no-attributes-left)
	// 2:1: removed-attribute img onerror (event-handler)
}

// A Markdown comment keeps its footnotes: ids are written under a prefix
// and same-document links follow them; code keeps its language class,
// token by token; only the external link gets nofollow.
func ExampleString_markdown() {
	c, err := policy.PresetConfig("ugc")
	if err != nil {
		panic(err)
	}
	c.IDs.Prefix = "user-content-"
	c.Classes = []policy.ClassRule{{On: []string{"code"}, Match: "language-[a-z]+"}}
	c.Links.RelOn = "external"
	p, err := policy.Compile(c)
	if err != nil {
		panic(err)
	}
	out, err := sanitize.String(`<p id="top">Note<sup><a href="#fn:1">1</a></sup> <a href="https://example.com/">elsewhere</a></p>`+
		`<code class="language-go hljs">go</code><ol><li id="fn:1">The note.</li></ol>`, p)
	fmt.Println(out, err)
	// Output:
	// <p id="user-content-top">Note<sup><a href="#user-content-fn:1">1</a></sup> <a href="https://example.com/" rel="nofollow ugc">elsewhere</a></p><code class="language-go">go</code><ol><li id="user-content-fn:1">The note.</li></ol> <nil>
}
