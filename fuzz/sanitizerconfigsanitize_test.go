package fuzz

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// Element and attribute names a fuzzed SanitizerConfig picks from: block,
// inline, table, list and formatting elements, elements htmlclean knows
// none of, and attributes of every kind (URL, text, enum, handler).
var (
	scElements = []string{"p", "b", "i", "a", "div", "span", "ul", "li", "table", "tbody", "tr", "td",
		"th", "font", "center", "form", "button", "em", "h1", "h2", "pre", "code", "img", "br",
		"blockquote", "x-foo", "dialog", "big", "caption", "dd", "dl", "nobr", "template"}
	scAttributes = []string{"title", "href", "src", "alt", "lang", "dir", "class", "colspan",
		"data-x", "onclick", "style", "cite", "width", "id", "name", "target"}
)

// noContent are the elements of scElements that hold nothing when
// written first: table parts a browser ignores outside a table, and void
// elements.
var noContent = map[string]bool{"tbody": true, "tr": true, "td": true, "th": true, "caption": true, "img": true, "br": true}

// FuzzSanitizerConfigSanitize is FuzzSanitize under HTML Sanitizer API
// configurations built from the fuzz input: cfg
// chooses whether the dictionary has elements (else removeElements) and
// attributes, comments and dataAttributes, and the subsets of
// scElements and scAttributes it lists, and replaceWithChildrenElements.
// Besides FuzzSanitize's properties (checkSanitize):
//   - no start tag in the output names an element the dictionary does
//     not allow;
//   - an element the dictionary removes (absent from elements, or in
//     removeElements), written first, takes its content with it.
func FuzzSanitizerConfigSanitize(f *testing.F) {
	for _, s := range jsonlField(f, "xss/bluemonday_tests.jsonl", "input")[:40] {
		f.Add([]byte{0x0f, 0x33, 0x05, 0x21, 0x80, 0x04, 0x00, 0x00, 0x10, 0x03, 0x11}, s)
		f.Add([]byte{0x02, 0x00, 0x00, 0x10, 0x00, 0x20, 0x00, 0x40}, s)
	}
	f.Add([]byte{0x01, 0xff, 0x00, 0x0f, 0x00, 0x00, 0x01}, `<p><font>1</p>2<table><td>3<foo>4</foo></table>`)
	f.Fuzz(func(t *testing.T, cfg []byte, in string) {
		sc, allowed, removed := fuzzedConfig(cfg)
		data, err := json.Marshal(sc)
		if err != nil {
			t.Fatal(err)
		}
		p, err := sanitizerapi.Compile(data)
		if err != nil {
			for _, e := range leaves(err) {
				var ce *policy.ConfigError
				if !errors.As(e, &ce) {
					t.Fatalf("sanitizerapi.Compile(%s): error %v (%T) is not a *policy.ConfigError", data, e, e)
				}
			}
			return
		}
		name := string(data)
		out, ok := checkSanitize(t, name, in, p)
		if !ok {
			return
		}
		if p.Config().IDs.Keep != "" {
			checkUnclobbered(t, name, in, out) // clobber_test.go
		}
		z := html.NewTokenizer(strings.NewReader(out))
		for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
			if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
				if n, _ := z.TagName(); !allowed(string(n)) {
					t.Fatalf("%s: <%s> kept, which the dictionary does not allow\ninput:  %q\noutput: %q", name, n, in, out)
				}
			}
		}
		if strings.Contains(in, "zqx") {
			return
		}
		for _, e := range removed {
			probe := "<" + e + ">zqx<i>zqx</i></" + e + ">" + in
			if out, ok := checkSanitize(t, name, probe, p); ok && strings.Contains(out, "zqx") {
				t.Fatalf("%s: the content of <%s> kept\ninput:  %q\noutput: %q", name, e, probe, out)
			}
		}
	})
}

// fuzzedConfig builds a dictionary from cfg, and returns it with whether
// it allows an element, and the elements of scElements it removes with
// their content.
func fuzzedConfig(cfg []byte) (map[string]any, func(string) bool, []string) {
	at := func(i int) byte {
		if i < len(cfg) {
			return cfg[i]
		}
		return 0
	}
	bits := func(i int) uint32 {
		return uint32(at(i)) | uint32(at(i+1))<<8 | uint32(at(i+2))<<16 | uint32(at(i+3))<<24
	}
	flags, pick, unwrap, attrs := at(0), bits(1), bits(5), bits(9)
	sc := map[string]any{"comments": flags&4 != 0, "dataAttributes": flags&8 != 0}
	listed, replaced := map[string]bool{}, map[string]bool{}
	var names, unwrapped []string
	for i, e := range scElements {
		switch {
		case pick&(1<<i) != 0:
			names, listed[e] = append(names, e), true
		case unwrap&(1<<i) != 0:
			unwrapped, replaced[e] = append(unwrapped, e), true
		}
	}
	sc["replaceWithChildrenElements"] = append([]string{}, unwrapped...)
	elements := flags&1 != 0
	if elements {
		sc["elements"] = append([]string{}, names...)
	} else {
		sc["removeElements"] = append([]string{}, names...)
	}
	var as []string
	for i, a := range scAttributes {
		if attrs&(1<<i) != 0 {
			as = append(as, a)
		}
	}
	if flags&2 != 0 {
		sc["attributes"] = append([]string{}, as...)
	} else {
		sc["removeAttributes"] = append([]string{}, as...)
	}
	allowed := func(e string) bool {
		if elements {
			return listed[e]
		}
		return !listed[e] && !replaced[e]
	}
	var removed []string
	for _, e := range scElements {
		// Table parts outside a table and void elements hold nothing.
		if !allowed(e) && !replaced[e] && !noContent[e] {
			removed = append(removed, e)
		}
	}
	return sc, allowed, removed
}
