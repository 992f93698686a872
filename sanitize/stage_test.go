package sanitize

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/policy"
)

// twoForms runs the pass alone and returns its two forms, and the policy's
// bluemonday stage over the canonical one, with the marks removed from
// what a reader would get. ok is false if the pass refused the input (a
// limit error): nothing reached the policy stage.
func twoForms(tb testing.TB, in string, p *policy.Policy) (faithful, canonical, stage string, ok bool) {
	tb.Helper()
	var f, c bytes.Buffer
	if err := newPass(twin{&f, &c}, strings.NewReader(in), p, nil).run(); err != nil {
		return "", "", "", false
	}
	var out bytes.Buffer
	if err := p.Apply(&out, bytes.NewReader(c.Bytes())); err != nil {
		tb.Fatalf("policy stage error: %v", err)
	}
	return f.String(), c.String(), out.String(), true
}

// policyStageDiff runs the pass alone, then the policy's bluemonday stage
// over its canonical form, and describes the first difference between the
// two (or returns ""). An empty answer means the pass enforced the whole
// policy and predicted the stage's serialisation exactly, so the faithful
// form is what the user gets.
func policyStageDiff(tb testing.TB, in string, p *policy.Policy) string {
	tb.Helper()
	_, mid, final, ok := twoForms(tb, in, p)
	if !ok || mid == final {
		return ""
	}
	a, b := tokenList(mid), tokenList(final)
	for i := 0; i < len(a) || i < len(b); i++ {
		switch {
		case i >= len(a):
			return fmt.Sprintf("policy stage added %s", b[i])
		case i >= len(b):
			return fmt.Sprintf("policy stage removed %s", a[i])
		case a[i] != b[i]:
			return fmt.Sprintf("pass wrote %s, policy stage wrote %s\npass:  %q\nfinal: %q", a[i], b[i], mid, final)
		}
	}
	return fmt.Sprintf("same tokens, other bytes (the canonical form is not the stage's serialisation)\npass:  %q\nfinal: %q", mid, final)
}

// tokenList tokenizes s into comparable strings: tag names with their
// attributes (decoded), and runs of text (decoded, merged).
func tokenList(s string) []string {
	z := html.NewTokenizer(strings.NewReader(s))
	var out []string
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			out = append(out, fmt.Sprintf("text %q", text.String()))
			text.Reset()
		}
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			flush()
			return out
		case html.TextToken:
			text.Write(z.Text())
			continue
		}
		flush()
		tok := z.Token()
		var b strings.Builder
		fmt.Fprintf(&b, "%s <%s", tt, tok.Data)
		for _, a := range tok.Attr {
			fmt.Fprintf(&b, " %s=%q", a.Key, a.Val)
		}
		out = append(out, b.String()+">")
	}
}
