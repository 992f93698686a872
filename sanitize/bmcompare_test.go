package sanitize_test

import (
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/testing/domtest"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// bmReasons are the differences allowed between a bluemonday policy's
// output and its htmlclean port's, each a decision docs/migrating.md
// states. Any other difference fails the tests of this file.
var bmReasons = map[string]string{
	"url-canonical":            "the URL is written in urlnorm's canonical form: the same URL to a browser",
	"url-refused":              "urlnorm refuses a URL Go's net/url parses (userinfo, a look-alike host, a nested URL, ...)",
	"url-encoding":             "both forms mean the same URL; Go's net/url escapes sub-delimiters RFC 3986 allows raw",
	"url-kept":                 "bluemonday drops a URL browsers read (spaces, non-ASCII, escapes) that Go's net/url refuses",
	"empty-fragment":           "a link to \"#\" is kept; Go's net/url cannot write it, so bluemonday drops it",
	"link-text-mismatch":       "a link whose text names another host than its href loses the href (links.text_mismatch)",
	"rel-written":              "rel differs on a link one side dropped the href of",
	"whole-value":              "a pattern matches the whole value: bluemonday's lang, id, scope and nowrap patterns match part of it",
	"image-without-src":        "an image whose src is refused keeps its other attributes; bluemonday drops it",
	"foreign-content":          "svg, math or noscript in the input, which the two read differently (mXSS)",
	"formatting-reconstructed": "formatting elements left open across blocks, which the browser reconstructs and the pass closes",
	"word-breaks":              "word_breaks writes a newline or space where a dropped element separated words",
	"style-as-written":         "a style whose declarations are all allowed stays as written; bluemonday rewrites its spacing",
	"data-url-named":           "a data-* attribute named like a URL (data-src) is not text: the wildcard does not cover it",
	"class-per-token":          "classes keep the allowed tokens of a value; bluemonday's Matching keeps or drops the whole value",
	"rel-sorted":               "rel is written as a sorted set of tokens; bluemonday appends its own to the author's",
	"embed-host":               "an iframe of a host embeds.hosts does not list is dropped; bluemonday keeps every iframe",
	"embed-sandboxed":          "an iframe always gets the policy's sandbox",
}

// benchComments returns the bench comments by file name.
func benchComments(tb testing.TB) map[string]string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "corpus", "bench", "comments", "*.html"))
	if err != nil || len(files) < 500 {
		tb.Fatalf("bench comments: %d files, %v", len(files), err)
	}
	docs := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		docs[filepath.Base(f)] = string(data)
	}
	return docs
}

// bmCompare explains the differences between bluemonday's output theirs
// and htmlclean's for the input in under p: the reasons (of bmReasons)
// that cover them, and what no reason covers.
func bmCompare(in, theirs string, p *policy.Policy) (reasons, unexplained []string, err error) {
	var changes []sanitize.Change
	ours, err := sanitize.StringWith(in, p, sanitize.Options{Report: func(c sanitize.Change) { changes = append(changes, c) }})
	if err != nil {
		return nil, nil, err
	}
	k := bmComparer{opts: p.URLOptions()}
	if k.unparsed, err = goRefused(in, k.opts); err != nil {
		return nil, nil, err
	}
	k.mismatch = slices.ContainsFunc(changes, func(c sanitize.Change) bool { return c.Reason == sanitize.ReasonLinkTextMismatch })
	a, errA := domtest.Body(theirs)
	b, errB := domtest.Body(ours)
	if err := errors.Join(errA, errB); err != nil {
		return nil, nil, err
	}
	if domtest.Diff(a, b, asMarkup) == "" {
		return nil, nil, nil
	}
	if low := strings.ToLower(in); strings.Contains(low, "<svg") || strings.Contains(low, "<math") || strings.Contains(low, "<noscript") {
		return []string{"foreign-content"}, nil, nil
	}
	var ia, ib []bmItem
	extractItems(a, &ia)
	extractItems(b, &ib)
	domtest.MergeText(a)
	domtest.MergeText(b)
	k.items(ia, ib)
	k.tree(a, b)
	return k.reasons, k.unexplained, nil
}

// bmComparer collects the reasons and unexplained differences of one
// comparison.
type bmComparer struct {
	opts                 urlnorm.Options
	mismatch             bool
	unparsed             map[string]bool // canonical forms of the input's URLs bluemonday drops
	reasons, unexplained []string
}

func (k *bmComparer) add(r string) {
	if !slices.Contains(k.reasons, r) {
		k.reasons = append(k.reasons, r)
	}
}

func (k *bmComparer) fail(s string) { k.unexplained = append(k.unexplained, s) }

// bmItem is a link or image taken out of a tree, compared apart from the
// text around it: either side may drop one and keep its text.
type bmItem struct {
	name  string
	attrs []html.Attribute
}

