package sanitizetest

import (
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/fuzz/internal/oracle"
	"github.com/htmlclean/htmlclean/internal/testing/domtest"
	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
	"github.com/htmlclean/htmlclean/urlnorm"
)

var update = flag.Bool("update", false, "rewrite golden files")

// The named categories a difference from bluemonday's UGCPolicy may fall
// into, each a decision documented in the ugc preset or in urlnorm.
var differenceCategories = map[string]string{
	"rel-policy":          "ugc writes rel=\"nofollow ugc\" (Google's UGC link type) where bluemonday writes nofollow",
	"id-dropped":          "ugc does not allow id: it clobbers DOM globals (DOMPurify SANITIZE_DOM)",
	"image-map-dropped":   "ugc does not allow map/area/usemap: map name clobbers document properties",
	"url-canonicalised":   "the URL is written in urlnorm's canonical form (same meaning to a browser)",
	"url-encoding":        "both forms mean the same URL; Go's net/url escapes sub-delims RFC 3986 allows raw",
	"url-refused":         "urlnorm refuses the URL (its reason is recorded) where Go's net/url parses it",
	"url-kept":            "bluemonday refuses a URL browsers parse (tab/newline, numeric IPv4); urlnorm canonicalises it",
	"whitespace-dropped":  "whitespace inside an element dropped with its content (head)",
	"empty-fragment-kept": "a URL with an empty fragment (\"#\", the top of the page) is kept; Go's net/url cannot write it, so bluemonday drops it",
}

type bluemondayRow struct {
	ID       string   `json:"id"`
	Input    string   `json:"input"`
	Policy   []string `json:"policy"`
	Expected string   `json:"expected_bluemonday"`
}

// TestBluemondayDifferential compares the ugc preset with bluemonday's own
// expectations for its plain UGCPolicy. Every difference must fall into a
// category of differenceCategories; the categories found per vector are
// pinned in testdata/bluemonday_differences.json (rewrite with -update and
// review), so a new or unexplained difference fails.
func TestBluemondayDifferential(t *testing.T) {
	p, err := policy.Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	rows := loadBluemondayRows(t)
	if len(rows) != 107 {
		t.Fatalf("%d plain-UGCPolicy rows, want 107", len(rows))
	}
	got := map[string][]string{}
	for _, r := range rows {
		ours, err := sanitize.String(r.Input, p)
		if err != nil {
			t.Errorf("%s: %v", r.ID, err)
			continue
		}
		cats, unexplained := explainDifference(r.Expected, ours, p)
		for _, u := range unexplained {
			t.Errorf("%s: unexplained difference: %s\ninput:      %q\nbluemonday: %q\nours:       %q", r.ID, u, r.Input, r.Expected, ours)
		}
		if len(cats) > 0 {
			got[r.ID] = cats
		}
	}
	checkCategories(t, filepath.Join("testdata", "bluemonday_differences.json"), got)
	for _, cats := range got {
		for _, c := range cats {
			if name, _, _ := strings.Cut(c, ":"); differenceCategories[name] == "" {
				t.Errorf("unknown category %q", c)
			}
		}
	}
	t.Logf("%d of %d vectors differ, all explained", len(got), len(rows))
}

