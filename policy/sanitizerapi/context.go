package sanitizerapi

import (
	"fmt"
	"strings"

	"github.com/htmlclean/htmlclean/policy"
)

// contextRefused are the context elements ParseOptions.Context refuses,
// with why: setHTML() parses its input for the element it is called on
// (the fragment parsing algorithm, HTML §13.4), and for these that parse
// is one htmlclean does not model, or sets nothing.
var contextRefused = map[string]string{
	"script":    "setHTML() on a script sets nothing (the spec's safe \"set and filter HTML\" returns early); there is nothing to sanitise",
	"html":      "the input is parsed as a whole document's head and body there, which htmlclean does not model",
	"head":      "the input is parsed in the \"in head\" insertion mode there, which htmlclean does not model",
	"frameset":  "the input is parsed in the \"in frameset\" insertion mode there, which htmlclean does not model",
	"template":  "the input is parsed as template contents there, whose insertion modes depend on the first tag; htmlclean does not model them",
	"select":    "the input is parsed in the \"in select\" insertion mode there, which htmlclean does not model",
	"td":        "the input is parsed in the \"in cell\" insertion mode there, which htmlclean does not model",
	"th":        "the input is parsed in the \"in cell\" insertion mode there, which htmlclean does not model",
	"style":     "the input is read as raw text there (RAWTEXT), which htmlclean does not model",
	"xmp":       "the input is read as raw text there (RAWTEXT), which htmlclean does not model",
	"iframe":    "the input is read as raw text there (RAWTEXT), which htmlclean does not model",
	"noembed":   "the input is read as raw text there (RAWTEXT), which htmlclean does not model",
	"noframes":  "the input is read as raw text there (RAWTEXT), which htmlclean does not model",
	"noscript":  "the input is read as raw text there when scripting is enabled, which htmlclean does not model",
	"title":     "the input is read as text there (RCDATA), which htmlclean does not model",
	"textarea":  "the input is read as text there (RCDATA), which htmlclean does not model",
	"plaintext": "the input is read as text there (PLAINTEXT), which htmlclean does not model",
}

// checkContext returns the container a context element maps to, failing
// d where it cannot be honoured: "" and "div" need none (setHTML() on a
// div parses as htmlclean does); an element whose parse htmlclean does
// not model is refused (contextRefused); any other must be one whose
// content model package policy knows (policy.Config Container), which
// then keeps only what that element admits.
func (d *scDecoder) checkContext(name string) string {
	switch {
	case name == "" || name == "div":
		return ""
	case contextRefused[name] != "":
		d.fail("(context)", "%q refused: %s", name, contextRefused[name])
	case !policy.KnownContainer(name):
		d.fail("(context)", "%q refused: htmlclean knows the content model of %s only", name, strings.Join(policy.Containers(), ", "))
	default:
		return name
	}
	return ""
}

// contextNote is PolicyConfig's note for a context mapped to container.
func contextNote(container string) string {
	return fmt.Sprintf("(context): %q mapped to container: %s: the elements it does not admit lose their tags, where setHTML() on the element keeps them (the page's parser would close it there)", container, container)
}
