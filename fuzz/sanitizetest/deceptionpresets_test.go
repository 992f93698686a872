package sanitizetest

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// textClasses are the classes of the deception set whose links deceive,
// or not, by what their text shows rather than by their href.
var textClasses = []string{"link-text", "file-name-host", "link-layout", "link-hidden", "link-tooltip", "link-bidi", "link-size"}

// shownHost finds the host-looking names of a link's text: labels of
// letters, digits and hyphens joined by dots, ending in a top-level
// domain the set uses. It is this test's own reading, sharing no code
// with internal/linktext.
var shownHost = regexp.MustCompile(`(?i)\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(example|com|de|uk|zip|mov|app|online|org|net)\b`)

// TestDeceptionTextEveryPreset: under every preset, each link of the
// set's text classes that still shows a host in the output (its text or
// attributes: the preset may have dropped the part that named one) is
// removed or marked with its real host (links.text_mismatch: mark); each
// ordinary link of the same classes keeps its href, unmarked, under
// every preset that keeps links.
func TestDeceptionTextEveryPreset(t *testing.T) {
	links, err := jsonl.Read[deceptionLink](filepath.Join("..", "..", "testdata", "deception", "links.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range policy.Presets() {
		p, err := policy.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		var n struct{ deceptive, removed, marked, defused, ordinary, kept int }
		for _, l := range links {
			class := strings.TrimPrefix(l.Class, "ordinary-")
			if _, byDesign := ordinaryLosses[l.ID]; byDesign || !slices.Contains(textClasses, class) {
				continue
			}
			out, err := sanitize.String(l.HTML, p)
			if err != nil {
				t.Fatalf("%s: %s: %v", name, l.ID, err)
			}
			got := outputLinks(out)
			switch {
			case l.Label == "deceptive":
				n.deceptive++
				switch {
				case len(got) == 0:
					n.removed++
				case got[0].mark != "":
					n.marked++
					if !strings.Contains(got[0].href, strings.Trim(got[0].mark, " []")) {
						t.Errorf("%s: %s: the mark %q does not name the href %q's host", name, l.ID, got[0].mark, got[0].href)
					}
				case shownHost.MatchString(got[0].shows):
					t.Errorf("%s: %s kept unmarked (%s):\n in  %.200q\n out %.200q", name, l.ID, l.Why, l.HTML, out)
				default:
					n.defused++ // the preset dropped what named a host
				}
			case name != "strict" && name != "svg-upload": // those two keep no links
				n.ordinary++
				if len(got) == 1 && got[0].mark == "" && got[0].href != "" {
					n.kept++
				} else if name == "ugc" || !mayLose(l, name) {
					t.Errorf("%s: ordinary %s (%s) lost its href or was marked:\n in  %q\n out %q", name, l.ID, l.Why, l.HTML, out)
				}
			}
		}
		t.Logf("%s: %d deceptive: %d removed, %d marked, %d shown no host; %d ordinary: %d kept",
			name, n.deceptive, n.removed, n.marked, n.defused, n.ordinary, n.kept)
	}
}

// mayLose reports whether the ordinary link l may lose its href under the
// preset name for a reason of the preset's own (a scheme it does not
// allow), not the link-text check.
func mayLose(l deceptionLink, name string) bool {
	return strings.Contains(l.HTML, `href="mailto:`) && name != "mail"
}

// An outputLink is a link of an output: its href, all it shows (text and
// attribute values), and the mark written after it, if any.
type outputLink struct{ href, shows, mark string }

// outputLinks parses out as a body fragment and returns its links.
func outputLinks(out string) []outputLink {
	nodes, err := html.ParseFragment(strings.NewReader(out), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		return nil
	}
	var links []outputLink
	var text func(*html.Node, *strings.Builder)
	text = func(n *html.Node, b *strings.Builder) {
		b.WriteString(" " + n.Data)
		for _, a := range n.Attr {
			b.WriteString(" " + a.Val)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			text(c, b)
		}
	}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" {
			var l outputLink
			var b strings.Builder
			for _, a := range n.Attr {
				if a.Key == "href" {
					l.href = a.Val
				} else {
					b.WriteString(" " + a.Val)
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				text(c, &b)
			}
			l.shows = b.String()
			if m := n.NextSibling; m != nil && m.Type == html.ElementNode && m.Data == "span" &&
				slices.ContainsFunc(m.Attr, func(a html.Attribute) bool { return a.Key == "class" && a.Val == "htmlclean-link-host" }) &&
				m.FirstChild != nil {
				l.mark = m.FirstChild.Data
			}
			if l.href != "" {
				links = append(links, l)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return links
}
