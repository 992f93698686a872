package sanitizetest

import (
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
)

// A projectPort is a real project's bluemonday policy next to its
// htmlclean port (testdata/ports/<name>.yaml). The project's own
// sanitizer tests pin the bluemonday side: each case's want is the
// project's expected output, so a construction that drifts from the
// project fails before any comparison is made.
type projectPort struct {
	name string
	// bluemonday builds the project's policy with the project's calls.
	bluemonday func() *bluemonday.Policy
	// cases are the project's own sanitizer test cases; posts are
	// written for the comparison, the kind of content the project gets;
	// probes are attacks and deceptive links, compared and listed like
	// the rest but not counted toward the share of same pages.
	cases, posts, probes []portCase
	// differs names every case whose page differs on purpose, with the
	// reason; pending names cases waiting for a setting, with the reason.
	differs, pending map[string]string
}

// A portCase is one input. want, when set, is the project's own expected
// bluemonday output; own marks an input that is the project's own
// sanitised output, which bluemonday must then leave the same page.
type portCase struct {
	name, in, want string
	own            bool
}

// Why a port's page differs from bluemonday's on purpose: each is a
// decision htmlclean makes whatever the policy says.
const (
	whyUserinfo     = "a URL with userinfo is refused (urls.userinfo: reject): the host a reader sees before the @ is not the one the browser opens"
	whyDataLink     = "data: is kept on images only (urls.data_images): on a link it would open a document the author wrote, in the site's name"
	whyBase64       = "a data: image whose body is not base64 is refused, as bluemonday's own AllowDataURIImages refuses it; Gogs' check reads only the media type"
	whyMisplaced    = "an li outside a list is removed and its text kept (misplaced), where bluemonday keeps the stray element"
	whyLinkText     = "a link whose text names another host than its href loses the href (links.text_mismatch: reject)"
	whyCanonicalRaw = "an href pattern is matched against the canonical URL (https://example.com/Path), bluemonday's against the URL as written (HTTPS://...)"
	whySandbox      = "an iframe is kept only sandboxed (embeds.sandbox); WriteFreely's bluemonday policy writes none"
	whyEmbedHost    = "an iframe is kept only for a host embeds.hosts lists; WriteFreely's bluemonday policy takes any src"
	whyOverlay      = "a style that lets content cover the page (position: fixed, 100vw by 100vh, z-index 99999) is dropped, whole since the attribute is allowed whole"
)

// TestProjectPorts runs each project's cases through the project's
// bluemonday policy and through its port (portCount), and requires at
// least 90% of the project tests and posts of the four, together, to
// give the same page; the counts per project are in the log.
func TestProjectPorts(t *testing.T) {
	var same, total, probesSame, probes int
	for _, pr := range []projectPort{gogsPort, giteaPort, gotosocialPort, writefreelyPort} {
		t.Run(pr.name, func(t *testing.T) {
			s, n := portCount(t, pr, slices.Concat(pr.cases, pr.posts))
			ps, pn := portCount(t, pr, pr.probes)
			t.Logf("%s: %d project tests and %d posts, %d the same page; %d probes, %d the same page",
				pr.name, len(pr.cases), len(pr.posts), s, pn, ps)
			checkListed(t, pr)
			if len(pr.posts) < 20 {
				t.Errorf("%d posts, want at least 20", len(pr.posts))
			}
			same, total, probesSame, probes = same+s, total+n, probesSame+ps, probes+pn
		})
	}
	t.Logf("all four ports: %d of %d project tests and posts the same page (%d of %d with the probes)",
		same, total, same+probesSame, total+probes)
	if same*10 < total*9 {
		t.Errorf("%d of %d cases the same page, want at least 90%%", same, total)
	}
}

