package sanitizetest

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// readingGaps lists the deceptive links of reading.jsonl that the ugc
// preset still keeps without a word, by id, with the reason; as with
// deceptionGaps, a gap that is fixed fails the test until its line is
// deleted.
var readingGaps = map[string]string{}

// readingClasses are the forms reading.jsonl must hold: link text a
// reader takes for another site, and text that only looks like a host,
// besides path redirects, IP hosts, international hosts and fragments.
var readingClasses = []string{
	"text-case", "text-port", "text-lookalike-dot", "text-lookalike-slash", "text-fullwidth",
	"text-invisible", "text-bidi", "text-public-suffix", "text-sentence", "text-email", "text-img-alt",
	"text-version", "text-file", "text-abbreviation", "text-code", "text-own-site", "text-subdomain",
	"path-redirect", "ordinary-path", "ip-internal", "ordinary-ip", "idn-confusable",
	"ordinary-idn-script", "fragment-spoof", "ordinary-fragment-hash",
}

// TestDeceptionReadingSet: under ugc, every deceptive link of
// reading.jsonl is removed or reported, every ordinary one keeps its
// href, every href kept leads where the browser goes (the WHATWG
// oracle), and sanitising the output again changes nothing.
func TestDeceptionReadingSet(t *testing.T) {
	links, err := jsonl.Read[deceptionLink](filepath.Join("..", "..", "testdata", "deception", "reading.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	checkReadingSet(t, links)
	p, err := policy.Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	var n struct{ deceptive, caught, gaps, ordinary int }
	for _, l := range links {
		t.Run(l.ID, func(t *testing.T) {
			got := judgeLink(t, l, p)
			if again, err := sanitize.String(got.out, p); err != nil || again != got.out {
				// A link kept must read the same the next time.
				t.Errorf("not idempotent: %q -> %q, %v", got.out, again, err)
			}
			if l.Label == "ordinary" {
				n.ordinary++
				if !got.kept {
					t.Errorf("ordinary link lost its href (%s): %s\n out %q\n changes %v", l.Why, l.HTML, got.out, got.changes)
				}
				return
			}
			n.deceptive++
			gap, isGap := readingGaps[l.ID]
			switch {
			case !got.kept || got.reported:
				n.caught++
				if isGap {
					t.Errorf("known gap %s is fixed (removed or reported): delete it from readingGaps", l.ID)
				}
			case isGap:
				n.gaps++
				t.Logf("known gap (%s): %q kept silently as %q", gap, got.in, got.href)
			default:
				t.Errorf("deceptive link kept without a report (%s): %s\n out %q\n changes %v", l.Why, l.HTML, got.out, got.changes)
			}
		})
	}
	t.Logf("reading set: %d links; %d deceptive: %d removed or reported, %d known gaps; %d ordinary",
		len(links), n.deceptive, n.caught, n.gaps, n.ordinary)
}

// checkReadingSet holds reading.jsonl to its promise: at least 300
// links, at least 80 of them link-text cases, every class of
// readingClasses, unique ids, one link a line.
func checkReadingSet(t *testing.T, links []deceptionLink) {
	t.Helper()
	ids, classes, texts := map[string]bool{}, map[string]int{}, 0
	for _, l := range links {
		if ids[l.ID] {
			t.Errorf("duplicate id %q", l.ID)
		}
		ids[l.ID] = true
		classes[l.Class]++
		if strings.HasPrefix(l.Class, "text-") {
			texts++
		}
		if l.Label != "deceptive" && l.Label != "ordinary" || l.Why == "" {
			t.Errorf("%s: label %q, why %q: want deceptive or ordinary, and a reason", l.ID, l.Label, l.Why)
		}
		if hrefs := anchorHrefs(l.HTML); len(hrefs) != 1 {
			t.Errorf("%s: %d links with an href in %q, want 1", l.ID, len(hrefs), l.HTML)
		}
	}
	if len(links) < 300 || texts < 80 {
		t.Errorf("reading set has %d links, %d of link text; want at least 300 and 80", len(links), texts)
	}
	for _, c := range readingClasses {
		if classes[c] == 0 {
			t.Errorf("reading set has no %q link", c)
		}
	}
	for id := range readingGaps {
		if !ids[id] {
			t.Errorf("readingGaps names %q, which is not in the set", id)
		}
	}
}