func loadBluemondayRows(t *testing.T) []bluemondayRow {
	t.Helper()
	all, err := jsonl.Read[bluemondayRow](filepath.Join("..", "..", "testdata", "corpus", "xss", "bluemonday_tests.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []bluemondayRow
	for _, r := range all {
		if slices.Equal(r.Policy, []string{"p := UGCPolicy()"}) {
			rows = append(rows, r)
		}
	}
	return rows
}

// explainDifference parses both outputs as a browser would, applies to
// bluemonday's tree the documented policy differences (recording a
// category for each that changed something), then walks both trees
// together and classifies what still differs.
func explainDifference(bm, ours string, p *policy.Policy) (cats, unexplained []string) {
	add := func(c string) {
		if !slices.Contains(cats, c) {
			cats = append(cats, c)
		}
	}
	a, b := parseBody(bm), parseBody(ours)
	opts := p.URLOptions()
	rel := strings.Join(p.Rel(), " ")
	var adjust func(n *html.Node)
	adjust = func(n *html.Node) {
		for c := n.FirstChild; c != nil; {
			next := c.NextSibling
			if c.Type == html.ElementNode && (c.Data == "map" || c.Data == "area") {
				n.RemoveChild(c)
				add("image-map-dropped")
			} else {
				adjust(c)
			}
			c = next
		}
		if n.Type != html.ElementNode {
			return
		}
		var kept []html.Attribute
		for _, at := range n.Attr {
			switch {
			case at.Key == "id":
				add("id-dropped")
				continue
			case at.Key == "usemap":
				add("image-map-dropped")
				continue
			case at.Key == "rel" && (n.Data == "a" || n.Data == "area"):
				if at.Val != rel {
					add("rel-policy")
					at.Val = rel
				}
			case at.Key == "href" || at.Key == "src" || at.Key == "cite":
				canon, err := urlnorm.Normalize(at.Val, opts)
				var re *urlnorm.RejectError
				if errors.As(err, &re) {
					add("url-refused:" + re.Reason.String())
					continue
				}
				if canon != at.Val {
					add("url-canonicalised")
					at.Val = canon
				}
			}
			kept = append(kept, at)
		}
		n.Attr = kept
		if (n.Data == "a" || n.Data == "area") && !hasAttr(n, "href") {
			n.Attr = slices.DeleteFunc(n.Attr, func(at html.Attribute) bool { return at.Key == "rel" })
		}
		if len(n.Attr) == 0 && needsAttributes[n.Data] {
			unwrap(n)
		}
	}
	adjust(a)
	domtest.MergeText(a)
	compareTrees(a, b, add, &unexplained)
	return cats, unexplained
}

func hasAttr(n *html.Node, key string) bool {
	return slices.ContainsFunc(n.Attr, func(at html.Attribute) bool { return at.Key == key })
}

// compareTrees walks bluemonday's (adjusted) tree a and ours b together.
func compareTrees(a, b *html.Node, add func(string), unexplained *[]string) {
	switch {
	case a.Type != b.Type || a.Data != b.Data:
		if a.Type == html.TextNode && b.Type == html.TextNode && strings.TrimSpace(a.Data) == strings.TrimSpace(b.Data) {
			add("whitespace-dropped")
			return
		}
		if b.Type == html.ElementNode && needsAttributes[b.Data] && keptURL(b) {
			// bluemonday refused the link's URL and kept only its text.
			add("url-kept")
			parent := b.Parent
			unwrap(b)
			domtest.MergeText(parent)
			compareTrees(a.Parent, parent, add, unexplained)
			return
		}
		*unexplained = append(*unexplained, "node "+describe(a)+" vs "+describe(b))
		return
	case a.Type == html.ElementNode:
		compareAttrs(a, b, add, unexplained)
	}
	ca, cb := a.FirstChild, b.FirstChild
	for ca != nil && cb != nil {
		compareTrees(ca, cb, add, unexplained)
		ca, cb = ca.NextSibling, cb.NextSibling
	}
	for ca == nil && cb != nil && emptyFragment(cb) {
		add("empty-fragment-kept")
		cb = cb.NextSibling
	}
	if ca != nil || cb != nil {
		*unexplained = append(*unexplained, "children of <"+a.Data+"> differ")
	}
}

func compareAttrs(a, b *html.Node, add func(string), unexplained *[]string) {
	get := func(n *html.Node, key string) (string, bool) {
		for _, at := range n.Attr {
			if at.Key == key {
				return at.Val, true
			}
		}
		return "", false
	}
	for _, at := range a.Attr {
		v, ok := get(b, at.Key)
		switch {
		case !ok:
			*unexplained = append(*unexplained, "<"+a.Data+"> lost "+at.Key)
		case v == at.Val:
		case isURLAttr(at.Key):
			if same, _, _, err := oracle.SameMeaning(oracle.DefaultBase, unescapeGo(at.Val), unescapeGo(v)); err == nil && same {
				add("url-encoding")
			} else {
				*unexplained = append(*unexplained, "<"+a.Data+" "+at.Key+"> "+at.Val+" vs "+v)
			}
		default:
			*unexplained = append(*unexplained, "<"+a.Data+" "+at.Key+"> "+at.Val+" vs "+v)
		}
	}
	for _, at := range b.Attr {
		if _, ok := get(a, at.Key); ok {
			continue
		}
		if _, err := urlnorm.Normalize(at.Val, urlnorm.Options{}); isURLAttr(at.Key) && err == nil {
			add("url-kept")
			continue
		}
		*unexplained = append(*unexplained, "<"+b.Data+"> gained "+at.Key)
	}
}

func isURLAttr(key string) bool { return key == "href" || key == "src" || key == "cite" }

// keptURL reports whether n has a URL attribute urlnorm accepts.
// emptyFragment reports whether n is an element whose URL ends in an
// empty fragment, which bluemonday drops (see fragmentMark).
func emptyFragment(n *html.Node) bool {
	return n.Type == html.ElementNode && slices.ContainsFunc(n.Attr, func(at html.Attribute) bool {
		return isURLAttr(at.Key) && strings.HasSuffix(at.Val, "#")
	})
}

func keptURL(n *html.Node) bool {
	for _, at := range n.Attr {
		if _, err := urlnorm.Normalize(at.Val, urlnorm.Options{}); isURLAttr(at.Key) && err == nil {
			return true
		}
	}
	return false
}

// unescapeGo undoes the escapes Go's net/url adds to sub-delimiters that
// RFC 3986 allows raw in a path ("!'()*").
var unescapeGo = strings.NewReplacer("%21", "!", "%27", "'", "%28", "(", "%29", ")", "%2A", "*").Replace

func describe(n *html.Node) string {
	if n.Type == html.TextNode {
		return "text " + strings.TrimSpace(n.Data)
	}
	return "<" + n.Data + ">"
}

// unwrap replaces n by its children.
func unwrap(n *html.Node) {
	for c := n.FirstChild; c != nil; c = n.FirstChild {
		n.RemoveChild(c)
		n.Parent.InsertBefore(c, n)
	}
	n.Parent.RemoveChild(n)
}

// parseBody parses s as the content of a <body>, as a page would.
func parseBody(s string) *html.Node {
	body, err := domtest.Fragment(s, "body")
	if err != nil {
		panic(err) // the rows and ports nest far less than x/net/html's limit
	}
	return body
}

// needsAttributes are the elements bluemonday removes, keeping their
// content, when no attribute is left on them; the list is the test's own,
// kept apart from the sanitiser's table of the same elements.
var needsAttributes = map[string]bool{
	"a": true, "area": true, "img": true, "source": true, "track": true,
	"map": true, "font": true, "input": true, "embed": true,
}

// checkCategories compares the categories found per document with those
// pinned in golden, or rewrites golden with -update.
func checkCategories(t *testing.T, golden string, got map[string][]string) {
	t.Helper()
	if *update {
		data, _ := json.MarshalIndent(got, "", "  ")
		if err := os.WriteFile(golden, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	var want map[string][]string
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("difference categories changed (-want +got):\n%s", diff)
	}
}
