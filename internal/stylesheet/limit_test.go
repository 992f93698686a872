package stylesheet

import (
	"strings"
	"testing"
)

// TestRulesPastLimitReportedOnce: past MaxRules the rest of the sheet
// goes, reported by one removal that says how many rules were dropped,
// however many there are and whatever else they hold.
func TestRulesPastLimitReportedOnce(t *testing.T) {
	o := testOptions()
	o.MaxRules = 2
	in := "a{color:red}b{color:red}" + strings.Repeat("c{color:red;x:expression(1)}@import url(x);", 500)
	out, removed, rules, err := SanitizeCount(in, o)
	if err != nil {
		t.Fatal(err)
	}
	if want := ".hc-mail a{color:red}\n.hc-mail b{color:red}\n"; out != want {
		t.Errorf("out %q, want %q", out, want)
	}
	if rules != 2 {
		t.Errorf("rules %d, want 2", rules)
	}
	if len(removed) != 1 || removed[0].Reason != ReasonLimit || removed[0].What != "500 rules past the limit dropped" {
		t.Errorf("removed %v, want one limit removal for 500 rules", removed)
	}
}

// TestSplitRuleCountsTwice: a rule on the wrapper and other elements is
// written as two and counts as two, so that the output of a sheet at the
// limit is read again whole.
func TestSplitRuleCountsTwice(t *testing.T) {
	o := testOptions()
	o.MaxRules = 5
	out, _, rules, err := SanitizeCount(strings.Repeat("body,p{color:red}", 5), o)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out, "}"); n > o.MaxRules || rules != o.MaxRules {
		t.Errorf("%d rules written, %d counted, want at most %d: %q", n, rules, o.MaxRules, out)
	}
	again, removed, err := Sanitize(out, o)
	if again != out || len(removed) > 0 || err != nil {
		t.Errorf("again %q, %v, %v; want %q", again, removed, err, out)
	}
}