// extractItems takes links and images out of n's tree, in document order
// (links unwrapped, images removed).
func extractItems(n *html.Node, items *[]bmItem) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		extractItems(c, items)
		if c.Type == html.ElementNode && (c.Data == "a" || c.Data == "img") {
			*items = append(*items, bmItem{c.Data, c.Attr})
			if c.Data == "a" {
				for gc := c.FirstChild; gc != nil; {
					gnext := gc.NextSibling
					c.RemoveChild(gc)
					n.InsertBefore(gc, c)
					gc = gnext
				}
			}
			n.RemoveChild(c)
		}
		c = next
	}
}

// items matches htmlclean's links and images (ib) with bluemonday's
// (ia) by their URL, and explains the ones only one side has.
func (k *bmComparer) items(ia, ib []bmItem) {
	for _, it := range ib {
		// Best a match whose other attributes agree too, else any.
		i := slices.IndexFunc(ia, func(x bmItem) bool { return k.sameItem(x, it, false) && sameOther(x, it) })
		if i < 0 {
			i = slices.IndexFunc(ia, func(x bmItem) bool { return k.sameItem(x, it, false) })
		}
		if i >= 0 {
			k.sameItem(ia[i], it, true)
			ia = slices.Delete(ia, i, i+1)
			continue
		}
		switch u := itemURL(it); {
		case u == "" && it.name == "img":
			k.add("image-without-src")
		case strings.HasSuffix(u, "#"):
			k.add("empty-fragment")
		case k.unparsed[u]:
			k.add("url-kept")
		default:
			k.fail("htmlclean only: " + describeItem(it))
		}
	}
	for _, it := range ia {
		_, err := urlnorm.Normalize(itemURL(it), k.opts)
		switch {
		case err != nil:
			k.add("url-refused")
		case it.name == "a" && k.mismatch:
			k.add("link-text-mismatch")
		default:
			k.fail("bluemonday only: " + describeItem(it))
		}
	}
}

// sameItem reports whether x (bluemonday's) and y (htmlclean's) are the
// same link or image; with note, it adds the reasons their differences
// fall under.
func (k *bmComparer) sameItem(x, y bmItem, note bool) bool {
	if x.name != y.name {
		return false
	}
	if itemURL(x) == "" && itemURL(y) == "" && !note {
		// Nothing to match them by but their other attributes.
		return slices.EqualFunc(x.attrs, y.attrs, func(a, b html.Attribute) bool { return a == b || a.Key == "rel" && b.Key == "rel" })
	}
	for _, key := range []string{"href", "src"} {
		xv, xok := attrOf(x.attrs, key)
		yv, yok := attrOf(y.attrs, key)
		var why string
		switch {
		case xok && yok && xv == yv:
		case xok && yok:
			switch canon, err := urlnorm.Normalize(xv, k.opts); {
			case err == nil && canon == yv:
				why = "url-canonical"
			case k.sameURL(xv, yv):
				why = "url-encoding"
			default:
				return false
			}
		case xok && !yok:
			_, err := urlnorm.Normalize(xv, k.opts)
			switch {
			case err != nil:
				why = "url-refused"
			case x.name == "a" && k.mismatch:
				why = "link-text-mismatch"
			default:
				return false
			}
		case !xok && yok && strings.HasSuffix(yv, "#"):
			why = "empty-fragment"
		case !xok && yok:
			if !k.unparsed[yv] {
				return false
			}
			why = "url-kept"
		}
		if note && why != "" {
			k.add(why)
		}
	}
	if note {
		k.attrs("<"+x.name+">", x.attrs, y.attrs, true)
	}
	return true
}

// sameOther reports whether two items agree on every attribute but
// their URL and rel.
func sameOther(x, y bmItem) bool {
	other := func(attrs []html.Attribute) []html.Attribute {
		return slices.DeleteFunc(slices.Clone(attrs), func(a html.Attribute) bool {
			return a.Key == "href" || a.Key == "src" || a.Key == "rel"
		})
	}
	return slices.Equal(other(x.attrs), other(y.attrs))
}

// wholeValue are the attributes bluemonday matches with unanchored
// patterns.
var wholeValue = map[string]bool{"lang": true, "id": true, "scope": true, "nowrap": true}

