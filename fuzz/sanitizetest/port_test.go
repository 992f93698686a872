package sanitizetest

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/fuzz/internal/oracle"
	"github.com/htmlclean/htmlclean/internal/testing/domtest"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// portCategories are the differences between bluemonday's UGCPolicy with
// AllowDataAttributes, AllowStyles("color").OnElements("span") and
// nofollow on fully qualified links only, and its port to htmlclean
// (testdata/policies/bluemonday-port.yaml); each is a decision the README
// documents.
var portCategories = map[string]string{
	"url-canonicalised":        "the URL is written in urlnorm's canonical form (same meaning to a browser)",
	"url-refused":              "urlnorm refuses a URL Go's net/url parses (the reason is recorded)",
	"url-kept":                 "bluemonday drops a URL browsers parse (spaces, IDN or escaped hosts, bad escapes) that Go's net/url refuses; urlnorm canonicalises it",
	"attribute-kept":           "the ugc preset keeps an attribute UGCPolicy drops: ol start, or alt and title text its pattern refuses (emoji)",
	"foreign-content":          "the input holds svg or math, which ugc drops with the markup a browser would read in foreign content (mXSS)",
	"noscript-markup":          "the input holds noscript: htmlclean drops it to its real end tag (the markup reading of scripting off), bluemonday to the first \"</noscript>\" (raw text, scripting on)",
	"link-text-mismatch":       "a link whose text names another host than its href loses the href (links.text_mismatch)",
	"rel-written":              "rel is written where bluemonday writes none or another (a link whose href bluemonday dropped)",
	"style-as-written":         "a style whose declarations are all allowed stays as written; bluemonday rewrites it (\"color: red\")",
	"style-filtered":           "the value grammar differs: bluemonday's color handler and htmlclean's color grammar disagree on a value",
	"class-kept":               "a class bluemonday's pattern drops as a whole that the ugc preset keeps",
	"data-url-named":           "a data-* attribute named like a URL (data-src) is not text: the wildcard does not cover it",
	"url-encoding":             "both forms mean the same URL; Go's net/url escapes sub-delims RFC 3986 allows raw",
	"empty-fragment-kept":      "a link to \"#\" (the top of the page) is kept; Go's net/url cannot write it, so bluemonday drops it",
	"element-kept":             "the ugc preset keeps an element UGCPolicy drops (kbd)",
	"image-without-src":        "an image whose src is refused keeps its alt text and size, where bluemonday drops the image",
	"formatting-reconstructed": "formatting elements (b, i) left open across blocks, which the browser reconstructs in each block; the pass closes them where the block starts",
}

// TestBluemondayPort runs the bench comments through bluemonday (the
// calls above) and through the ported policy file, and explains every
// difference between the two DOMs with a category of portCategories. The
// categories found per document are pinned in
// testdata/bluemonday_port.json (rewrite with -update and review).
func TestBluemondayPort(t *testing.T) {
	bm := bluemonday.UGCPolicy()
	bm.AllowDataAttributes()
	bm.AllowStyles("color").OnElements("span")
	bm.RequireNoFollowOnLinks(false)
	bm.RequireNoFollowOnFullyQualifiedLinks(true)
	p, err := policy.LoadFile(filepath.Join("..", "..", "testdata", "policies", "bluemonday-port.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "corpus", "bench", "comments", "*.html"))
	if err != nil || len(files) < 500 {
		t.Fatalf("bench comments: %d files, %v", len(files), err)
	}
	docs := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Base(f)] = string(data)
	}
	// The bench comments hold no style or data attribute: these use what
	// the port adds to UGCPolicy.
	for i, d := range portDocs {
		docs[fmt.Sprintf("port-%02d", i)] = d
	}
	got := map[string][]string{}
	same := 0
	for name, data := range docs {
		theirs := bm.Sanitize(data)
		var changes []sanitize.Change
		ours, err := sanitize.StringWith(data, p, sanitize.Options{Report: func(c sanitize.Change) { changes = append(changes, c) }})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cats, unexplained := explainPort(data, theirs, ours, changes, p)
		for _, u := range unexplained {
			t.Errorf("%s: unexplained difference: %s\nbluemonday: %.400q\nours:       %.400q", name, u, theirs, ours)
		}
		if len(cats) > 0 {
			got[name] = cats
		} else {
			same++
		}
	}
	checkCategories(t, filepath.Join("testdata", "bluemonday_port.json"), got)
	for _, cats := range got {
		for _, c := range cats {
			if name, _, _ := strings.Cut(c, ":"); portCategories[name] == "" {
				t.Errorf("unknown category %q", c)
			}
		}
	}
	t.Logf("%d of %d documents give the same DOM; the others differ only in named categories", same, len(docs))
}

