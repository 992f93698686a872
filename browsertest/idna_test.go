//go:build browser

package browsertest

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// idnaTestPath is WPT's UTS #46 conformance data, as urlnorm's own
// TestIdnaTestV2 reads it.
var idnaTestPath = filepath.Join("..", "urlnorm", "testdata", "corpus", "wpt-idna", "IdnaTestV2.json")

// idnaDeceptionFlags are the flags the presets refuse a host for: the
// deception rules a host Chromium accepts may be refused by.
const idnaDeceptionFlags = urlnorm.FlagConfusable | urlnorm.FlagLookalikeSeparator

// readIdnaTest returns the inputs of IdnaTestV2.json, in file order,
// without the header lines and the empty input.
func readIdnaTest(tb testing.TB) []string {
	tb.Helper()
	raw, err := os.ReadFile(idnaTestPath)
	if err != nil {
		tb.Fatal(err)
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		tb.Fatal(err)
	}
	var ins []string
	for _, e := range entries {
		var c struct{ Input string }
		if len(e) == 0 || e[0] != '{' {
			continue // a header line
		}
		if err := json.Unmarshal(e, &c); err != nil {
			tb.Fatal(err)
		}
		if c.Input != "" {
			ins = append(ins, c.Input)
		}
	}
	return ins
}

// deceptionRule names the deception rule that refused a URL, or "" if
// the refusal was for something else.
func deceptionRule(err error) string {
	var re *urlnorm.RejectError
	if !errors.As(err, &re) || re.Reason != urlnorm.ReasonFlagged || re.Flags&^idnaDeceptionFlags != 0 {
		return ""
	}
	return re.Flags.String()
}

// TestIdnaTestV2Chromium holds urlnorm to Chromium's own URL parser over
// every host of IdnaTestV2.json, as WPT's IdnaTestV2.window.js puts it to
// a browser (new URL("https://" + input + "/x")), with the deception
// rules of the presets on: urlnorm accepts exactly the hosts Chromium
// accepts, and gives the href Chromium gives, except for hosts refused by
// a deception rule, which are counted and listed by rule.
func TestIdnaTestV2Chromium(t *testing.T) {
	ins := readIdnaTest(t)
	urls := make([]string, len(ins))
	for i, in := range ins {
		urls[i] = "https://" + in + "/x"
	}
	h, _ := shared(t)
	parsed, err := chromiumParse(h, urls)
	if err != nil {
		t.Fatal(err)
	}
	opts := urlnorm.Options{Reject: idnaDeceptionFlags}
	rules := map[string][]string{}
	var accepted, refused int
	for _, u := range urls {
		c := parsed[u]
		got, err := urlnorm.Normalize(u, opts)
		switch {
		case c == nil && err == nil:
			t.Errorf("Normalize(%+q) = %q; Chromium refuses it", u, got)
		case c == nil:
			refused++
		case err == nil && got != c.Href:
			t.Errorf("Normalize(%+q) = %q; Chromium gives %q", u, got, c.Href)
		case err == nil:
			accepted++
		case deceptionRule(err) != "":
			rule := deceptionRule(err)
			rules[rule] = append(rules[rule], fmt.Sprintf("%+q", u))
		default:
			t.Errorf("Normalize(%+q) refused (%v); Chromium gives %q", u, err, c.Href)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d hosts: %d accepted as Chromium does, %d refused as Chromium does; refused for deception:\n", len(urls), accepted, refused)
	names := make([]string, 0, len(rules))
	for name := range rules {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(&b, "  %-34s %4d  e.g. %s\n", name, len(rules[name]), strings.Join(rules[name][:min(3, len(rules[name]))], " "))
	}
	t.Log(b.String())
	if accepted == 0 || refused == 0 {
		t.Errorf("accepted %d, refused %d: the comparison judged nothing", accepted, refused)
	}
}

// TestChromiumHostLimits pins the host lengths Chromium refuses, which
// urlnorm's bounds on Punycode work (ReasonHostTooLong) are set against:
// no DNS length limit, a Unicode label of at most 1,000 UTF-16 code
// units, a host that is not ASCII of at most 1,265, an ASCII host of any
// length. urlnorm agrees, except that it refuses on purpose (bounded)
// a Unicode label past 255 code units and an ASCII host with an "xn--"
// label past 5,060 bytes.
func TestChromiumHostLimits(t *testing.T) {
	tests := []struct {
		name, host string
		ok         bool // Chromium accepts it
		bounded    bool // urlnorm refuses it: host-too-long
	}{
		{"label-64", strings.Repeat("a", 64) + ".example", true, false},
		{"host-300", strings.Repeat("a.", 150) + "example", true, false},
		{"ascii-host-20000", strings.Repeat("a", 20000) + ".example", true, false},
		{"ascii-host-xn-5060", strings.Repeat("a", 5052) + ".xn--tda", true, false},
		{"ascii-host-xn-5061", strings.Repeat("a", 5053) + ".xn--tda", true, true},
		{"unicode-label-255", strings.Repeat("ü", 255), true, false},
		{"unicode-label-256", strings.Repeat("ü", 256), true, true},
		{"unicode-label-1000", strings.Repeat("ü", 1000), true, true},
		{"unicode-label-1001", strings.Repeat("ü", 1001), false, true},
		{"astral-label-500", strings.Repeat("\U00020000", 500), true, true},
		{"astral-label-501", strings.Repeat("\U00020000", 501), false, true},
		{"unicode-host-1265", strings.Repeat("a", 1263) + ".ü", true, false},
		{"unicode-host-1266", strings.Repeat("a", 1264) + ".ü", false, true},
	}
	urls := make([]string, len(tests))
	for i, tc := range tests {
		urls[i] = "https://" + tc.host + "/x"
	}
	h, _ := shared(t)
	parsed, err := chromiumParse(h, urls)
	if err != nil {
		t.Fatal(err)
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := parsed[urls[i]]
			if got := c != nil; got != tc.ok {
				t.Errorf("Chromium accepts it: %v, want %v", got, tc.ok)
			}
			got, err := urlnorm.Normalize(urls[i], urlnorm.Options{})
			var re *urlnorm.RejectError
			switch {
			case tc.bounded:
				if !errors.As(err, &re) || re.Reason != urlnorm.ReasonHostTooLong {
					t.Errorf("urlnorm: %v, want host-too-long", err)
				}
			case err != nil:
				t.Errorf("urlnorm refuses it (%v)", err)
			case c == nil:
				t.Errorf("urlnorm accepts it as %.60q…; Chromium refuses it", got)
			case got != c.Href:
				t.Errorf("urlnorm gives %.60q…, Chromium %.60q…", got, c.Href)
			}
		})
	}
}
