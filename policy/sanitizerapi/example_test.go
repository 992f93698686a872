package sanitizerapi_test

import (
	"fmt"

	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
	"github.com/htmlclean/htmlclean/sanitize"
)

// ExampleCompile reads the configuration a page gives the
// browser's Element.setHTML(), for the same rules on the server.
func ExampleCompile() {
	p, err := sanitizerapi.Compile([]byte(`{
		"elements": ["p", "b", {"name": "a", "attributes": ["href"]}],
		"attributes": ["title"]
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := sanitize.String(`<a href="https://example.com/" title="t">a</a> <b href="/">b</b> <i>i</i>`, p)
	fmt.Printf("%q\n", out)
	_, err = sanitizerapi.Compile([]byte(`{"elements": ["p"], "removeElements": ["p"]}`))
	fmt.Println(err)
	// Output:
	// "<a href=\"https://example.com/\" title=\"t\">a</a> <b>b</b> "
	// policy: removeElements: cannot be used with elements: a config lists the elements it allows or those it removes, not both
	// policy: removeElements[0]: "p" is also in elements[0]
}