// portDocs exercise what the port adds to UGCPolicy: data-* attributes,
// color on span, nofollow on absolute links only.
var portDocs = []string{
	`<p><span style="color:red" data-user="42">ok</span> <span data-x-y="1" data-empty="">t</span></p>`,
	`<p><span style="color: #abc">a</span> <span style="COLOR:Blue;">b</span> <span style="color:rgb(1,2,3)">c</span></p>`,
	`<p><span style="color: red; position: fixed; top: 0">overlay</span></p>`,
	`<p><span style="color:expression(alert(1))">x</span> <span style="color:url(https://a.example/x)">y</span></p>`,
	`<p><b style="color:red">not on b</b> <span style="background:red">not color</span></p>`,
	`<p><a href="/local">local</a> <a href="https://example.com/">absolute</a> <a href="//example.com/x">scheme-relative</a></p>`,
	`<p><a href="#top">top</a> <a href="?q=1">query</a> <a href="mailto:a@example.com">mail</a></p>`,
	`<div data-src="https://a.example/x.png" data-href="/x" data-id="7">text</div>`,
	`<p><a href="https://example.com/" rel="me">author's rel</a> <a href="/x" rel="nofollow">local nofollow</a></p>`,
}

// portItem is a link or image taken out of a tree, to be compared apart
// from the text around it: either side may drop one and keep its text.
type portItem struct {
	name  string
	attrs []html.Attribute
}

// explainPort compares bluemonday's output bm with ours. Links and images
// are taken out of both trees (links unwrapped, images removed) and
// matched in order; the rest of the trees must then agree up to text
// whitespace and the documented attribute differences.
func explainPort(in, bm, ours string, changes []sanitize.Change, p *policy.Policy) (cats, unexplained []string) {
	add := func(c string) {
		if !slices.Contains(cats, c) {
			cats = append(cats, c)
		}
	}
	a, b := parseBody(bm), parseBody(ours)
	unparsed := goRefused(in, p)
	if strings.Contains(in, "<svg") || strings.Contains(in, "<math") {
		// What follows foreign content is read differently by the two:
		// compare up to it.
		if truncateForeign(a, b) {
			add("foreign-content")
		}
	}
	if strings.Contains(strings.ToLower(in), "<noscript") {
		// The two read noscript differently: compare up to it.
		if truncateForeign(a, b) {
			add("noscript-markup")
		}
	}
	if unwrapAll(b, "kbd") {
		add("element-kept")
	}
	var ia, ib []portItem
	extract(a, &ia)
	extract(b, &ib)
	domtest.MergeText(a)
	domtest.MergeText(b)
	mismatch := slices.ContainsFunc(changes, func(c sanitize.Change) bool { return c.Reason == sanitize.ReasonLinkTextMismatch })
	for _, it := range ib {
		if i := slices.IndexFunc(ia, func(x portItem) bool { return sameItem(x, it, unparsed, p, add) }); i >= 0 {
			ia = slices.Delete(ia, i, i+1)
			continue
		}
		// Ours kept a link or image bluemonday dropped: its URL is one
		// Go's net/url cannot parse, or it is written canonical.
		switch u := itemURL(it); {
		case unparsed[u]:
			add("url-kept")
			continue
		case strings.HasSuffix(u, "#"):
			add("empty-fragment-kept")
			continue
		case it.name == "img" && u == "":
			add("image-without-src")
			continue
		}
		unexplained = append(unexplained, "ours only: "+describeItem(it))
	}
	for _, it := range ia {
		u := itemURL(it)
		_, err := urlnorm.Normalize(u, p.URLOptions())
		var re *urlnorm.RejectError
		switch {
		case errors.As(err, &re):
			add("url-refused:" + re.Reason.String())
		case it.name == "a" && mismatch:
			add("link-text-mismatch")
		default:
			unexplained = append(unexplained, "bluemonday only: "+describeItem(it))
		}
	}
	comparePort(a, b, unparsed, p, add, &unexplained)
	return cats, unexplained
}

