package sanitize

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// layoutShapes are what a link's text can hold between a host and the
// words after it, by the rule of the HTML standard's rendering section
// (§15) that makes a reader see the host on its own: a line break, a
// block, list item or table part (§15.3.3–§15.3.8, the details element
// §15.5.4), inline formatting that ends the run (§15.3.4), what is not
// rendered (§15.3.1 and the replaced elements' fallback content §15.4),
// and hiding by attribute or style. Written independently of the
// pass's tables, from the spec's text.
var layoutShapes = func() []string {
	var s []string
	for _, block := range strings.Fields(`address article aside blockquote center dd details dialog div dl dt
		figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup legend li listing main menu nav ol
		p pre search section summary ul xmp fieldset caption table`) {
		s = append(s, "%s<"+block+">Log in</"+block+">", "<"+block+">%s</"+block+">Log in")
	}
	for _, void := range []string{"br", "hr", "wbr", "img src=/a.png", "br/"} {
		s = append(s, "%s<"+void+">Log in")
	}
	for _, inline := range strings.Fields(`b i u s em strong small big code kbd samp var sub sup mark q cite
		abbr dfn span font time data ins del bdi tt nobr`) {
		s = append(s, "<"+inline+">%s</"+inline+"><i>secure</i>", "%s<"+inline+">secure</"+inline+">")
	}
	for _, hidden := range strings.Fields(`rp template noscript datalist noembed noframes title style
		audio video canvas object iframe meter progress select textarea`) {
		s = append(s, "%s<"+hidden+">Log in</"+hidden+">", "<"+hidden+">x </"+hidden+">%s")
	}
	for _, attr := range []string{"hidden", `hidden="until-found"`, `style="display:none"`,
		`style="visibility:hidden"`, `style="content-visibility: hidden"`, `style="font-size:0"`,
		`style="opacity:0"`, `style="position:absolute;left:-9999px"`, `aria-hidden="true"`} {
		s = append(s, "%s<span "+attr+">Log in</span>", "%s<div "+attr+">Log in</div>")
	}
	s = append(s,
		"<ruby>%s<rt>Log in</rt></ruby>", "<ruby>%s<rp>(</rp><rt>x</rt><rp>)</rp></ruby>secure",
		"<details><summary>Open</summary>%s</details>secure", "<details open><summary>%s</summary>x</details>",
		"<dialog>%s</dialog>Log in", "<table><tr><td>%s<td>Log in</table>",
		"<ul><li>%s<li>Log in</ul>", "<span>%s</span><span>secure</span>")
	// Not here: "%s<!---->secure", "%s<span></span>secure". Nothing
	// shown stands between the two, which read as one run, as the same
	// text written without markup does.
	return s
}()

// layoutHosts are ways a host is written in text that the link-text
// check reads as naming it.
var layoutHosts = []string{"paypal.com", "https://paypal.com/login", "www.paypal.com", "help@paypal.com"}

// TestLinkTextAsLaidOut: a link whose text shows a host on a line, in a
// run or in a tooltip of its own loses its href when the href goes to
// another site, under every preset that removes such links; the same
// link to the host's own site is kept, going where it went.
func TestLinkTextAsLaidOut(t *testing.T) {
	shapes := layoutShapes
	for _, tooltip := range []string{
		`<a href="%[1]s" title="%[2]s">Log in</a>`, `<a href="%[1]s" aria-label="%[2]s">Log in</a>`,
		`<a href="%[1]s"><span title="%[2]s">Log in</span></a>`, `<a href="%[1]s"><abbr title="%[2]s">PP</abbr></a>`,
		`<a href="%[1]s">Log in <img src="/a.png" alt="%[2]s"></a>`, `<a href="%[1]s"><b aria-label="%[2]s">x</b> Log in</a>`,
	} {
		shapes = append(shapes, "\x00"+tooltip)
	}
	var n struct{ deceptive, benign int }
	for _, name := range []string{"ugc", "basic", "bluemonday-ugc", "sanitizer-api"} {
		p := preset(t, name)
		for _, shape := range shapes {
			for _, host := range layoutHosts {
				for _, href := range []string{"https://evil.example/login", "https://www.paypal.com/signin"} {
					var in string
					if tip, ok := strings.CutPrefix(shape, "\x00"); ok {
						in = fmt.Sprintf(tip, href, host)
					} else {
						in = `<a href="` + href + `">` + strings.Replace(shape, "%s", host, 1) + `</a>`
					}
					got, err := String(in, p)
					if err != nil {
						t.Fatalf("%s: %q: %v", name, in, err)
					}
					links := linksOf(t, got)
					switch {
					case strings.Contains(href, "evil"):
						// Deceptive if the output still shows the host
						// anywhere in the link (the preset may drop the
						// part that named it).
						for _, l := range links {
							if strings.Contains(l.shows, "paypal") {
								n.deceptive++
								t.Errorf("%s: %q\n\tkept %q", name, in, got)
							}
						}
					default:
						n.benign++
						if len(links) != 1 || links[0].href != href {
							t.Errorf("%s: %q to its own site\n\tgave %q", name, in, got)
						}
					}
				}
			}
		}
	}
	t.Logf("%d deceptive links kept, %d to their own site checked (%d shapes, %d hosts)", n.deceptive, n.benign, len(shapes), len(layoutHosts))
}

