package sanitize

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/stylesheet"
	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
)

// mailFixedPoint sanitises in under the mail preset, then its output
// again, and fails unless the second pass changes and reports nothing.
func mailFixedPoint(t *testing.T, in string) (string, []Change) {
	t.Helper()
	p := policy.Mail()
	got, changes, err := stringReport(in, p)
	if err != nil {
		t.Fatal(err)
	}
	again, changes2, err := stringReport(got, p)
	if err != nil || again != got || len(changes2) > 0 {
		t.Errorf("String(%.80q) = %.200q; again %.200q, %v, %v: not a fixed point", in, got, again, changes2, err)
	}
	return got, changes
}

// TestMailSheetEscapedIdentFixedPoint: a name decoded from an escape
// ("\--") is written so that it reads back as the same ident (the
// policy may refuse a value; what it keeps is kept again).
func TestMailSheetEscapedIdentFixedPoint(t *testing.T) {
	for _, in := range []string{
		`<style>.\--{color:red}</style><p>x`,
		`<style>p{color:\--}</style><p>x`,
		`<style>p{margin:\-\-}</style><p>x`,
		`<style>.\-\31 x{color:red} .\--a{color:red}</style><p>x`,
	} {
		got, _ := mailFixedPoint(t, in)
		if strings.Contains(in, "{color:red}") && !strings.Contains(got, "<style>") {
			t.Errorf("String(%q) = %q: the sheet is gone", in, got)
		}
	}
}

// limitLines counts the css-sheet-limit report lines.
func limitLines(changes []Change) int {
	n := 0
	for _, c := range changes {
		if c.Reason == sheetReason(stylesheet.ReasonLimit) {
			n++
		}
	}
	return n
}

// TestMailSheetsShareRuleLimit: the sheets of a document are written as
// one, so one sheet's rule limit holds for them together: the output is
// read again whole, and each cut is reported once.
func TestMailSheetsShareRuleLimit(t *testing.T) {
	sheet := "<style>" + strings.Repeat("p{color:red}", 2000) + "</style>"
	got, changes := mailFixedPoint(t, "<p>x</p>"+sheet+sheet+sheet+sheet)
	if n := strings.Count(got, "{color:red}"); n != stylesheet.DefaultMaxRules {
		t.Errorf("%d rules kept, want %d", n, stylesheet.DefaultMaxRules)
	}
	// The third sheet is cut, the fourth goes whole: one line each.
	if n := limitLines(changes); n != 2 {
		t.Errorf("%d css-sheet-limit lines, want 2", n)
	}
}

// TestMailSheetLimitReportedOnce: the rules past the limit are reported
// by one line saying how many, not one each.
func TestMailSheetLimitReportedOnce(t *testing.T) {
	in := "<p>x</p><style>" + strings.Repeat("p{color:red}", 30000) + "@import url(x.css);a:visited{color:red}</style>"
	_, changes := mailFixedPoint(t, in)
	if n := limitLines(changes); n != 1 {
		t.Fatalf("%d css-sheet-limit lines, want 1", n)
	}
	if len(changes) > 10 {
		t.Errorf("%d report lines, want a few", len(changes))
	}
	for _, c := range changes {
		if c.Reason == sheetReason(stylesheet.ReasonLimit) && !strings.Contains(c.Before, "25905 rules") {
			t.Errorf("limit line %+v, want the count of rules dropped", c)
		}
	}
}

// TestMailSheetSplitRuleCountsTwice: a rule on the wrapper and other
// elements is written as two rules, and counts as two, so that a sheet
// at the limit is read again whole.
func TestMailSheetSplitRuleCountsTwice(t *testing.T) {
	mailFixedPoint(t, "<p>x</p><style>"+strings.Repeat("body,p{color:red}", 3000)+"</style>")
}

// TestMailStyleType: a <style> is read as a sheet only when its type is
// absent, empty or "text/css" (ASCII case-insensitive, untrimmed), as
// browsers apply it; any other goes, with its text, on a report line.
func TestMailStyleType(t *testing.T) {
	tests := []struct {
		tag   string
		sheet bool
	}{
		{`<style>`, true},
		{`<style type="">`, true},
		{`<style type=text/css>`, true},
		{`<style TYPE="TEXT/CSS" media=screen>`, true},
		{`<style type="text/x-foo">`, false},
		{`<style type="text/css ">`, false},
		{`<style type="text/css; charset=utf-8">`, false},
		{`<style type=text/x-foo type=text/css>`, false},
	}
	for _, tc := range tests {
		in := "<p>x</p>" + tc.tag + ".a{color:red}</style><style>.b{color:blue}</style>"
		got, changes := mailFixedPoint(t, in)
		var streamed strings.Builder
		if err := Sanitize(&streamed, strings.NewReader(in), policy.Mail()); err != nil || streamed.String() != got {
			t.Errorf("%s: streamed %q, %v; in memory %q", tc.tag, streamed.String(), err, got)
		}
		if strings.Contains(got, ".a{color:red}") != tc.sheet {
			t.Errorf("%s: got %q, want the sheet read: %v", tc.tag, got, tc.sheet)
		}
		if !strings.Contains(got, ".b{color:blue}") {
			t.Errorf("%s: got %q, want the next sheet read", tc.tag, got)
		}
		reported := false
		for _, c := range changes {
			reported = reported || c.Reason == sheetReason(stylesheet.ReasonType) && c.Action == RemovedElement
		}
		if reported == tc.sheet {
			t.Errorf("%s: css-sheet-type reported: %v, want %v (%v)", tc.tag, reported, !tc.sheet, changes)
		}
	}
}

// TestMailCorpusSheetsPassChecker: the sheets written for the mails of
// testdata/mail pass the safety checker's own reading (escapes decoded,
// no sibling of the scope, nothing covering the page), so that its
// stricter rules judge real output and not only attacks.
func TestMailCorpusSheetsPassChecker(t *testing.T) {
	mails, _ := filepath.Glob(filepath.Join("..", "testdata", "mail", "*.html"))
	if len(mails) == 0 {
		t.Fatal("no mails in testdata/mail")
	}
	p := policy.Mail()
	sheets := 0
	for _, name := range mails {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := String(string(raw), p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(got, "<style>@scope{") {
			sheets++
		}
		if problems := safety.Problems(got, p.URLOptions().Schemes); len(problems) > 0 {
			t.Errorf("%s: %q", filepath.Base(name), problems)
		}
	}
	if sheets == 0 {
		t.Error("no mail kept a sheet: the checker judged none")
	}
}

// TestMailSheetsBoundReadBack: the sheets held to maxSheetBytes are
// written inside "@scope{…}", and that text too must be within the bound
// a <style> is read with, or a second pass drops it whole.
func TestMailSheetsBoundReadBack(t *testing.T) {
	rule := func(n int) string { return "." + strings.Repeat("a", n) + "{color:red}" }
	const each = 5000 // written as ":scope.htmlclean-mail .aaa…{color:red}\n", 35 bytes more
	target := maxSheetBytes - 4
	k := target / (each + 35)
	in := "<p>x</p><style>" + strings.Repeat(rule(each), k) + rule(target-k*(each+35)-35) + "</style>"
	mailFixedPoint(t, in)
}
