package urlnorm

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// idnaTestCase is one entry of WPT's IdnaTestV2.json: output is the
// host's ASCII form, or nil where domain to ASCII fails.
type idnaTestCase struct {
	Comment string  `json:"comment"`
	Input   string  `json:"input"`
	Output  *string `json:"output"`
}

func loadIdnaTest(t *testing.T) []idnaTestCase {
	t.Helper()
	raw, err := os.ReadFile("testdata/corpus/wpt-idna/IdnaTestV2.json")
	if err != nil {
		t.Fatal(err)
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		t.Fatal(err)
	}
	var cases []idnaTestCase
	for _, e := range entries {
		if len(e) > 0 && e[0] == '"' {
			continue // the file's header lines
		}
		var c idnaTestCase
		if err := json.Unmarshal(e, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// deceptionRule names the rule by which a host the standard accepts was
// refused on purpose (deception, or a deliberate limit), or "" if the
// refusal was not one.
func deceptionRule(err error, input, ascii string) string {
	var re *RejectError
	if !errors.As(err, &re) {
		return ""
	}
	switch {
	case re.Reason == ReasonHost && strings.ContainsAny(input, "<>"):
		// "<" or ">" then U+0338 composes into "≮" or "≯" under NFC:
		// the standard accepts the result, Chromium refuses the input's
		// forbidden code point first (see writeHost).
		return "forbidden-before-mapping"
	case re.Reason != ReasonFlagged:
		return ""
	case re.Flags&FlagLookalikeSeparator != 0:
		return "lookalike-separator"
	case re.Flags&FlagConfusable != 0:
		uni, _ := idnaProfile.ToUnicode(ascii) // to name the rule only
		for label := range strings.SplitSeq(uni, ".") {
			switch {
			case isASCII(label):
			case labelConfusable(label):
				return "confusable/mixed-script"
			case asciiSkeleton(label):
				return "confusable/ascii-skeleton"
			}
		}
		return "confusable"
	}
	return ""
}

// TestIdnaTestV2 runs WPT's UTS #46 data through Normalize as the
// browsers' test does (https://<input>/x) with the presets' deception
// rules on: a host the data calls valid is accepted in exactly its
// expected ASCII form or refused for deception (counted by rule); a host
// it calls invalid is refused. The expected values come from the file,
// never from x/net/idna.
func TestIdnaTestV2(t *testing.T) {
	if !unicode17 {
		// Go 1.26 builds x/net/idna with its Unicode 15 tables, and urlnorm
		// then refuses the 65 hosts whose mapping changed since.
		t.Fatal("built with Go before 1.27, whose x/net/idna tables are Unicode 15: export GOTOOLCHAIN=go1.27.3 (README, Install)")
	}
	opts := Options{Reject: FlagConfusable | FlagLookalikeSeparator}
	rules := map[string][]string{}
	var valid, invalid, wrong int
	for i, c := range loadIdnaTest(t) {
		if c.Input == "" {
			continue // no host to put in a URL
		}
		got, err := Normalize("https://"+c.Input+"/x", opts)
		if c.Output == nil {
			invalid++
			if err == nil {
				wrong++
				t.Errorf("#%d %q (%s): accepted as %q, want refused", i, c.Input, c.Comment, got)
			}
			continue
		}
		valid++
		want := "https://" + *c.Output + "/x"
		if err == nil {
			if got != want {
				wrong++
				t.Errorf("#%d Normalize(%q) = %q, want %q", i, c.Input, got, want)
			}
			continue
		}
		rule := deceptionRule(err, c.Input, *c.Output)
		if rule == "" {
			wrong++
			t.Errorf("#%d %q (%s): refused (%s), want %q", i, c.Input, c.Comment, reasonOf(err), want)
			continue
		}
		rules[rule] = append(rules[rule], fmt.Sprintf("%+q", c.Input))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d valid hosts, %d invalid, %d wrong; refused on purpose:\n", valid, invalid, wrong)
	names := make([]string, 0, len(rules))
	for name := range rules {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(&b, "  %-26s %4d  e.g. %s\n", name, len(rules[name]), strings.Join(rules[name][:min(3, len(rules[name]))], " "))
	}
	t.Log(b.String())
}

func reasonOf(err error) Reason {
	var re *RejectError
	if errors.As(err, &re) {
		return re.Reason
	}
	return ReasonNone
}