// A shownLink is a link of an output: its href and everything in it a
// reader could see or hear, text and attribute values alike.
type shownLink struct{ href, shows string }

// linksOf parses out as a body fragment and returns its links.
func linksOf(t *testing.T, out string) []shownLink {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(out), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		t.Fatal(err)
	}
	var links []shownLink
	var shows func(*html.Node, *strings.Builder)
	shows = func(n *html.Node, b *strings.Builder) {
		b.WriteString(n.Data)
		for _, a := range n.Attr {
			b.WriteString(" " + a.Val)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			shows(c, b)
		}
	}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" {
			for _, a := range n.Attr {
				if a.Key == "href" && a.Namespace == "" {
					var b strings.Builder
					for c := n.FirstChild; c != nil; c = c.NextSibling {
						shows(c, &b)
					}
					for _, a := range n.Attr {
						b.WriteString(" " + a.Val)
					}
					links = append(links, shownLink{a.Val, strings.ReplaceAll(b.String(), a.Val, "")})
				}
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

// TestLinkTextHiddenParts: under a policy that keeps what hides text
// (hidden, a style's display and visibility, closed details, bdo), a
// link is read as it is shown: hidden text that splits a host does not
// hide it, text reversed by an override is read as shown, and hidden
// parts that leave the shown text naming the link's own site keep it.
func TestLinkTextHiddenParts(t *testing.T) {
	p := mustPolicy(t, `extends: ugc
add:
  elements: [details, summary, bdo, dialog]
  attributes:
    - {name: hidden, on: [span, b]}
    - {name: open, on: [details]}
    - {name: dir, on: [bdo, span]}
styles:
  - {property: display, on: [span], keywords: [none, inline]}
  - {property: visibility, on: [span], keywords: [hidden, visible]}
  - {property: direction, on: [span], keywords: [rtl, ltr]}
  - {property: unicode-bidi, on: [span], keywords: [bidi-override, normal]}
  - {property: font-size, on: [span], values: lengths}
`)
	for _, tc := range []struct {
		href, content string
		kept          bool
	}{
		// Shown: paypal.com; the text without its hidden part names the
		// href's site only if read as one run.
		{"https://paypalx.com/", `paypal<span hidden>x</span>.com`, false},
		{"https://paypalx.com/", `paypal<span style="display:none">x</span>.com`, false},
		{"https://paypalx.com/", `paypal<span style="visibility: hidden">x</span>.com`, false},
		{"https://paypalx.com/", `<details><summary>Open</summary>x</details>paypal.com`, false},
		// Shown on two lines, but read as one run too: the stricter side.
		{"https://evil.example/", `<details><summary>paypal</summary>x</details>.com`, false},
		{"https://evil.example/", `<bdo dir="rtl">moc.lapyap</bdo>`, false},
		{"https://evil.example/", `<bdo dir="rtl">moc.<b>lapyap</b></bdo>`, false},
		{"https://evil.example/", `<span style="direction:rtl;unicode-bidi:bidi-override">moc.lapyap</span>`, false},
		{"https://evil.example/", `<dialog>x</dialog>paypal.com`, false},
		// visibility: hidden keeps its place: "paypal.com secure".
		{"https://evil.example/", `paypal.com<span style="visibility:hidden">x</span>secure`, false},
		{"https://paypalx.com/", `paypal<span style="font-size:0">x</span>.com`, false},
		{"https://evil.example/", `/login<bdo dir="rtl">ku.oc.cbb</bdo>`, false},
		// Shown: the link's own host.
		{"https://paypal.com/", `paypal<span hidden>x</span>.com`, true},
		{"https://paypal.com/", `<bdo dir="rtl">moc.lapyap</bdo>`, true},
		{"https://paypal.com/", `<bdo dir="ltr">paypal.com</bdo>`, true},
		{"https://paypal.com/", `<details><summary>paypal.com</summary>Log in</details>`, true},
		{"https://paypal.com/", `<span hidden>Log in at </span>paypal.com`, true},
	} {
		in := `<a href="` + tc.href + `">` + tc.content + `</a>`
		got, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if kept := strings.Contains(got, `href="`+tc.href+`"`); kept != tc.kept {
			t.Errorf("%q\n\tgave %q, want the href kept %v", in, got, tc.kept)
		}
	}
}

// TestLinkTextAcrossLinks: links to one href with nothing between them
// look like one link; their text is read as one, so "paypal" then ".com"
// to another site loses the second href. Apart (a space between) or to
// the named site, both stay.
func TestLinkTextAcrossLinks(t *testing.T) {
	p := preset(t, "ugc")
	for _, tc := range []struct {
		in   string
		want int // hrefs kept
	}{
		{`<a href="https://bank.example/">paypal</a><a href="https://bank.example/">.com</a>`, 1},
		{`<a href="https://bank.example/">paypal<a href="https://bank.example/">.com</a></a>`, 1},
		{`<a href="https://bank.example/">pay</a><a href="https://bank.example/">pal.</a><a href="https://bank.example/">com</a>`, 2},
		{`<a href="https://bank.example/">paypal</a> <a href="https://bank.example/">.com</a>`, 2},
		{`<a href="https://bank.example/">paypal</a><a href="https://other.example/">.com</a>`, 2},
		{`<a href="https://www.paypal.com/">paypal</a><a href="https://www.paypal.com/">.com</a>`, 2},
	} {
		for _, stream := range []bool{false, true} {
			var got string
			if stream {
				var b strings.Builder
				if err := Sanitize(&b, strings.NewReader(tc.in), p); err != nil {
					t.Fatal(err)
				}
				got = b.String()
			} else {
				var err error
				if got, err = String(tc.in, p); err != nil {
					t.Fatal(err)
				}
			}
			if n := len(linksOf(t, got)); n != tc.want {
				t.Errorf("%q (streamed %v)\n\tgave %q: %d links, want %d", tc.in, stream, got, n, tc.want)
			}
		}
	}
}

// TestLinkTextArea: an image map's area has no content; its alt, title
// and aria-label are what it shows and says, decided as a link's text.
func TestLinkTextArea(t *testing.T) {
	p := preset(t, "bluemonday-ugc")
	for _, tc := range []struct {
		attrs string
		kept  bool
	}{
		{`href="https://bank.example/" alt="paypal.com"`, false},
		{`href="https://bank.example/" title="Log in at paypal.com" alt="Log in"`, false},
		{`href="https://www.paypal.com/x" alt="paypal.com"`, true},
		{`href="https://bank.example/" alt="Log in"`, true},
	} {
		in := `<img src="/m.png" usemap="#m"><map name="m"><area shape="rect" coords="0,0,9,9" ` + tc.attrs + `></map>`
		got, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if kept := strings.Contains(got, "href="); kept != tc.kept {
			t.Errorf("%q\n\tgave %q, want the href kept %v", in, got, tc.kept)
		}
	}
}

// TestLinkTextStyledParts: text in an element a style sheet, its style
// or its presentational attributes could hide is read both as shown and
// as hidden, and ruby annotations (drawn above the line) apart from it.
func TestLinkTextStyledParts(t *testing.T) {
	for _, tc := range []struct {
		preset, in string
		kept       bool
	}{
		{"mail", `<style>.h{display:none}</style><a href="https://paypalx.com/">paypal<span class="h">x</span>.com</a>`, false},
		{"mail", `<a href="https://paypalx.com/">paypal<font color="#ffffff" size="1">x</font>.com</a>`, false},
		{"mail", `<a href="https://www.paypal.com/">paypal<span class="h">.com</span></a>`, true},
		{"ugc", `<a href="https://evil.example/">paypal<ruby>.<rt>x</rt></ruby>com</a>`, false},
		{"ugc", `<a href="https://en.wikipedia.org/wiki/Kanji"><ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby></a>`, true},
	} {
		got, err := String(tc.in, preset(t, tc.preset))
		if err != nil {
			t.Fatal(err)
		}
		if kept := len(linksOf(t, got)) > 0; kept != tc.kept {
			t.Errorf("%s: %q\n\tgave %q, want the link kept %v", tc.preset, tc.in, got, tc.kept)
		}
	}
}

// TestLinkTextMailSheetShows: a mail brings its own sheets, which can
// show what HTML hides; there the hidden parts are read as shown too.
func TestLinkTextMailSheetShows(t *testing.T) {
	in := `<style>rp{display:inline}</style><a href="https://evil.example/">pay<rp>pal.com</rp></a>`
	got, err := String(in, preset(t, "mail"))
	if err != nil {
		t.Fatal(err)
	}
	if len(linksOf(t, got)) > 0 {
		t.Errorf("%q\n\tgave %q, want the href removed", in, got)
	}
}