// attrs explains the differences between two elements' attributes other
// than their href and src (items) or their URLs (elements).
func (k *bmComparer) attrs(el string, xa, ya []html.Attribute, item bool) {
	for _, at := range xa {
		v, ok := attrOf(ya, at.Key)
		switch {
		case item && (at.Key == "href" || at.Key == "src"):
		case ok && v == at.Val:
		case at.Key == "rel" && item:
			k.add("rel-written")
		case wholeValue[at.Key] && !ok:
			k.add("whole-value")
		case at.Key == "cite" && ok:
			if canon, err := urlnorm.Normalize(at.Val, k.opts); err == nil && canon == v {
				k.add("url-canonical")
				continue
			}
			k.fail(el + " cite=" + at.Val + " vs " + v)
		case at.Key == "cite" && !ok:
			if _, err := urlnorm.Normalize(at.Val, k.opts); err != nil {
				k.add("url-refused")
				continue
			}
			k.fail(el + " lost cite=" + at.Val)
		case at.Key == "sandbox" && el == "<iframe>":
			k.add("embed-sandboxed")
		case at.Key == "style" && ok && sameDeclarations(at.Val, v):
			k.add("style-as-written")
		case at.Key == "class" && ok && classSubset(v, at.Val):
			k.add("class-per-token")
		case strings.HasPrefix(at.Key, "data-") && !ok && urlNamed(at.Key):
			k.add("data-url-named")
		default:
			k.fail(el + " " + at.Key + "=" + at.Val + " vs " + v)
		}
	}
	for _, at := range ya {
		if _, ok := attrOf(xa, at.Key); ok || item && (at.Key == "href" || at.Key == "src") {
			continue
		}
		switch {
		case at.Key == "rel" && item:
			k.add("rel-written")
		case at.Key == "class":
			k.add("class-per-token")
		case at.Key == "sandbox" && el == "<iframe>":
			k.add("embed-sandboxed")
		case at.Key == "cite" && k.unparsed[at.Val]:
			k.add("url-kept")
		default:
			k.fail(el + " gained " + at.Key + "=" + at.Val)
		}
	}
}

// tree walks the two trees, links and images taken out, together.
func (k *bmComparer) tree(a, b *html.Node) {
	if a.Type != b.Type || a.Data != b.Data {
		switch {
		case a.Type == html.TextNode && b.Type == html.TextNode && collapse(a.Data) == collapse(b.Data):
		case a.Type == html.TextNode && b.Type == html.TextNode && strings.ReplaceAll(collapse(a.Data), " ", "") == strings.ReplaceAll(collapse(b.Data), " ", ""):
			k.add("word-breaks")
		case formatting[a.Data] || formatting[b.Data]:
			k.add("formatting-reconstructed")
		default:
			k.fail("node " + describeNode(a) + " vs " + describeNode(b))
		}
		return
	}
	if a.Type == html.ElementNode {
		k.attrs("<"+a.Data+">", a.Attr, b.Attr, false)
	}
	ca, cb := a.FirstChild, b.FirstChild
	for ca != nil && cb != nil {
		// Whitespace-only text on one side only: serialisations differ
		// in where they put a newline.
		if blank(ca) && !blank(cb) {
			ca = ca.NextSibling
			continue
		}
		if blank(cb) && !blank(ca) {
			cb = cb.NextSibling
			continue
		}
		if isElement(ca, "iframe") && !isElement(cb, "iframe") {
			// bluemonday keeps every iframe; embeds only listed hosts.
			k.add("embed-host")
			ca = ca.NextSibling
			continue
		}
		k.tree(ca, cb)
		ca, cb = ca.NextSibling, cb.NextSibling
	}
	for ca != nil && blank(ca) {
		ca = ca.NextSibling
	}
	for cb != nil && blank(cb) {
		cb = cb.NextSibling
	}
	if ca != nil || cb != nil {
		k.fail("children of <" + a.Data + "> differ: " + describeNode(ca) + " vs " + describeNode(cb))
	}
}

// formatting are the elements the HTML parser reconstructs when they are
// left open across blocks (HTML §13.2.4.3, the list of active formatting
// elements).
var formatting = map[string]bool{"a": true, "b": true, "big": true, "code": true, "em": true, "font": true,
	"i": true, "nobr": true, "s": true, "small": true, "strike": true, "strong": true, "tt": true, "u": true}

// asMarkup compares two bodies as their markup (html.Render) does:
// adjacent text is one run, and an element's namespace is not written.
var asMarkup = domtest.Options{MergeText: true, NoNamespaces: true}

