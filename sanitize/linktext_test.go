package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// TestLinkTextMismatch: a link whose text is a URL or
// a host name of another host loses its href under ugc.
func TestLinkTextMismatch(t *testing.T) {
	runCases(t, preset(t, "ugc"), []sanitizeCase{
		{"url-text-other-host", `<a href="https://evil.example/">https://bank.example/login</a>`, `https://bank.example/login`},
		{"host-text-other-host", `<a href="https://evil.example/">www.bank.example</a>`, `www.bank.example`},
		{"bare-host-text", `<a href="https://evil.example/">paypal.com</a>`, `paypal.com`},
		{"bare-host-path-text", `<a href="https://evil.example/">paypal.com/signin</a>`, `paypal.com/signin`},
		{"mixed-case-host-text", `<a href="https://evil.example/">PayPal.com</a>`, `PayPal.com`},
		{"upper-case-host-with-www", `<a href="https://evil.example/">WWW.PAYPAL.COM</a>`, `WWW.PAYPAL.COM`},
		{"shortener-behind-url-text", `<a href="http://t.co/Awh0d7o3gy"><span>&nbsp;</span>http://www.washingtonpost.com/blogs/x/</a>`, "<span>&nbsp;</span>http://www.washingtonpost.com/blogs/x/"},
		{"split-text", `<a href="https://evil.example/">https://bank.<b>example</b>/</a>`, `https://bank.<b>example</b>/`},
		{"entity-text", `<a href="https://evil.example/">https://bank&#46;example/</a>`, `https://bank&#46;example/`},
		{"ip-text", `<a href="https://evil.example/">http://127.0.0.1/</a>`, `http://127.0.0.1/`},
		{"text-with-spaces-around", "<a href=\"https://evil.example/\">\n  https://bank.example/  \n</a>", "\n  https://bank.example/  \n"},
		{"protocol-relative-text", `<a href="https://evil.example/">//bank.example/</a>`, `//bank.example/`},
		{"closed-implicitly", `<p><a href="https://evil.example/">bank.com</p>x`, `<p>bank.com</p>x`},
		{"closed-at-end", `<a href="https://evil.example/">bank.com`, `bank.com`},
		{"nested-through-table", `<a href="https://a.example/">ok text<table><tr><td><a href="https://evil.example/">bank.com</a></td></tr></table></a>`,
			`<a href="https://a.example/" rel="nofollow ugc">ok text<table><tr><td>bank.com</td></tr></table></a>`},
	})
}

// TestLinkTextNoFalsePositive is the other half of point 5: text that
// names the link's own host, or that is not a URL, keeps the link.
func TestLinkTextNoFalsePositive(t *testing.T) {
	p := preset(t, "ugc")
	keep := func(href, text string) sanitizeCase {
		return sanitizeCase{text, `<a href="` + href + `">` + text + `</a>`, `<a href="` + href + `" rel="nofollow ugc">` + text + `</a>`}
	}
	runCases(t, p, []sanitizeCase{
		keep("https://www.example.com/", "example.com"),
		keep("https://example.com/", "www.example.com"),
		keep("https://example.com/", "WWW.EXAMPLE.COM"),
		keep("https://example.com/a/b", "https://example.com/other/path?q=1"),
		keep("https://example.com/", "example.com/docs/intro"),
		keep("https://xn--mnchen-3ya.de/", "münchen.de"),
		keep("https://xn--mnchen-3ya.de/", "https://MÜNCHEN.de/"),
		keep("https://xn--mnchen-3ya.de/", "xn--mnchen-3ya.de"),
		keep("https://example.com/", "Node.js"),
		keep("https://example.com/", "e.g."),
		keep("https://example.com/", "こんにちは。世界"),
		keep("https://example.com/", "第1.2節"),
		keep("https://example.com/", "version 2.0.1"),
		keep("https://example.com/", "see bank.example for details"),
		keep("https://example.com/", "index.html"),
		keep("https://example.com/", "3.14"),
		keep("/relative/page", "bank.com"),
		keep("https://example.com./", "example.com"),
		keep("https://stats.meta.stackexchange.com/q/6422/232706", "stats.SE"),
		keep("https://ai.meta.stackexchange.com/q/2905/21542", "AI.SE"),
	})
}

func TestLinkTextPolicies(t *testing.T) {
	in := `<a href="https://evil.example/">https://bank.example/</a>`
	for _, tc := range []struct{ mode, want, action string }{
		{"rewrite", `<a href="https://evil.example/" rel="nofollow ugc">https://evil.example/</a>`, "rewrote-text"},
		{"report", `<a href="https://evil.example/" rel="nofollow ugc">https://bank.example/</a>`, "flagged"},
		{"ignore", `<a href="https://evil.example/" rel="nofollow ugc">https://bank.example/</a>`, ""},
		{"reject", `https://bank.example/`, "removed-attribute"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			c, err := policy.PresetConfig("ugc")
			if err != nil {
				t.Fatal(err)
			}
			c.Links.TextMismatch = tc.mode
			p, err := policy.Compile(c)
			if err != nil {
				t.Fatal(err)
			}
			got, changes, err := StringReport(in, p)
			if err != nil || got != tc.want {
				t.Fatalf("StringReport = %q, %v; want %q", got, err, tc.want)
			}
			var actions []string
			for _, ch := range changes {
				if ch.Reason == "link-text-mismatch" {
					actions = append(actions, string(ch.Action))
					if ch.Line != 1 || ch.Column != 1 {
						t.Errorf("change at %d:%d, want the link's 1:1", ch.Line, ch.Column)
					}
				}
			}
			if got := strings.Join(actions, ","); got != tc.action {
				t.Errorf("link-text changes %q, want %q", got, tc.action)
			}
		})
	}
}

// TestLinkTextOverflow: a link holding more markup than the pass holds
// back, with no text yet, cannot be checked and is treated as a mismatch.
func TestLinkTextOverflow(t *testing.T) {
	p := preset(t, "ugc")
	pad := strings.Repeat("<b></b>", maxLinkHeld/7+10)
	got, err := String(`<a href="https://evil.example/">`+pad+`https://bank.example/</a>x`, p)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "href") {
		t.Errorf("an unchecked link kept its href: %.80q…", got)
	}
	plain := strings.Repeat("<b>word</b> ", maxLinkHeld/12+10)
	got, err = String(`<a href="https://example.com/">`+plain+`</a>x`, p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got, `<a href="https://example.com/"`) || !strings.HasSuffix(got, "</a>x") {
		t.Errorf("a long link with plain text lost its href: %.80q…", got)
	}
}

// TestLinkTextAfterError: a document refused inside a held link (here for
// its depth) leaves nothing behind in the pooled pass: the next document
// is written whole, to its own writer.
func TestLinkTextAfterError(t *testing.T) {
	p := mustPolicy(t, "extends: ugc\nlimits: {max_depth: 8}\n")
	for range 3 {
		if _, err := String(`<a href="https://evil.example/">`+strings.Repeat("<b>", 20)+"bank.com", p); err == nil {
			t.Fatal("no limit error")
		}
		got, err := String(`<p>next <a href="https://example.com/">example.com</a> <a href="https://evil.example/">bank.com</a></p>`, p)
		if want := `<p>next <a href="https://example.com/" rel="nofollow ugc">example.com</a> bank.com</p>`; err != nil || got != want {
			t.Fatalf("after an error inside a link: %q, %v; want %q", got, err, want)
		}
	}
}
