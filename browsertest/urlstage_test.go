//go:build browser

package browsertest

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// The URL stage: Chromium's own URL parser judges
// urlnorm. Every URL of the URL corpora and of the generator goes through
// urlnorm.Normalize, under the zero Options and under the ugc preset's;
// the input and every output are then parsed in a page with new URL(s,
// urlStageBase). For every URL urlnorm accepts, Chromium must accept the
// input and the output, and read the same scheme, host and port in both.
// Nothing here shares code with urlnorm: no x/net/idna, no net/url.

//go:embed testdata/parseurls.js
var parseURLsSource string

// urlStageBase is the page the links are on. Relative inputs and relative
// outputs (urlnorm keeps them relative by default) resolve against it; an
// https page, as urlnorm assumes.
const urlStageBase = "https://page.example/dir/sub/page?q=1#frag"

// urlStageMin is the least number of distinct inputs the stage judges.
const urlStageMin = 20000

// urlBatch is the number of URLs one evaluate call parses: a batch is a
// few hundred KiB of JSON each way, and fewer round trips make the stage
// fast (a call costs far more than a parse).
const urlBatch = 2000

// knownURLMismatches lists inputs whose mismatch is already filed, with
// why. It may hold only the xn-- family (invalid Punycode labels), while
// a fix in urlnorm is under way; every entry goes once it is merged.
// Empty: nothing known.
var knownURLMismatches = map[string]string{}

// chromeURL is Chromium's parse of one string, nil when new URL threw.
type chromeURL struct {
	Href, Protocol, Hostname, Port, Pathname, Search, Hash string
}

// origin is what the stage requires to be equal: scheme, host and port.
func (c *chromeURL) origin() string {
	return c.Protocol + "//" + c.Hostname + ":" + c.Port
}

func (c *chromeURL) String() string {
	if c == nil {
		return "rejected (new URL threw)"
	}
	return fmt.Sprintf("scheme %q host %q port %q href %q", c.Protocol, c.Hostname, c.Port, trim(c.Href, 300))
}

// chromiumParse parses every string of ss in one tab of h's browser and
// returns the parses by string. The tab is a plain one (no detectors, no
// request interception): new URL loads nothing.
func chromiumParse(h *harness, ss []string) (map[string]*chromeURL, error) {
	ctx, cancel := chromedp.NewContext(h.browser)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 5*time.Minute)
	defer cancelT()
	base, err := json.Marshal(urlStageBase)
	if err != nil {
		return nil, err
	}
	res, err := evalBatches[string, *[7]string](ctx, parseURLsSource, []string{string(base)}, ss, urlBatch)
	if err != nil {
		return nil, fmt.Errorf("browsertest: parsing URLs in Chromium: %w", err)
	}
	out := make(map[string]*chromeURL, len(ss))
	for i, r := range res {
		if r != nil {
			out[ss[i]] = &chromeURL{r[0], r[1], r[2], r[3], r[4], r[5], r[6]}
		} else {
			out[ss[i]] = nil
		}
	}
	return out, nil
}

// urlVerdict is urlnorm's answer for one input under one Options.
type urlVerdict struct {
	out      string
	accepted bool
	panicked string
}

// normalizeAll runs norm over every input; a panic is recorded, not
// propagated, so that it is reported with the input like any mismatch.
func normalizeAll(cases []urlCase, norm func(string) (string, error)) []urlVerdict {
	vs := make([]urlVerdict, len(cases))
	for i, c := range cases {
		func() {
			defer func() {
				if p := recover(); p != nil {
					vs[i] = urlVerdict{panicked: fmt.Sprint(p)}
				}
			}()
			out, err := norm(c.Input)
			vs[i] = urlVerdict{out: out, accepted: err == nil}
		}()
	}
	return vs
}

// Mismatch kinds, in the order the failure list shows them.
const (
	kindPanic        = "urlnorm panicked"
	kindInputReject  = "Chromium rejects the input urlnorm accepted"
	kindOutputReject = "Chromium rejects urlnorm's output"
	kindOrigin       = "scheme, host or port differ"
)

var kindOrder = []string{kindPanic, kindInputReject, kindOutputReject, kindOrigin}

// urlMismatch is one input on which urlnorm and Chromium disagree.
type urlMismatch struct {
	kind    string
	c       urlCase
	v       urlVerdict
	in, out *chromeURL
}

