package urlnorm_test

import (
	"errors"
	"fmt"

	"github.com/htmlclean/htmlclean/urlnorm"
)

func ExampleNormalize() {
	for _, raw := range []string{
		"HTTP://Ex%61mple.COM:80/a/./b/../ind%65x.html?q=%41%26b#top",
		`https:\\evil.example\login`,
		"http://0x7f.1/admin",
		"https://bücher.example/ü",
	} {
		out, err := urlnorm.Normalize(raw, urlnorm.Options{})
		fmt.Println(out, err)
	}
	// Output:
	// http://example.com/a/index.html?q=A%26b#top <nil>
	// https://evil.example/login <nil>
	// http://127.0.0.1/admin <nil>
	// https://xn--bcher-kva.example/%C3%BC <nil>
}

func ExampleNormalize_rejected() {
	for _, raw := range []string{
		"java%73cript:alert(1)",
		"http://trusted.example@evil.example/",
		"http://example.com/%C0%AE%C0%AE/etc/passwd",
		"https:evil.example",
	} {
		_, err := urlnorm.Normalize(raw, urlnorm.Options{})
		var re *urlnorm.RejectError
		if errors.As(err, &re) {
			fmt.Printf("%s at offset %d\n", re.Reason, re.Offset)
		}
	}
	// Output:
	// scheme at offset 12
	// userinfo at offset 7
	// overlong-utf8 at offset 22
	// base-dependent at offset 6
}

func ExampleInspect() {
	r, err := urlnorm.Inspect("HTTP://exa\tmple.com\\a%2e%2e/b", urlnorm.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.URL)
	fmt.Println(r.Scheme, r.Host)
	fmt.Println(r.Flags)
	// Output:
	// http://example.com/a../b
	// http example.com
	// tab-newline|backslash
}

func ExampleOptions_strict() {
	_, err := urlnorm.Normalize("http://2130706433/", urlnorm.Options{Strict: true})
	var re *urlnorm.RejectError
	if errors.As(err, &re) {
		fmt.Println(re.Reason, re.Flags)
	}
	// Output:
	// flagged numeric-ipv4|ip-host|internal-ip
}

func ExampleOptions_schemes() {
	opts := urlnorm.Options{Schemes: []string{"http", "https", "mailto"}}
	for _, raw := range []string{"mailto:a@example.com", "JAVASCRIPT:alert(1)", "/relative"} {
		out, err := urlnorm.Normalize(raw, opts)
		fmt.Printf("%q %v\n", out, err)
	}
	// Output:
	// "mailto:a@example.com" <nil>
	// "" urlnorm: rejected at offset 0: scheme-not-allowed
	// "/relative" <nil>
}

func ExampleOptions_relative() {
	opts := urlnorm.Options{Relative: urlnorm.RelativeResolve, Base: "https://forum.example/t/123"}
	out, err := urlnorm.Normalize("../u/alice?tab=posts", opts)
	fmt.Println(out, err)
	// Output:
	// https://forum.example/u/alice?tab=posts <nil>
}

func ExampleOptions_nested() {
	raw := "https://sso.example/login?TARGET=-SM-javascript%3aalert%281%29"
	_, err := urlnorm.Normalize(raw, urlnorm.Options{Nested: true})
	var re *urlnorm.RejectError
	if errors.As(err, &re) {
		fmt.Println(re.Reason, "because", errors.Unwrap(re))
	}
	// Output:
	// nested-url because urlnorm: rejected at offset 0: scheme-not-allowed
}

func ExampleEncodeSM() {
	fmt.Println(urlnorm.EncodeSM("http://server.domain.com/resource?P1=A+B&P2=Space%20Here", urlnorm.SMOptions{Legacy: true}))
	fmt.Println(urlnorm.EncodeSM("http://myserver.example.com/myasp/", urlnorm.SMOptions{Always: true}))
	// Output:
	// $SM$http%3a%2f%2fserver%2edomain%2ecom%2fresource%3fP1=A%2bB%26P2=Space$%20Here
	// -SM-http%3a%2f%2fmyserver%2eexample%2ecom%2fmyasp%2f
}

func ExampleDecodeSM() {
	out, err := urlnorm.DecodeSM("-SM-http%3a%2f%2fmyserver%2eexample%2ecom%2fmyasp%2f")
	fmt.Println(out, err)
	// Output:
	// http://myserver.example.com/myasp/ <nil>
}

// A server that fetches the links it is given (a link unfurler, an image
// proxy) refuses hosts in its own network, in whatever form they come.
func ExampleOptions_internalIP() {
	opts := urlnorm.Options{Reject: urlnorm.FlagInternalIP}
	for _, raw := range []string{
		"http://169.254.169.254/latest/meta-data/",
		"http://0x7f.1/",
		"http://[::ffff:10.0.0.1]/",
		"https://192.0.2.10/",
	} {
		r, err := urlnorm.Inspect(raw, opts)
		fmt.Printf("%q %v %v\n", r.URL, r.Flags, err)
	}
	// Output:
	// "" none urlnorm: rejected at offset 7: flagged (internal-ip)
	// "" none urlnorm: rejected at offset 7: flagged (internal-ip)
	// "" none urlnorm: rejected at offset 7: flagged (internal-ip)
	// "https://192.0.2.10/" ip-host <nil>
}
