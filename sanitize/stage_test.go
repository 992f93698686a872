package sanitize

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/policy"
)

// policyStageDiff runs the pass alone, then the policy's bluemonday stage
// over its output, and describes the first difference between the two
// token streams (or returns ""). An empty answer means the pass enforced
// the whole policy and its report is complete.
func policyStageDiff(tb testing.TB, in string, p *policy.Policy) string {
	tb.Helper()
	var mid bytes.Buffer
	if _, err := newPass(&mid, strings.NewReader(in), p, nil).run(); err != nil {
		return "" // a limit error: nothing reached the policy stage
	}
	var final bytes.Buffer
	if err := p.Apply(&final, bytes.NewReader(mid.Bytes())); err != nil {
		return fmt.Sprintf("policy stage error: %v", err)
	}
	a, b := tokenList(mid.String()), tokenList(final.String())
	for i := 0; i < len(a) || i < len(b); i++ {
		switch {
		case i >= len(a):
			return fmt.Sprintf("policy stage added %s", b[i])
		case i >= len(b):
			return fmt.Sprintf("policy stage removed %s", a[i])
		case a[i] != b[i]:
			return fmt.Sprintf("pass wrote %s, policy stage wrote %s\npass:  %q\nfinal: %q", a[i], b[i], mid.String(), final.String())
		}
	}
	return ""
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