func (m urlMismatch) String() string {
	if m.kind == kindPanic {
		return fmt.Sprintf("[%s] %s\n\tinput:   %q\n\tpanic:   %s", m.kind, m.c.Source, m.c.Input, m.v.panicked)
	}
	in := fmt.Sprintf("%q", trim(m.c.Input, 300))
	if !isASCII(m.c.Input) {
		// Look-alikes and combining marks print as what they imitate.
		in += fmt.Sprintf(" = %+q", trim(m.c.Input, 300))
	}
	return fmt.Sprintf("[%s] %s\n\tinput:   %s\n\turlnorm: %q\n\tChromium, input:  %v\n\tChromium, output: %v",
		m.kind, m.c.Source, in, trim(m.v.out, 300), m.in, m.out)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// urlStageResult is what judgeURLs found under one Options.
type urlStageResult struct {
	urls, accepted, chromeRejects, chromeRejectsAccepted int
	// pathDiff counts accepted URLs whose path, query or fragment in
	// Chromium differ between input and output beyond the case of
	// percent-escape hex: information, not a failure (canonicalisation
	// decodes unreserved escapes, encodes what may not appear raw, and
	// resolves dot segments the browser left encoded).
	pathDiff int
	// rfcDiff counts those of pathDiff that differ even after RFC 3986's
	// equivalences (rfcEquivalent); pathExamples shows the first few.
	rfcDiff      int
	pathExamples []string
	mismatches   []urlMismatch
	known        []urlMismatch
}

// judgeURLs compares urlnorm's verdicts with Chromium's parses.
func judgeURLs(cases []urlCase, vs []urlVerdict, parsed map[string]*chromeURL) urlStageResult {
	var r urlStageResult
	r.urls = len(cases)
	for i, c := range cases {
		v := vs[i]
		in := parsed[c.Input]
		if in == nil {
			r.chromeRejects++
		}
		m := urlMismatch{c: c, v: v, in: in}
		switch {
		case v.panicked != "":
			m.kind = kindPanic
		case !v.accepted:
			continue
		default:
			r.accepted++
			m.out = parsed[v.out]
			m.kind = originKind(in, m.out)
		}
		if in == nil && v.accepted {
			r.chromeRejectsAccepted++
		}
		if m.kind == "" {
			if !samePath(in, m.out, upperEscapes) {
				r.pathDiff++
			}
			if !samePath(in, m.out, rfcEquivalent) {
				r.rfcDiff++
				if len(r.pathExamples) < 40 {
					r.pathExamples = append(r.pathExamples, fmt.Sprintf("%q -> %q: Chromium %q vs %q", c.Input, v.out,
						in.Pathname+in.Search+in.Hash, m.out.Pathname+m.out.Search+m.out.Hash))
				}
			}
			continue
		}
		if _, ok := knownURLMismatches[c.Input]; ok {
			r.known = append(r.known, m)
		} else {
			r.mismatches = append(r.mismatches, m)
		}
	}
	slices.SortStableFunc(r.mismatches, func(a, b urlMismatch) int {
		return slices.Index(kindOrder, a.kind) - slices.Index(kindOrder, b.kind)
	})
	return r
}

// originKind is the mismatch kind of an accepted URL, or "".
func originKind(in, out *chromeURL) string {
	switch {
	case in == nil:
		return kindInputReject
	case out == nil:
		return kindOutputReject
	case in.origin() != out.origin():
		return kindOrigin
	}
	return ""
}

// samePath reports whether a and b have the same path, query and
// fragment once eq has rewritten each of them.
func samePath(a, b *chromeURL, eq func(string) string) bool {
	return eq(a.Pathname) == eq(b.Pathname) && eq(a.Search) == eq(b.Search) && eq(a.Hash) == eq(b.Hash)
}

// rfcEquivalent rewrites a path, query or fragment to a form two strings
// share when RFC 3986 says they are equivalent or urlnorm's documented
// repairs make them so: escapes of unreserved characters decoded (§2.3,
// §6.2.2.2), hex upper-cased (§6.2.2.1), and every byte RFC 3986 does not
// allow raw in these components (§3.3-3.5: not unreserved, sub-delims,
// ":", "@", "/" or "?"), a lone "%" included, percent-encoded.
func rfcEquivalent(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			d := unhex(upperHex(s[i+1]))<<4 | unhex(upperHex(s[i+2]))
			if unreserved(d) {
				b.WriteByte(d)
			} else {
				fmt.Fprintf(&b, "%%%02X", d)
			}
			i += 2
		case unreserved(c) || strings.IndexByte("!$&'()*+,;=:@/?", c) >= 0:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func unreserved(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0
}

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c - 'A' + 10
}

// upperEscapes upper-cases the two hex digits after every "%".
func upperEscapes(s string) string {
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' && isHex(b[i+1]) && isHex(b[i+2]) {
			b[i+1], b[i+2] = upperHex(b[i+1]), upperHex(b[i+2])
		}
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func upperHex(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// urlStageCases returns the stage's inputs: the corpora, then the
// generated ones, without duplicates (the first source of an input names
// it).
func urlStageCases(tb testing.TB) (cases []urlCase, corpus int) {
	tb.Helper()
	all := loadURLCorpus(tb)
	all = append(all, generateURLs(inputsOf(all), 1000, 6000, 2500)...)
	seen := map[string]bool{}
	for _, c := range all {
		if seen[c.Input] {
			continue
		}
		seen[c.Input] = true
		cases = append(cases, c)
		if !strings.HasPrefix(c.Source, "gen/") {
			corpus++
		}
	}
	return cases, corpus
}

// TestURLStage is the stage: see the comment at the top of this file.
func TestURLStage(t *testing.T) {
	h, _ := shared(t)
	start := time.Now()
	cases, corpus := urlStageCases(t)
	checkURLCases(t, cases)
	ugc, err := policy.Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	sets := []struct {
		name string
		opts urlnorm.Options
	}{{"default", urlnorm.Options{}}, {"ugc", ugc.URLOptions()}}
	verdicts := make([][]urlVerdict, len(sets))
	strs := inputsOf(cases)
	for i, s := range sets {
		verdicts[i] = normalizeAll(cases, func(raw string) (string, error) { return urlnorm.Normalize(raw, s.opts) })
		for _, v := range verdicts[i] {
			if v.accepted {
				strs = append(strs, v.out)
			}
		}
	}
	slices.Sort(strs)
	strs = slices.Compact(strs)
	parseStart := time.Now()
	parsed, err := chromiumParse(h, strs)
	if err != nil {
		t.Fatal(err)
	}
	parseTime := time.Since(parseStart)
	for i, s := range sets {
		reportURLStage(t, s.name, judgeURLs(cases, verdicts[i], parsed), corpus)
	}
	t.Logf("url stage: %d distinct strings (inputs and outputs) parsed by Chromium in %v (%d per call), stage %v in all",
		len(strs), parseTime.Round(time.Millisecond), urlBatch, time.Since(start).Round(time.Millisecond))
	if testing.Verbose() {
		t.Logf("url stage: inputs by source:\n%s", sourceTable(cases, sets[0].name, verdicts[0], sets[1].name, verdicts[1]))
	}
}

// urlFamilyMin is the least number of distinct inputs each generator
// family must contribute, so that none degenerates unnoticed.
const urlFamilyMin = 250

// checkURLCases checks the stage's inputs: enough of them, enough of each
// generator family, and the same ones on every run.
func checkURLCases(t *testing.T, cases []urlCase) {
	t.Helper()
	if len(cases) < urlStageMin {
		t.Errorf("url stage: %d distinct inputs, want at least %d", len(cases), urlStageMin)
	}
	n := map[string]int{}
	for _, c := range cases {
		n[c.Source]++
	}
	for _, f := range genFamilies {
		if got := n["gen/"+f.name]; got < urlFamilyMin {
			t.Errorf("url stage: generator family %s made %d distinct inputs, want at least %d", f.name, got, urlFamilyMin)
		}
	}
	if again, _ := urlStageCases(t); !slices.Equal(again, cases) {
		t.Error("url stage: a second generation gave other inputs: the stage is not reproducible")
	}
}

// urlMismatchLimit bounds the mismatches listed one by one per Options;
// the counts by kind and source cover the rest.
const urlMismatchLimit = 100

// reportURLStage logs the summary line of one Options and fails t with
// every mismatch: input, urlnorm output, Chromium's parse of each.
func reportURLStage(t *testing.T, name string, r urlStageResult, corpus int) {
	t.Helper()
	t.Logf("url stage: %d urls (%d corpus, %d generated), %s options: %d accepted, %d rejected by chromium (%d of them accepted), "+
		"%d mismatches (%d known), %d accepted differ in path/query/fragment beyond escape case (%d beyond RFC 3986 equivalence)",
		r.urls, corpus, r.urls-corpus, name, r.accepted, r.chromeRejects, r.chromeRejectsAccepted,
		len(r.mismatches), len(r.known), r.pathDiff, r.rfcDiff)
	if len(r.mismatches) > 0 {
		// The counts come first: CI shows the head of the failures.
		t.Errorf("url stage: %s: %d mismatches by kind and source (base %s):\n%s",
			name, len(r.mismatches), urlStageBase, mismatchCounts(r.mismatches))
	}
	for i, m := range r.mismatches {
		if i == urlMismatchLimit {
			t.Errorf("url stage: %s: %d more mismatches not listed", name, len(r.mismatches)-i)
			break
		}
		t.Errorf("url stage: %s: mismatch %v", name, m)
	}
	for _, m := range r.known {
		t.Logf("url stage: %s: known mismatch (%s) %v", name, knownURLMismatches[m.c.Input], m)
	}
	if testing.Verbose() && len(r.pathExamples) > 0 {
		t.Logf("url stage: %s: first path/query/fragment differences beyond RFC 3986 equivalence (information):\n\t%s", name, strings.Join(r.pathExamples, "\n\t"))
	}
}

// mismatchCounts tallies mismatches by kind and source, one line each.
func mismatchCounts(ms []urlMismatch) string {
	n := map[string]int{}
	for _, m := range ms {
		n[m.kind+" ["+m.c.Source+"]"]++
	}
	keys := slices.Sorted(maps.Keys(n))
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "\t%5d %s\n", n[k], k)
	}
	return b.String()
}

