package sanitize

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// benchCorpus returns the bench documents by name: the comments and
// Wikipedia pages in the repository, and the news pages when the shared
// corpus is beside it.
func benchCorpus(t *testing.T) map[string][]byte {
	t.Helper()
	docs := map[string][]byte{}
	for _, dir := range []string{
		filepath.Join("..", "testdata", "corpus", "bench", "comments"),
		filepath.Join("..", "testdata", "corpus", "bench", "pages"),
		filepath.Join("..", "..", "shared", "corpus", "bench", "pages"),
	} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.html"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			docs[filepath.Base(f)] = data
		}
	}
	if len(docs) < 900 {
		t.Skipf("only %d bench documents", len(docs))
	}
	return docs
}

// urlAttrs counts the attributes of doc that p checks as URLs: an allowed
// attribute of a URL kind on an allowed element. It tokenises on its own,
// sharing no code with the pass.
func urlAttrs(p *policy.Policy, doc []byte) int {
	n := 0
	z := html.NewTokenizer(bytes.NewReader(doc))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return n
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			el := p.Rules(rules.Key{}).Elements[tok.Data]
			if el == nil {
				continue
			}
			for _, a := range tok.Attr {
				if r := el.Attr(a.Key); r != nil && isURLKind(r.Kind) {
					n++
				}
			}
		}
	}
}

func isURLKind(k policy.Kind) bool {
	return k == policy.KindURL || k == policy.KindURLList || k == policy.KindSrcset
}

// TestPresetsBenchRejections runs every preset, and ugc with urls.strict,
// over the bench corpus: the flag choices (reason
// "flagged", and "nested-url" from urls.nested) must reject under 0.5% of
// the URL attributes the policy checks. Every rejected URL, for whatever
// reason, is logged (go test -run TestPresetsBenchRejections -v).
func TestPresetsBenchRejections(t *testing.T) {
	docs := benchCorpus(t)
	names := make([]string, 0, len(docs))
	for name := range docs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, preset := range []string{"basic", "strict", "ugc", "ugc+strict"} {
		c, err := policy.PresetConfig(strings.TrimSuffix(preset, "+strict"))
		if err != nil {
			t.Fatal(err)
		}
		c.URLs.Strict = strings.HasSuffix(preset, "+strict")
		p, err := policy.Compile(c)
		if err != nil {
			t.Fatal(err)
		}
		total, rejected, byFlags := 0, 0, 0
		for _, name := range names {
			total += urlAttrs(p, docs[name])
			_, changes, err := stringReport(string(docs[name]), p)
			if err != nil {
				t.Fatalf("%s: %s: %v", preset, name, err)
			}
			for _, c := range changes {
				el := p.Rules(rules.Key{}).Elements[c.Element]
				if c.Action != RemovedAttribute || el == nil || el.Attr(c.Attribute) == nil || !isURLKind(el.Attr(c.Attribute).Kind) {
					continue
				}
				rejected++
				if c.Reason == URLReason(urlnorm.ReasonFlagged) || c.Reason == URLReason(urlnorm.ReasonNestedURL) {
					byFlags++
				}
				t.Logf("%s: %s:%d: %s %s: %s %v %q", preset, name, c.Line, c.Element, c.Attribute, c.Reason, c.Flags, c.Before)
			}
		}
		t.Logf("%s: %d of %d URL attributes rejected, %d for flags or nested URLs", preset, rejected, total, byFlags)
		if preset == "strict" {
			continue // no URL attributes
		}
		if total < 1000 {
			t.Errorf("%s checks only %d URL attributes: the counter is broken", preset, total)
		}
		if _, ok := docs["news-wsj-2013.html"]; !ok {
			// The bound was set on the whole bench corpus; the news pages
			// (kept beside the checkout, for their copyright) are most of
			// its page URLs, and without them the Wikipedia pages weigh
			// more than they should.
			t.Logf("%s: the news pages are not beside the checkout: the 0.5%% bound is not checked", preset)
			continue
		}
		if share := float64(byFlags) / float64(total); share >= 0.005 {
			t.Errorf("%s rejects %d of %d URL attributes of the bench corpus for flags (%.2f%%), want under 0.5%%", preset, byFlags, total, 100*share)
		}
	}
}

