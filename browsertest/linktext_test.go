//go:build browser

package browsertest

import (
	"context"
	_ "embed"
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

//go:embed testdata/linkread.js
var linkReadJS string

// The oracle: which hosts a reader takes a text to name. It shares no code
// with internal/linktext, whose verdicts this test judges; it can be this
// simple because the generator controls the hosts: a host is a dotted word
// whose last label is one of oracleTLDs.
var (
	hostWord   = regexp.MustCompile(`[a-z0-9-]+(?:\.[a-z0-9-]+)+`)
	oracleTLDs = map[string]bool{"com": true, "org": true, "net": true, "example": true, "uk": true, "de": true, "test": true, "io": true, "fr": true, "info": true}
)

// namedHosts returns the hosts texts name, lower-cased.
func namedHosts(texts ...string) []string {
	var out []string
	for _, s := range texts {
		for _, w := range hostWord.FindAllString(strings.ToLower(s), -1) {
			labels := strings.Split(w, ".")
			if oracleTLDs[labels[len(labels)-1]] && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// siteOf is a host's registrable domain as far as the generated hosts go:
// the last two labels, three under a second-level "co", "ac", "org" or
// "gov" of a country code (bbc.co.uk).
func siteOf(host string) string {
	labels := strings.Split(strings.TrimSuffix(host, "."), ".")
	n := 2
	if len(labels) >= 3 && len(labels[len(labels)-1]) == 2 && slices.Contains([]string{"co", "ac", "org", "gov"}, labels[len(labels)-2]) {
		n = 3
	}
	if len(labels) < n {
		return host
	}
	return strings.Join(labels[len(labels)-n:], ".")
}

// linkReading is linkread.js's report of one link.
type linkReading struct {
	Href   string   `json:"href"`
	Text   string   `json:"text"`
	Shown  string   `json:"shown"`
	Tips   []string `json:"tips"`
	Marker *string  `json:"marker"`
}

// fragmentReading is linkread.js's report of one fragment: its painted
// text and its links.
type fragmentReading struct {
	ID    string        `json:"id"`
	Shown string        `json:"shown"`
	Links []linkReading `json:"links"`
}

// hrefHost is the host the link goes to, or "".
func (r linkReading) hrefHost() string {
	u, err := url.Parse(r.Href)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

// foreignHosts are the hosts the reader is shown that are of another site
// than the link's destination.
func (r linkReading) foreignHosts() []string {
	site := siteOf(r.hrefHost())
	var out []string
	for _, h := range namedHosts(append([]string{r.Text, r.Shown}, r.Tips...)...) {
		if siteOf(h) != site {
			out = append(out, h)
		}
	}
	return out
}

// marked reports whether an htmlclean-link-host marker after the link
// names the host it goes to.
func (r linkReading) marked() bool {
	return r.Marker != nil && r.hrefHost() != "" && strings.Contains(strings.ToLower(*r.Marker), r.hrefHost())
}

// String is what Chromium showed, for failure messages.
func (r linkReading) String() string {
	return fmt.Sprintf("href %s, innerText %q, painted %q, tooltips %q", r.Href, r.Text, r.Shown, r.Tips)
}

// linkPageSize is how many fragments one page holds: a page per fragment
// would cost a navigation each (tens of ms of browser CPU), and the
// reading script's time grows with the page.
const linkPageSize = 400

// readLinks loads the fragments into pages of linkPageSize, each in a
// wrapper div of its own, and returns linkread.js's reading of each
// fragment's links.
func readLinks(ctx context.Context, srv *mailServer, fragments []string) ([]fragmentReading, error) {
	out := make([]fragmentReading, 0, len(fragments))
	for start := 0; start < len(fragments); start += linkPageSize {
		batch := fragments[start:min(start+linkPageSize, len(fragments))]
		var b strings.Builder
		b.WriteString("<!DOCTYPE html><html><head><meta charset=utf-8><style>body{width:4000px;font:16px sans-serif}</style></head><body>\n")
		for i, f := range batch {
			fmt.Fprintf(&b, "<div class=\"w\" id=\"w%d\">%s</div>\n", i, f)
		}
		b.WriteString("</body></html>")
		u := srv.put(fmt.Sprintf("/links/%d", start), b.String())
		pctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		err := chromedp.Do(pctx, chromedp.Navigate(u))
		var got []fragmentReading
		if err == nil {
			got, err = chromedp.Run(pctx, chromedp.Evaluate[[]fragmentReading](linkReadJS))
		}
		cancel()
		if err != nil {
			return nil, fmt.Errorf("page %d: %w", start/linkPageSize, err)
		}
		if len(got) != len(batch) {
			return nil, fmt.Errorf("page %d: %d wrappers read, %d written: a fragment broke out of its wrapper", start/linkPageSize, len(got), len(batch))
		}
		for i, w := range got {
			if w.ID != fmt.Sprintf("w%d", i) {
				return nil, fmt.Errorf("page %d: wrapper %d has id %q: a fragment broke out of its wrapper", start/linkPageSize, i, w.ID)
			}
			out = append(out, w)
		}
	}
	return out, nil
}

// linkPolicies are the presets and the repository's site policies that
// keep SVG or MathML, where the SVG and MathML shapes survive.
func linkPolicies(t *testing.T) ([]string, map[string]*policy.Policy) {
	t.Helper()
	names := policy.Presets()
	ps := map[string]*policy.Policy{}
	for _, name := range names {
		p, err := policy.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		ps[name] = p
	}
	for _, name := range []string{"svg", "mathml", "foreign", "permissive"} {
		p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", name+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
		ps[name] = p
	}
	return names, ps
}

// Verdicts on one deceptive shape under one policy.
const (
	verdictRemoved  = "removed"  // no link with an href is left
	verdictMarked   = "marked"   // every deceptive link left is followed by its host
	verdictDefused  = "defused"  // links are left, none shows another site
	verdictUnmarked = "unmarked" // a link left shows another site, unmarked: the failure
)

// judge gives the verdict on one shape's sanitised output.
func judge(links []linkReading) (string, linkReading) {
	verdict, worst := verdictRemoved, linkReading{}
	rank := map[string]int{verdictRemoved: 0, verdictDefused: 1, verdictMarked: 2, verdictUnmarked: 3}
	for _, l := range links {
		v := verdictDefused
		switch {
		case l.marked():
			v = verdictMarked
		case len(l.foreignHosts()) > 0:
			v = verdictUnmarked
		}
		if rank[v] > rank[verdict] {
			verdict, worst = v, l
		}
	}
	return verdict, worst
}

// linkTally counts one policy's verdicts.
type linkTally struct {
	deceptive, removed, marked, defused, unmarked, refused     int
	benign, benignKept, benignLost, benignHTML, benignHTMLLost int
}

// TestLinkTextAsChromiumShowsIt: a reader sees where each link goes.
// More than a thousand generated links, each naming a site in its text
// through one layout or hiding construct (HTML's block, list and table
// boundaries of the rendering section, formatting siblings, hidden
// content splitting the host, bidi overrides, tooltips, alt text, form
// values; in HTML, SVG and MathML) and going to another site, are shown in
// Chromium, which says what the reader sees: innerText, the glyphs as
// painted (in visual order, for bidi) and the tooltips. A link whose
// reader is shown another site than the href's is deceptive, and after
// sanitising under every preset and the SVG and MathML site policies it
// must have lost its href, be followed by an htmlclean-link-host marker
// naming the real host, or, loaded in Chromium again, show no other site
// any more (the sanitiser rewrote the text, or dropped the construct that
// made it read as a host). A deceptive link kept unmarked fails the test.
//
// The same shapes with the href on the shown host's own site are the
// benign controls: their losses are counted per policy. By design a
// policy keeps a link whose text, as shown, names its own site only; the
// test asserts it for ugc's HTML shapes whose output shows no other site.
func TestLinkTextAsChromiumShowsIt(t *testing.T) {
	shapes := generateLinkShapes()
	distinct := map[string]bool{}
	for _, s := range shapes {
		if !s.benign {
			distinct[s.raw] = true
		}
	}
	if len(distinct) < 1000 {
		t.Fatalf("%d distinct deceptive link shapes, want at least 1000", len(distinct))
	}
	srv := newMailServer()
	defer srv.srv.Close()
	ctx := mailBrowser(t, srv.srv.URL, true)
	start := time.Now()
	raws := make([]string, len(shapes))
	for i, s := range shapes {
		raws[i] = s.raw
	}
	rawReadings, err := readLinks(ctx, srv, raws)
	if err != nil {
		t.Fatal(err)
	}
	// Which shapes deceive, as Chromium shows them.
	deceptive := make([]bool, len(shapes))
	var nDeceptive int
	var benignShowsOther []string
	constructDeceptive := map[string]int{}
	for i, s := range shapes {
		links := rawReadings[i].Links
		if len(links) != 1 {
			t.Errorf("generator: %q has %d links in Chromium, want 1", s.raw, len(links))
			continue
		}
		foreign := len(links[0].foreignHosts()) > 0
		switch {
		case s.benign && foreign:
			benignShowsOther = append(benignShowsOther, fmt.Sprintf("%q (Chromium: %v)", s.raw, links[0]))
		case !s.benign && foreign:
			deceptive[i] = true
			nDeceptive++
			constructDeceptive[s.construct.name]++
		}
	}
	t.Logf("link text: %d shapes (%d distinct deceptive-href inputs, %d constructs), %d deceptive in Chromium; %d benign controls show another site and are left out; read in %v",
		len(shapes), len(distinct), len(linkConstructs()), nDeceptive, len(benignShowsOther), time.Since(start).Round(time.Millisecond))
	if len(benignShowsOther) > 0 {
		t.Logf("link text: benign controls left out:\n\t%s", strings.Join(benignShowsOther, "\n\t"))
	}
	var never []string
	for _, c := range linkConstructs() {
		if constructDeceptive[c.name] == 0 {
			never = append(never, c.name)
		}
	}
	t.Logf("link text: constructs that show Chromium's reader no other site (not deceptive, so not judged): %s", strings.Join(never, "; "))

	names, ps := linkPolicies(t)
	unmarkedBy := map[string]map[string]int{} // construct -> policy -> count
	for _, name := range names {
		tally, failures := judgePolicy(t, ctx, srv, ps[name], shapes, deceptive, rawReadings, unmarkedBy, name)
		t.Logf("link text: %s: %d shapes, %d deceptive: %d removed (%d refused), %d marked, %d defused, %d kept unmarked; benign %d: %d kept, %d lost (html %d: %d lost)",
			name, len(shapes), tally.deceptive, tally.removed, tally.refused, tally.marked, tally.defused, tally.unmarked,
			tally.benign, tally.benignKept, tally.benignLost, tally.benignHTML, tally.benignHTMLLost)
		if len(failures) > 0 {
			t.Errorf("link text: %s: %d deceptive links kept unmarked, by construct (first of each):\n%s", name, tally.unmarked, strings.Join(failures, "\n"))
		}
	}
	var lines []string
	for _, c := range linkConstructs() {
		if constructDeceptive[c.name] == 0 {
			continue
		}
		var per []string
		for _, name := range names {
			if n := unmarkedBy[c.name][name]; n > 0 {
				per = append(per, fmt.Sprintf("%s %d", name, n))
			}
		}
		if len(per) > 0 {
			lines = append(lines, fmt.Sprintf("\t%s: %d deceptive; kept unmarked: %s", c.name, constructDeceptive[c.name], strings.Join(per, ", ")))
		}
	}
	t.Logf("link text: %d of %d deceptive constructs have links kept unmarked:\n%s", len(lines), len(constructDeceptive), strings.Join(lines, "\n"))
	t.Logf("link text: done in %v", time.Since(start).Round(time.Millisecond))
}

// judgePolicy sanitises every deceptive shape and benign control under p,
// reads the outputs in Chromium and returns the tally and one failure
// line per construct with deceptive links kept unmarked.
func judgePolicy(t *testing.T, ctx context.Context, srv *mailServer, p *policy.Policy, shapes []linkShape, deceptive []bool, rawReadings []fragmentReading, unmarkedBy map[string]map[string]int, name string) (linkTally, []string) {
	t.Helper()
	outputs := make([]string, len(shapes))
	refused := make([]bool, len(shapes))
	judged := make([]bool, len(shapes))
	var distinctOut []string
	index := map[string]int{}
	for i, s := range shapes {
		if !deceptive[i] && !s.benign {
			continue
		}
		if s.benign && len(rawReadings[i].Links) == 1 && len(rawReadings[i].Links[0].foreignHosts()) > 0 {
			continue
		}
		judged[i] = true
		got, err := sanitize.String(s.raw, p)
		if err != nil {
			refused[i] = true
			continue
		}
		outputs[i] = got
		if _, ok := index[got]; !ok {
			index[got] = len(distinctOut)
			distinctOut = append(distinctOut, got)
		}
	}
	readings, err := readLinks(ctx, srv, distinctOut)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var tally linkTally
	var failures []string
	firstFailure := map[string]bool{}
	for i, s := range shapes {
		switch {
		case deceptive[i]:
			tally.deceptive++
			if refused[i] {
				tally.removed++
				tally.refused++
				continue
			}
			verdict, worst := judge(readings[index[outputs[i]]].Links)
			switch verdict {
			case verdictRemoved:
				tally.removed++
			case verdictMarked:
				tally.marked++
			case verdictDefused:
				tally.defused++
			case verdictUnmarked:
				tally.unmarked++
				c := s.construct.name
				if unmarkedBy[c] == nil {
					unmarkedBy[c] = map[string]int{}
				}
				unmarkedBy[c][name]++
				if !firstFailure[c] {
					firstFailure[c] = true
					failures = append(failures, fmt.Sprintf("\t%s: input %q\n\t\tChromium showed the raw link: %v\n\t\toutput %q\n\t\tChromium shows the output's link: %v", c, s.raw, rawReadings[i].Links[0], outputs[i], worst))
				}
			}
		case s.benign && judged[i]:
			tally.benign++
			html := s.construct.family == "html"
			if html {
				tally.benignHTML++
			}
			kept := false
			var links []linkReading
			if !refused[i] {
				links = readings[index[outputs[i]]].Links
				for _, l := range links {
					if l.hrefHost() == rawReadings[i].Links[0].hrefHost() {
						kept = true
					}
				}
			}
			if kept {
				tally.benignKept++
				continue
			}
			tally.benignLost++
			if html {
				tally.benignHTMLLost++
			}
			// By design, ugc keeps a link whose text names its own
			// site only. Asserted where the reader sees the host
			// whole ("https://bank!.example/" is a URL of another
			// host to urlnorm, not to the oracle) and the output is
			// shown exactly as the input was; other losses are counted.
			if html && name == "ugc" && !refused[i] && strings.Contains(rawReadings[i].Shown, s.form) && readings[index[outputs[i]]].Shown == rawReadings[i].Shown && !slices.ContainsFunc(links, func(l linkReading) bool { return len(l.foreignHosts()) > 0 }) {
				t.Errorf("link text: ugc: a benign link lost its href: input %q\n\toutput %q\n\tChromium showed the raw link: %v", s.raw, outputs[i], rawReadings[i].Links[0])
			}
		}
	}
	return tally, failures
}
