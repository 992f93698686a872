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