// goRefused returns the canonical form of every URL in the input (href,
// src, cite) that Go's net/url cannot parse, which bluemonday drops.
func goRefused(in string, p *policy.Policy) map[string]bool {
	out := map[string]bool{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for _, at := range n.Attr {
			if !isURLAttr(at.Key) {
				continue
			}
			if _, err := url.Parse(at.Val); err == nil && isASCII(at.Val) && !strings.ContainsAny(at.Val, " \t\n") {
				continue
			}
			if canon, err := urlnorm.Normalize(at.Val, p.URLOptions()); err == nil {
				out[canon] = true
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(parseBody(in))
	return out
}

// truncateForeign cuts both trees after their last common top-level
// element before foreign content, reporting whether it cut anything.
func truncateForeign(a, b *html.Node) bool {
	ca, cb := a.FirstChild, b.FirstChild
	for ca != nil && cb != nil && ca.Type == cb.Type && ca.Data == cb.Data {
		ca, cb = ca.NextSibling, cb.NextSibling
	}
	cut := false
	for _, c := range []*html.Node{ca, cb} {
		for c != nil {
			next := c.NextSibling
			c.Parent.RemoveChild(c)
			cut = true
			c = next
		}
	}
	return cut
}

// extract takes links and images out of n's tree, in document order.
func extract(n *html.Node, items *[]portItem) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		extract(c, items)
		if c.Type == html.ElementNode && (c.Data == "a" || c.Data == "img") {
			*items = append(*items, portItem{c.Data, c.Attr})
			if c.Data == "a" {
				unwrap(c)
			} else {
				n.RemoveChild(c)
			}
		}
		c = next
	}
}

// sameItem reports whether x (bluemonday's) and y (ours) are the same
// link or image, adding the categories their differences fall into.
func sameItem(x, y portItem, unparsed map[string]bool, p *policy.Policy, add func(string)) bool {
	if x.name != y.name {
		return false
	}
	var cats []string
	for _, key := range []string{"href", "src"} {
		xv, xok := attrValue(x.attrs, key)
		yv, yok := attrValue(y.attrs, key)
		switch {
		case !xok && yok && unparsed[yv]:
			cats = append(cats, "url-kept") // bluemonday dropped the URL, kept the rest
		case xok != yok:
			return false
		case xv == yv:
		case xok && !yok:
			var re *urlnorm.RejectError
			if _, err := urlnorm.Normalize(xv, p.URLOptions()); !errors.As(err, &re) {
				return false
			}
			cats = append(cats, "url-refused:"+re.Reason.String())
		default:
			canon, err := urlnorm.Normalize(xv, p.URLOptions())
			switch {
			case err == nil && canon == yv:
				cats = append(cats, "url-canonicalised")
			case err == nil && sameMeaning(canon, yv):
				cats = append(cats, "url-encoding")
			default:
				return false
			}
		}
	}
	xr, _ := attrValue(x.attrs, "rel")
	yr, _ := attrValue(y.attrs, "rel")
	if xr != yr {
		cats = append(cats, "rel-written")
	}
	for _, c := range cats {
		add(c)
	}
	return true
}

func itemURL(it portItem) string {
	if v, ok := attrValue(it.attrs, "href"); ok {
		return v
	}
	v, _ := attrValue(it.attrs, "src")
	return v
}

func attrValue(attrs []html.Attribute, key string) (string, bool) {
	for _, at := range attrs {
		if at.Key == key {
			return at.Val, true
		}
	}
	return "", false
}

func describeItem(it portItem) string {
	var b strings.Builder
	b.WriteString("<" + it.name)
	for _, at := range it.attrs {
		b.WriteString(" " + at.Key + "=" + strconvQuote(at.Val))
	}
	return b.String() + ">"
}

func strconvQuote(s string) string { return `"` + s + `"` }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// comparePort walks the two trees, links and images taken out, together.
func comparePort(a, b *html.Node, unparsed map[string]bool, p *policy.Policy, add func(string), unexplained *[]string) {
	if a.Type != b.Type || a.Data != b.Data {
		if a.Type == html.TextNode && b.Type == html.TextNode && strings.Join(strings.Fields(a.Data), " ") == strings.Join(strings.Fields(b.Data), " ") {
			return
		}
		if formatting[a.Data] || formatting[b.Data] {
			add("formatting-reconstructed")
			return
		}
		*unexplained = append(*unexplained, "node "+describe(a)+" vs "+describe(b))
		return
	}
	if a.Type == html.ElementNode {
		comparePortAttrs(a, b, unparsed, p, add, unexplained)
	}
	ca, cb := a.FirstChild, b.FirstChild
	for ca != nil && cb != nil {
		// Whitespace-only text on one side only: the serialisations differ
		// in where they put a newline.
		if blankText(ca) && !blankText(cb) {
			ca = ca.NextSibling
			continue
		}
		if blankText(cb) && !blankText(ca) {
			cb = cb.NextSibling
			continue
		}
		comparePort(ca, cb, unparsed, p, add, unexplained)
		ca, cb = ca.NextSibling, cb.NextSibling
	}
	for ca != nil && blankText(ca) {
		ca = ca.NextSibling
	}
	for cb != nil && blankText(cb) {
		cb = cb.NextSibling
	}
	if ca != nil || cb != nil {
		*unexplained = append(*unexplained, "children of <"+a.Data+"> differ")
	}
}

func blankText(n *html.Node) bool {
	return n.Type == html.TextNode && strings.TrimSpace(n.Data) == ""
}

func comparePortAttrs(a, b *html.Node, unparsed map[string]bool, p *policy.Policy, add func(string), unexplained *[]string) {
	for _, at := range a.Attr {
		v, ok := attrValue(b.Attr, at.Key)
		canon, err := urlnorm.Normalize(at.Val, p.URLOptions())
		var re *urlnorm.RejectError
		switch {
		case ok && v == at.Val:
		case isURLAttr(at.Key) && ok && err == nil && canon == v:
			add("url-canonicalised")
		case isURLAttr(at.Key) && !ok && errors.As(err, &re):
			add("url-refused:" + re.Reason.String())
		case at.Key == "style" && ok && sameDeclarations(at.Val, v):
			add("style-as-written")
		case at.Key == "style":
			add("style-filtered")
		case strings.HasPrefix(at.Key, "data-") && !ok && urlish(at.Key):
			add("data-url-named")
		default:
			*unexplained = append(*unexplained, "<"+a.Data+" "+at.Key+"="+strconvQuote(at.Val)+"> vs "+strconvQuote(v))
		}
	}
	for _, at := range b.Attr {
		if _, ok := attrValue(a.Attr, at.Key); ok {
			continue
		}
		switch {
		case at.Key == "class":
			add("class-kept")
			continue
		case isURLAttr(at.Key) && unparsed[at.Val]:
			add("url-kept")
			continue
		case at.Key == "start" || at.Key == "alt" || at.Key == "title":
			add("attribute-kept")
			continue
		}
		*unexplained = append(*unexplained, "<"+b.Data+"> gained "+at.Key)
	}
}

// sameDeclarations compares two style values declaration by declaration,
// with whitespace and case of the property ignored: the test's own
// reading, not the sanitiser's.
func sameDeclarations(x, y string) bool {
	norm := func(s string) []string {
		var out []string
		for _, d := range strings.Split(s, ";") {
			prop, val, ok := strings.Cut(d, ":")
			if !ok {
				continue
			}
			out = append(out, strings.ToLower(strings.TrimSpace(prop))+":"+strings.Join(strings.Fields(val), " "))
		}
		return out
	}
	return slices.Equal(norm(x), norm(y))
}

// urlish reports whether an attribute name reads as holding a URL, by the
// test's own list of the words.
func urlish(name string) bool {
	for _, w := range []string{"src", "href", "url", "uri", "link", "action", "poster"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// formatting are the elements the HTML parser reconstructs when they are
// left open across blocks (HTML §13.2.4.3, the list of active formatting
// elements).
var formatting = map[string]bool{"a": true, "b": true, "big": true, "code": true, "em": true, "font": true,
	"i": true, "nobr": true, "s": true, "small": true, "strike": true, "strong": true, "tt": true, "u": true}

// unwrapAll unwraps every element named name in n's tree, reporting
// whether there was one.
func unwrapAll(n *html.Node, name string) bool {
	found := false
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		found = unwrapAll(c, name) || found
		if c.Type == html.ElementNode && c.Data == name {
			unwrap(c)
			found = true
		}
		c = next
	}
	domtest.MergeText(n)
	return found
}

// sameMeaning reports whether two URLs mean the same to the WHATWG oracle,
// once Go's extra escapes are undone.
func sameMeaning(x, y string) bool {
	same, _, _, err := oracle.SameMeaning(oracle.DefaultBase, unescapeGo(x), unescapeGo(y))
	return err == nil && same
}
