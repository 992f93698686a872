package sanitize

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/policy"
)

// twoForms runs the pass alone and returns its two forms (the faithful
// one unmarked, as a reader gets it), and the policy's
// bluemonday stage over the faithful one. ok is false if the pass refused the input (a
// limit error): nothing reached the policy stage.
func twoForms(tb testing.TB, in string, p *policy.Policy) (faithful, canonical, stage string, ok bool) {
	tb.Helper()
	var f, c sink
	_, tail, err := newPass(twin{&f, &c}, nil, []byte(in), p, nil).run()
	if err != nil {
		return "", "", "", false
	}
	var out bytes.Buffer
	if err := applyPolicy(p, &out, bytes.NewReader(f.Bytes())); err != nil {
		tb.Fatalf("policy stage error: %v", err)
	}
	// The sheets of document: wrap follow every form alike.
	return unmarked(string(f.Bytes())) + string(tail), string(c.Bytes()) + string(tail), out.String() + string(tail), true
}

// unmarked is s as the unmarker writes it: without fragmentMark, with the
// span's tags for a link's host marks.
func unmarked(s string) string {
	var b bytes.Buffer
	u := unmarker{w: &b}
	u.Write([]byte(s))
	u.Close()
	return b.String()
}

// policyStageDiff runs the pass alone, then the policy's bluemonday stage
// over its faithful form, and describes the first difference between the
// stage's output and the canonical form (or returns ""). An empty answer
// means the pass enforced the whole policy, its faithful bytes read as the
// tokens it meant, and it predicted the stage's serialisation exactly, so
// the faithful form is what the user gets.
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

// TestStageLeavesTextValuesToPass: the policy stage allows title, alt,
// abbr, summary, lang and dir on their elements, and rel and target on
// links, whatever their value (escaping it), and leaves their patterns
// to the pass, which refuses what the policy's pattern refuses (and
// writes rel and target itself); the stage still holds URL, class and
// every other attribute to its pattern.
func TestStageLeavesTextValuesToPass(t *testing.T) {
	p := ugcPolicy(t)
	tests := []struct{ name, in, stage, pass string }{
		{
			name:  "title, lang and dir",
			in:    `<p title="a<b>" lang="x_y" dir="sideways">t</p>`,
			stage: `<p title="a&lt;b&gt;" lang="x_y" dir="sideways">t</p>`,
			pass:  `<p>t</p>`,
		},
		{
			name:  "alt",
			in:    `<img src="/x.png" alt="<x>">`,
			stage: `<img src="/x.png" alt="&lt;x&gt;">`,
			pass:  `<img src="/x.png">`,
		},
		{
			name:  "summary and abbr",
			in:    `<table summary="<s>"><tbody><tr><td abbr="<a>">d</td></tr></tbody></table>`,
			stage: `<table summary="&lt;s&gt;"><tbody><tr><td abbr="&lt;a&gt;">d</td></tr></tbody></table>`,
			pass:  `<table><tbody><tr><td>d</td></tr></tbody></table>`,
		},
		{
			name:  "rel on a link",
			in:    `<a href="https://e.example/" rel="opener">x</a>`,
			stage: `<a href="https://e.example/" rel="opener">x</a>`,
			pass:  `<a href="https://e.example/" rel="nofollow ugc">x</a>`,
		},
		{
			name:  "target, which ugc never writes",
			in:    `<a href="https://e.example/" target="_top">x</a>`,
			stage: `<a href="https://e.example/">x</a>`,
			pass:  `<a href="https://e.example/" rel="nofollow ugc">x</a>`,
		},
		{
			name:  "patterns the stage keeps",
			in:    `<code class="evil">c</code><a href="javascript:alert(1)">x</a><td width="1e9">w</td><ol start="-1"></ol>`,
			stage: `<code>c</code><a>x</a><td>w</td><ol></ol>`,
			pass:  `<code>c</code>xw<ol></ol>`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := applyPolicy(p, &out, strings.NewReader(tc.in)); err != nil {
				t.Fatal(err)
			}
			if got := out.String(); got != tc.stage {
				t.Errorf("stage(%q) = %q, want %q", tc.in, got, tc.stage)
			}
			got, err := String(tc.in, p)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.pass {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.pass)
			}
		})
	}
}