// portCount sanitises each case of all with both of pr's policies and
// compares the pages a browser builds from the two outputs (samePage). A
// case must be the same page unless differs or pending lists it, and a
// listed case must differ (a stale entry fails). It returns the number
// of cases that are the same page, and of cases.
func portCount(t *testing.T, pr projectPort, all []portCase) (same, total int) {
	p, err := policy.LoadFile(filepath.Join("..", "..", "testdata", "ports", pr.name+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	bm := pr.bluemonday()
	var exact, differ, pending int
	for _, c := range all {
		theirs := bm.Sanitize(c.in)
		if c.want != "" && theirs != c.want {
			t.Errorf("%s: the bluemonday construction differs from the project's expectation:\ninput: %q\ngot:   %q\nwant:  %q", c.name, c.in, theirs, c.want)
		}
		if d := samePage(c.in, theirs); c.own && d != "" {
			t.Errorf("%s: the project's own output is changed by the bluemonday construction: %s", c.name, d)
		}
		ours, err := sanitize.String(c.in, p)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		diff := samePage(theirs, ours)
		reason, listed := pr.differs[c.name]
		why, waiting := pr.pending[c.name]
		switch {
		case diff == "" && (listed || waiting):
			t.Errorf("%s: listed as differing (%s%s), but the pages are the same: drop the entry", c.name, reason, why)
		case diff == "":
			same++
			if theirs == ours {
				exact++
			}
		case listed:
			differ++
			t.Logf("%s differs on purpose (%s): %s", c.name, reason, diff)
		case waiting:
			pending++
			t.Logf("%s pending (%s): %s", c.name, why, diff)
		default:
			t.Errorf("%s: the pages differ: %s\ninput:      %q\nbluemonday: %q\nhtmlclean:  %q", c.name, diff, c.in, theirs, ours)
		}
	}
	t.Logf("%d cases: %d the same page (%d byte for byte), %d differ on purpose, %d pending",
		len(all), same, exact, differ, pending)
	return same, len(all)
}

// checkListed fails for a name in pr.differs or pr.pending that is no
// case, or that is used twice.
func checkListed(t *testing.T, pr projectPort) {
	seen := map[string]bool{}
	for _, c := range slices.Concat(pr.cases, pr.posts, pr.probes) {
		if seen[c.name] {
			t.Errorf("case name %q used twice", c.name)
		}
		seen[c.name] = true
	}
	for _, m := range []map[string]string{pr.differs, pr.pending} {
		for name := range m {
			if !seen[name] {
				t.Errorf("%q is listed, but is no case", name)
			}
		}
	}
}

// samePage parses the two outputs as the content of a body, as a page
// would, and compares the trees; it returns "" when a reader and a
// script see the same page, else the first difference. Adjacent text is
// merged (the DOM does), attribute order is ignored, and a few values
// are compared as the browser reads them: URLs by the URL they resolve
// to (the WHATWG oracle), rel as a set of link types, style as its list
// of declarations.
func samePage(a, b string) string {
	return domtest.Diff(parseBody(a), parseBody(b), asRead)
}

// asRead is how samePage compares two pages.
var asRead = domtest.Options{
	MergeText:    true,
	AnyAttrOrder: true,
	SameValue:    func(_ *html.Node, want html.Attribute, got string) bool { return sameValue(want.Key, want.Val, got) },
}

// TestSamePageCompared: samePage tells two pages apart by their text,
// elements, namespaces and attributes, and not by attribute order, a
// text run split in two, a URL's spelling or the order of rel's link
// types.
func TestSamePageCompared(t *testing.T) {
	splitText := func(b *html.Node) { domtest.SplitText(b.FirstChild, 1) }
	noNamespace := func(b *html.Node) { b.FirstChild.Namespace = "" }
	tests := []struct {
		name, theirs, ours string
		change             func(ours *html.Node)
		same               bool
	}{
		{"same", `<p class=x>ab</p>`, `<p class=x>ab</p>`, nil, true},
		{"attribute order", `<p class=x id=y>ab</p>`, `<p id=y class=x>ab</p>`, nil, true},
		{"text split", `<p>ab</p>`, `<p>ab</p>`, splitText, true},
		{"URL spelling", `<a href="HTTPS://A.example/x">a</a>`, `<a href="https://a.example/x">a</a>`, nil, true},
		{"rel order", `<a href="/x" rel="nofollow ugc">a</a>`, `<a href="/x" rel="ugc nofollow">a</a>`, nil, true},
		{"text", `<p>ab</p>`, `<p>ac</p>`, nil, false},
		{"element", `<p>ab</p>`, `<div>ab</div>`, nil, false},
		{"namespace", `<svg></svg>`, `<svg></svg>`, noNamespace, false},
		{"attribute dropped", `<p class=x id=y>ab</p>`, `<p class=x>ab</p>`, nil, false},
		{"attribute added", `<p class=x>ab</p>`, `<p class=x id=y>ab</p>`, nil, false},
		{"URL", `<a href="https://a.example/x">a</a>`, `<a href="https://a.example/y">a</a>`, nil, false},
		{"class order", `<p class="x y">ab</p>`, `<p class="y x">ab</p>`, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.change == nil {
				if diff := samePage(tc.theirs, tc.ours); (diff == "") != tc.same {
					t.Errorf("samePage(%q, %q) = %q, want the same page: %v", tc.theirs, tc.ours, diff, tc.same)
				}
				return
			}
			a, b := parseBody(tc.theirs), parseBody(tc.ours)
			tc.change(b)
			if diff := domtest.Diff(a, b, asRead); (diff == "") != tc.same {
				t.Errorf("Diff(%q, %q) = %q, want the same page: %v", tc.theirs, tc.ours, diff, tc.same)
			}
		})
	}
}

// sameValue compares one attribute's two values as the browser reads
// them.
func sameValue(key, x, y string) bool {
	if x == y {
		return true
	}
	switch key {
	case "href", "src", "cite", "poster":
		return sameURL(x, y)
	case "srcset":
		cx, cy := strings.Split(x, ","), strings.Split(y, ",")
		if len(cx) != len(cy) {
			return false
		}
		for i := range cx {
			ux, dx, _ := strings.Cut(strings.TrimSpace(cx[i]), " ")
			uy, dy, _ := strings.Cut(strings.TrimSpace(cy[i]), " ")
			if strings.TrimSpace(dx) != strings.TrimSpace(dy) || !sameURL(ux, uy) {
				return false
			}
		}
		return true
	case "rel", "class":
		// A set of tokens for rel (link types); class tokens in order.
		fx, fy := strings.Fields(x), strings.Fields(y)
		if key == "rel" {
			slices.Sort(fx)
			slices.Sort(fy)
		}
		return slices.Equal(fx, fy)
	case "style":
		return sameDeclarations(x, y)
	}
	return false
}

// sameURL reports whether two URL attribute values resolve to the same
// URL, with Go's extra escapes undone.
func sameURL(x, y string) bool {
	same, _, _, err := oracle.SameMeaning(oracle.DefaultBase, unescapeGo(x), unescapeGo(y))
	return err == nil && same
}
