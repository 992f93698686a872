package svgfile_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/svgfile"
)

func ExampleClean() {
	in := `<svg viewBox="0 0 24 24" onload="alert(1)"><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>` +
		`<rect width=24 height=24 fill="url(#g)"/><script>alert(1)</script></svg>`
	err := svgfile.Clean(os.Stdout, strings.NewReader(in), policy.SVGUpload())
	fmt.Println(err)
	// Output:
	// <?xml version="1.0" encoding="UTF-8"?>
	// <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><rect width="24" height="24" fill="url(#g)"/></svg>
	// <nil>
}

func ExampleError() {
	_, err := svgfile.String(`<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg>&xxe;</svg>`, policy.SVGUpload())
	fmt.Println(err)
	// Output:
	// svgfile: at byte 14: the doctype declares entities, which are never expanded
}