// TestPresetsKeepOrdinaryLinks pins ordinary links every preset with
// links must keep, also under urls.strict: true: repaired or flagged,
// and reported, never rejected.
func TestPresetsKeepOrdinaryLinks(t *testing.T) {
	tests := []struct {
		name, href, want string
		flags            urlnorm.Flags
	}{
		{"share-link", "https://www.facebook.com/sharer/sharer.php?u=https://example.com/a",
			"https://www.facebook.com/sharer/sharer.php?u=https://example.com/a", urlnorm.FlagNestedURL},
		{"share-link-encoded", "https://twitter.com/intent/tweet?url=https%3A%2F%2Fexample.com%2Fa",
			"https://twitter.com/intent/tweet?url=https%3A%2F%2Fexample.com%2Fa", urlnorm.FlagNestedURL},
		{"siteminder-target", "https://sso.example.com/siteminderagent/forms/login.fcc?TARGET=-SM-https%3a%2f%2fapp%2eexample%2ecom%2fhome",
			"https://sso.example.com/siteminderagent/forms/login.fcc?TARGET=-SM-https%3a%2f%2fapp%2eexample%2ecom%2fhome", urlnorm.FlagNestedURL},
		{"upper-case-idn", "https://MÜNCHEN.de/", "https://xn--mnchen-3ya.de/", urlnorm.FlagHostMapped | urlnorm.FlagIDN},
		{"ipv4-trailing-dot", "http://192.0.2.1./", "http://192.0.2.1/", urlnorm.FlagTrailingDot | urlnorm.FlagIPHost},
		{"lone-percent-query", "https://shop.example/search?q=50%+off", "https://shop.example/search?q=50%25+off", urlnorm.FlagMalformedEscape},
		{"wikipedia-100-percent", "https://en.wikipedia.org/wiki/100%_Orange_Juice", "https://en.wikipedia.org/wiki/100%25_Orange_Juice", urlnorm.FlagMalformedEscape},
	}
	for _, preset := range []string{"basic", "ugc"} {
		for _, strict := range []bool{false, true} {
			c, err := policy.PresetConfig(preset)
			if err != nil {
				t.Fatal(err)
			}
			c.URLs.Strict = strict
			p, err := policy.Compile(c)
			if err != nil {
				t.Fatal(err)
			}
			for _, tc := range tests {
				t.Run(preset+"/"+tc.name, func(t *testing.T) {
					in := `<a href="` + html.EscapeString(tc.href) + `">x</a>`
					got, changes, err := stringReport(in, p)
					if err != nil {
						t.Fatal(err)
					}
					if want := `href="` + html.EscapeString(tc.want) + `"`; !strings.Contains(got, want) {
						t.Errorf("strict=%v: String(%q) = %q, want %s", strict, in, got, want)
					}
					var flags urlnorm.Flags
					for _, ch := range changes {
						if ch.Attribute == "href" && (ch.Action == RewroteURL || ch.Action == Flagged) {
							flags |= ch.Flags
						}
					}
					if flags != tc.flags {
						t.Errorf("strict=%v: reported flags %v, want %v (changes %v)", strict, flags, tc.flags, changes)
					}
				})
			}
		}
	}
}

// TestIgnoredFlagsNotReported: a flag the policy maps to ignore is in no
// Change; a URL kept as written with only ignored flags
// gets no flagged line, while the same URL under ugc does; a rejected URL
// names the flag that rejected it.
func TestIgnoredFlagsNotReported(t *testing.T) {
	c, err := policy.PresetConfig("ugc")
	if err != nil {
		t.Fatal(err)
	}
	c.URLs.Flags["nested-url"] = policy.FlagIgnore
	c.URLs.Flags["trailing-dot"] = policy.FlagIgnore
	ignoring, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	ugc, err := policy.Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		action Action
		flags  urlnorm.Flags
	}
	tests := []struct {
		name, href    string
		ugc, ignoring []want // the href changes under each policy
	}{
		{"kept-nested", "https://share.example/?u=https://y.example/",
			[]want{{Flagged, urlnorm.FlagNestedURL}}, nil},
		{"rewritten-trailing-dot", "http://192.0.2.1./",
			[]want{{RewroteURL, urlnorm.FlagTrailingDot | urlnorm.FlagIPHost}}, []want{{RewroteURL, urlnorm.FlagIPHost}}},
		{"mixed", "http://192.0.2.1./?q=50%&u=https://y.example/",
			[]want{{RewroteURL, urlnorm.FlagTrailingDot | urlnorm.FlagNestedURL | urlnorm.FlagMalformedEscape | urlnorm.FlagIPHost}},
			[]want{{RewroteURL, urlnorm.FlagMalformedEscape | urlnorm.FlagIPHost}}},
		{"rejected-confusable", "https://share.example/?u=http://p\u0430ypal.com/",
			[]want{{RemovedAttribute, urlnorm.FlagConfusable}}, []want{{RemovedAttribute, urlnorm.FlagConfusable}}},
		{"rejected-spoof", "http://good.example/%E2%80%AEgnp.exe",
			[]want{{RemovedAttribute, urlnorm.FlagSpoofChar}}, []want{{RemovedAttribute, urlnorm.FlagSpoofChar}}},
	}
	for _, tc := range tests {
		for _, run := range []struct {
			name string
			p    *policy.Policy
			want []want
		}{{"ugc", ugc, tc.ugc}, {"ignoring", ignoring, tc.ignoring}} {
			t.Run(tc.name+"/"+run.name, func(t *testing.T) {
				_, changes, err := stringReport(`<a href="`+tc.href+`">x</a>`, run.p)
				if err != nil {
					t.Fatal(err)
				}
				var got []want
				for _, ch := range changes {
					if ch.Attribute == "href" {
						got = append(got, want{ch.Action, ch.Flags})
					}
				}
				if diff := cmp.Diff(run.want, got, cmp.AllowUnexported(want{})); diff != "" {
					t.Errorf("href changes mismatch (-want +got):\n%s\n%v", diff, changes)
				}
			})
		}
	}
}