// TestBluemondayComparedAsMarkup: bmCompare's first check (asMarkup)
// tells two bodies apart where their markup differs (text, an element,
// an attribute or its place), and not for a text run split in two or an
// element's namespace, which markup does not write.
func TestBluemondayComparedAsMarkup(t *testing.T) {
	splitText := func(b *html.Node) { domtest.SplitText(b.FirstChild, 1) }
	noNamespace := func(b *html.Node) { b.FirstChild.Namespace = "" }
	tests := []struct {
		name, theirs, ours string
		change             func(ours *html.Node)
		same               bool
	}{
		{"same", `<p class=x>ab</p>`, `<p class=x>ab</p>`, nil, true},
		{"text", `<p>ab</p>`, `<p>ac</p>`, nil, false},
		{"element", `<p>ab</p>`, `<div>ab</div>`, nil, false},
		{"attribute", `<p class=x>ab</p>`, `<p class=y>ab</p>`, nil, false},
		{"attribute order", `<p class=x id=y>ab</p>`, `<p id=y class=x>ab</p>`, nil, false},
		{"text split", `<p>ab</p>`, `<p>ab</p>`, splitText, true},
		{"namespace", `<svg></svg>`, `<svg></svg>`, noNamespace, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, errA := domtest.Body(tc.theirs)
			b, errB := domtest.Body(tc.ours)
			if err := errors.Join(errA, errB); err != nil {
				t.Fatal(err)
			}
			if tc.change != nil {
				tc.change(b)
			}
			if diff := domtest.Diff(a, b, asMarkup); (diff == "") != tc.same {
				t.Errorf("Diff(%q, %q) = %q, want the same markup: %v", tc.theirs, tc.ours, diff, tc.same)
			}
		})
	}
}

// collapse merges the text runs of a string's whitespace.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

func isElement(n *html.Node, name string) bool { return n.Type == html.ElementNode && n.Data == name }

func blank(n *html.Node) bool { return n.Type == html.TextNode && strings.TrimSpace(n.Data) == "" }

func attrOf(attrs []html.Attribute, key string) (string, bool) {
	for _, at := range attrs {
		if at.Key == key {
			return at.Val, true
		}
	}
	return "", false
}

func itemURL(it bmItem) string {
	if v, ok := attrOf(it.attrs, "href"); ok {
		return v
	}
	v, _ := attrOf(it.attrs, "src")
	return v
}

// goRefused returns the canonical form of every URL of the input (href,
// src, cite) that bluemonday drops and urlnorm keeps.
func goRefused(in string, opts urlnorm.Options) (map[string]bool, error) {
	body, err := domtest.Body(in)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for _, at := range n.Attr {
			if at.Key != "href" && at.Key != "src" && at.Key != "cite" || !goRefuses(at.Val) {
				continue
			}
			if canon, err := urlnorm.Normalize(at.Val, opts); err == nil {
				out[canon] = true
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(body)
	return out, nil
}

// sameURL reports whether bluemonday's URL x is htmlclean's y once the
// sub-delimiters Go's net/url escapes (RFC 3986 §2.2 allows them raw)
// are unescaped and the result is made canonical.
func (k *bmComparer) sameURL(x, y string) bool {
	x = goEscapes.Replace(x)
	canon, err := urlnorm.Normalize(x, k.opts)
	return err == nil && canon == y
}

// goEscapes undoes the escapes Go's url.URL.String writes and urlnorm
// does not.
var goEscapes = strings.NewReplacer("%21", "!", "%24", "$", "%27", "'", "%28", "(", "%29", ")", "%2A", "*", "%2C", ",", "%3B", ";", "%40", "@", "%3A", ":")

// goRefuses reports whether bluemonday drops the URL u, which htmlclean
// kept: Go's net/url cannot parse it, or it holds what bluemonday's
// validURL refuses (spaces, non-ASCII it escapes).
func goRefuses(u string) bool {
	if _, err := url.Parse(u); err != nil {
		return true
	}
	return strings.ContainsAny(u, " \t\n") || strings.IndexFunc(u, func(r rune) bool { return r >= 0x80 }) >= 0
}

func describeItem(it bmItem) string {
	var b strings.Builder
	b.WriteString("<" + it.name)
	for _, at := range it.attrs {
		b.WriteString(" " + at.Key + "=\"" + at.Val + "\"")
	}
	return b.String() + ">"
}

func describeNode(n *html.Node) string {
	switch {
	case n == nil:
		return "nothing"
	case n.Type == html.TextNode:
		return "text " + strconvQuote(n.Data)
	}
	return "<" + n.Data + ">"
}

func strconvQuote(s string) string {
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return "\"" + s + "\""
}

// sameDeclarations compares two style values declaration by declaration,
// whitespace and the case of the property aside.
func sameDeclarations(x, y string) bool {
	norm := func(s string) []string {
		var out []string
		for _, d := range strings.Split(s, ";") {
			if prop, val, ok := strings.Cut(d, ":"); ok {
				out = append(out, strings.ToLower(strings.TrimSpace(prop))+":"+collapse(val))
			}
		}
		return out
	}
	return slices.Equal(norm(x), norm(y))
}

// classSubset reports whether the class tokens of ours are tokens of
// theirs, in their order.
func classSubset(ours, theirs string) bool {
	t := strings.Fields(theirs)
	for _, c := range strings.Fields(ours) {
		i := slices.Index(t, c)
		if i < 0 {
			return false
		}
		t = t[i+1:]
	}
	return true
}

// urlNamed reports whether an attribute name reads as holding a URL.
func urlNamed(name string) bool {
	for _, w := range []string{"src", "href", "url", "uri", "link", "action", "poster"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}