// sourceTable counts inputs and acceptances per source, as information.
func sourceTable(cases []urlCase, n1 string, v1 []urlVerdict, n2 string, v2 []urlVerdict) string {
	type row struct{ total, a1, a2 int }
	rows := map[string]*row{}
	for i, c := range cases {
		r := rows[c.Source]
		if r == nil {
			r = &row{}
			rows[c.Source] = r
		}
		r.total++
		if v1[i].accepted {
			r.a1++
		}
		if v2[i].accepted {
			r.a2++
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\t%-24s %6s %9s %9s\n", "source", "inputs", n1, n2)
	for _, k := range slices.Sorted(maps.Keys(rows)) {
		r := rows[k]
		fmt.Fprintf(&b, "\t%-24s %6d %9d %9d\n", k, r.total, r.a1, r.a2)
	}
	return b.String()
}

// urlProbeEnv names a file of JSON strings, one a line; with it set,
// TestURLProbe prints, for each, urlnorm's answers and Chromium's parse of
// the input and of each output. It is how the stage's mismatches were
// classified:
//
//	HTMLCLEAN_URL_PROBE=/tmp/urls.jsonl go test -tags browser ./browsertest/ -run TestURLProbe -v
const urlProbeEnv = "HTMLCLEAN_URL_PROBE"

func TestURLProbe(t *testing.T) {
	path := os.Getenv(urlProbeEnv)
	if path == "" {
		t.Skip(urlProbeEnv + " not set")
	}
	ins, err := jsonl.Read[string](path)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := shared(t)
	ugc, err := policy.Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	type answer struct {
		out string
		err error
	}
	answers := make([][2]answer, len(ins))
	strs := slices.Clone(ins)
	for i, in := range ins {
		for j, o := range []urlnorm.Options{{}, ugc.URLOptions()} {
			out, err := urlnorm.Normalize(in, o)
			answers[i][j] = answer{out, err}
			strs = append(strs, out)
		}
	}
	parsed, err := chromiumParse(h, strs)
	if err != nil {
		t.Fatal(err)
	}
	for i, in := range ins {
		t.Logf("%q\n\tChromium: %v", in, parsed[in])
		for j, name := range []string{"default", "ugc"} {
			a := answers[i][j]
			if a.err != nil {
				t.Logf("\t%s: %v", name, a.err)
				continue
			}
			t.Logf("\t%s: %q\n\t\tChromium: %v", name, a.out, parsed[a.out])
		}
	}
}
