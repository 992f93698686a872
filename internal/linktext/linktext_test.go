package linktext

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
)

func TestRead(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"ascii-unchanged", "Sign in at https://PayPal.com/", "Sign in at https://PayPal.com/"},
		{"fullwidth", "ｈｔｔｐｓ://good.example/", "https://good.example/"},
		{"ideographic-full-stop", "paypal。com", "paypal.com"},
		{"fullwidth-full-stop", "paypal．com", "paypal.com"},
		{"halfwidth-ideographic-full-stop", "paypal｡com", "paypal.com"},
		{"one-dot-leader", "good.example․com", "good.example.com"},
		{"syriac-full-stop", "paypal܁com", "paypal.com"},
		{"division-slash", "paypal.com∕login", "paypal.com/login"},
		{"fraction-slash", "paypal.com⁄login", "paypal.com/login"},
		{"big-solidus", "paypal.com⧸login", "paypal.com/login"},
		{"fullwidth-solidus", "paypal.com／login", "paypal.com/login"},
		{"kangxi-slash", "paypal.com⼃login", "paypal.com/login"},
		{"right-to-left-override", "\u202emoc.lapyap\u202c", "moc.lapyap"},
		{"isolates", "\u2067paypal.com\u2069", "paypal.com"},
		{"zero-width", "pay\u200bpal\u200c.\u200dcom\u2060", "paypal.com"},
		{"soft-hyphen-bom", "\ufeffpay\u00adpal.com", "paypal.com"},
		{"variation-selector", "paypal\ufe0f.com\U000E0100", "paypal.com"},
		{"tags", "paypal.com\U000E0041\U000E007F", "paypal.com"},
		{"no-break-space", "visit\u00a0paypal.com", "visit paypal.com"},
		{"circled-digit", "①.example", "1.example"},
		{"letters-kept", "ノート 丿 ٠", "ノート 丿 ٠"},
		{"case-kept", "ＰＡＹＰＡＬ.ＣＯＭ", "PAYPAL.COM"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Read(tc.in); got != tc.want {
				t.Errorf("Read(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestHostsNamed: text that names a host, in every form a reader takes
// for one.
func TestHostsNamed(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"url", "https://paypal.com/signin", []string{"paypal.com"}},
		{"upper-case", "PAYPAL.COM", []string{"paypal.com"}},
		{"upper-case-url", "HTTPS://PAYPAL.COM/", []string{"paypal.com"}},
		{"mixed-case", "PayPal.com", []string{"paypal.com"}},
		{"port", "paypal.com:443", []string{"paypal.com"}},
		{"port-url", "https://paypal.com:8443/x", []string{"paypal.com"}},
		{"path", "paypal.com/login", []string{"paypal.com"}},
		{"query", "paypal.com?x=1", []string{"paypal.com"}},
		{"www", "www.paypal.com", []string{"www.paypal.com"}},
		{"www-upper", "WWW.PAYPAL.DE", []string{"www.paypal.de"}},
		{"protocol-relative", "//paypal.com/x", []string{"paypal.com"}},
		{"lookalike-slash", "paypal.com∕login", []string{"paypal.com"}},
		{"ideographic-dot", "paypal。com", []string{"paypal.com"}},
		{"one-dot-leader", "good.example․com", []string{"good.example.com"}},
		{"fullwidth-url", "ｈｔｔｐｓ://good.example/", []string{"good.example"}},
		{"rtl-override", "\u202ehttps://paypal.com/\u202c", []string{"paypal.com"}},
		{"rtl-override-reversed", "\u202emoc.lapyap\u202c", []string{"paypal.com"}},
		{"rtl-override-reversed-url", "Sign in: \u202emoc.lapyap//:sptth", []string{"paypal.com"}},
		{"rtl-override-nested", "a \u202e\u202bmoc\u202c.lapyap\u202c b", []string{"paypal.com"}},
		{"zero-width-inside", "pay\u200bpal.com", []string{"paypal.com"}},
		{"public-suffix-path", "github.io/paypal", []string{"github.io"}},
		{"sentence-url", "Sign in at https://paypal.com/signin", []string{"paypal.com"}},
		{"sentence-bare", "visit paypal.com today", []string{"paypal.com"}},
		{"sentence-end", "Go to paypal.com.", []string{"paypal.com"}},
		{"parenthesised", "(paypal.com)", []string{"paypal.com"}},
		{"quoted", "“paypal.com”", []string{"paypal.com"}},
		{"url-prefix", "URL:https://paypal.com/", []string{"paypal.com"}},
		{"email", "help@paypal.com", []string{"paypal.com"}},
		{"mailto", "mailto:help@paypal.com", []string{"paypal.com"}},
		{"mailto-upper-query", "MAILTO:help@PayPal.com?subject=x", []string{"paypal.com"}},
		{"userinfo", "https://paypal.com@evil.example/", []string{"paypal.com", "evil.example"}},
		{"ipv4", "http://127.0.0.1/", []string{"127.0.0.1"}},
		{"bare-ipv4", "192.168.0.1", []string{"192.168.0.1"}},
		{"ipv6", "http://[::1]/", []string{"[::1]"}},
		{"numeric-ipv4-url", "http://0x7f.1/", []string{"127.0.0.1"}},
		{"idn", "münchen.de", []string{"xn--mnchen-3ya.de"}},
		{"idn-upper", "https://MÜNCHEN.de/", []string{"xn--mnchen-3ya.de"}},
		{"idn-tld", "пример.рф/", []string{"xn--e1afmkfd.xn--p1ai"}},
		{"cctld", "bbc.co.uk", []string{"bbc.co.uk"}},
		{"punycode", "XN--MNCHEN-3YA.de", []string{"xn--mnchen-3ya.de"}},
		{"punycode-invalid", "xn--zz.example/", []string{"xn--zz.example"}},
		{"reserved", "bank.example", []string{"bank.example"}},
		{"new-gtld-with-path", "model.fit/pricing", []string{"model.fit"}},
		{"new-gtld-with-scheme", "https://plt.show", []string{"plt.show"}},
		{"file-tld-with-path", "setup.py/docs", []string{"setup.py"}},
		{"file-tld-with-www", "www.archive.zip", []string{"www.archive.zip"}},
		{"two-hosts", "from a.example to b.example", []string{"a.example", "b.example"}},
		{"upper-cctld-three-labels", "BBC.CO.UK", []string{"bbc.co.uk"}},
		{"nickname-with-path", "stats.SE/questions", []string{"stats.se"}},
		{"nickname", "stats.SE", []string{"stats.se"}},
		{"new-gtld-bare", "paypal.app", []string{"paypal.app"}},
		{"file-tld-bare", "paypal.zip", []string{"paypal.zip"}},
		{"any-scheme", "ftp://files.example/x", []string{"files.example"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Hosts(nil, tc.in)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Hosts(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestHostsNotNamed: text with dots that names no host.
func TestHostsNotNamed(t *testing.T) {
	for _, in := range []string{
		"v1.2", "version 2.0.1", "3.14", "1.2.3", "1.2.3.400", "e.g.", "i.e.", "D.W.", "etc.",
		"Node.js", "index.html", "photo.jpeg", "notes.txt", "main.go", "style.css", "lib.rb", "a.x",
		"ai.stackexchange", "meta.puzzling", "std::vector", "a.b:c", "@app.route",
		"こんにちは。世界", "第1.2節", "ノート", "Hello world", "", "...", "//", "https://",
		"mailto:", "@", "x@", "a..b.com", ".com", "CC BY-SA 3.0",
	} {
		if got := Hosts(nil, in); len(got) != 0 {
			t.Errorf("Hosts(%q) = %q, want none", in, got)
		}
	}
}

// TestHostsBareOnRealTLD: a bare name on any top-level domain of the
// public suffix list is a host unless the href says otherwise: an
// attacker picks the ending, so neither a file-name ending (zip, mov,
// py, md) nor a newer generic one (app, online, fit) nor a nickname's
// capitals (stats.SE) tells a file, code or a nickname from a host. A
// name on an ending that is no file extension is a host even at the end
// of the path ("https://evil.example/bank.example").
func TestHostsBareOnRealTLD(t *testing.T) {
	tests := []struct{ text, href, want string }{
		{"paypal.zip", "https://evil.example/", "paypal.zip"},
		{"paypal.app", "https://evil.example/login", "paypal.app"},
		{"paypal.online", "https://evil.example/", "paypal.online"},
		{"bank.mov", "https://evil.example/bank.mp4", "bank.mov"},
		{"Download paypal.zip now", "https://evil.example/dl/other.zip", "paypal.zip"},
		{"report.zip", "https://files.example/dl/report.zip/", "report.zip"},
		{"report.zip", "https://report.zip", "report.zip"},
		{"report.zip", "https://files.example/report.zip.exe", "report.zip"},
		{"setup.py", "https://github.com/org/repo", "setup.py"},
		{"README.md", "https://github.com/org/repo#readme", "readme.md"},
		{"main.rs:42", "https://github.com/org/repo/blob/main/src/lib.rs", "main.rs"},
		{"model.fit", "https://docs.example/keras", "model.fit"},
		{"plt.show", "https://matplotlib.example/", "plt.show"},
		{"self.app", "https://flask.example/", "self.app"},
		{"stats.SE", "https://evil.example/", "stats.se"},
		{"CS.SE", "https://cs.stackexchange.example/", "cs.se"},
		{"bank.example", "https://evil.example/bank.example", "bank.example"},
		{"paypal.com", "https://evil.example/login/paypal.com", "paypal.com"},
		{"Hello.World", "https://evil.example/", "hello.world"},
		{"PAYPAL.DE", "https://evil.example/", "paypal.de"},
		{"MANIFEST.in", "https://example.com/", "manifest.in"},
	}
	for _, tc := range tests {
		got := HostsFor(nil, tc.text, tc.href)
		var want []string
		if tc.want != "" {
			want = []string{tc.want}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("HostsFor(%q, %q) mismatch (-want +got):\n%s", tc.text, tc.href, diff)
		}
	}
}

// TestHostsFileName: a bare word on a file-name ending equal to the last
// segment of the href's path (case-insensitively, escapes of unreserved
// characters decoded) is the file the link leads to, not a host; a Stack
// Exchange nickname on a link to Stack Exchange is no host either.
func TestHostsFileName(t *testing.T) {
	tests := []struct{ text, href string }{
		{"report.zip", "https://files.example/dl/report.zip"},
		{"Download report.zip", "https://files.example/dl/report.zip"},
		{"REPORT.ZIP", "https://files.example/dl/report.zip"},
		{"report.zip", "https://files.example/dl/report%2Ezip"},
		{"report.zip", "https://files.example/dl/report.zip?download=1#top"},
		{"setup.py", "https://github.com/org/repo/blob/main/setup.py"},
		{"README.md", "https://github.com/org/repo/blob/main/README.md"},
		{"main.rs:42", "https://github.com/org/repo/blob/main/src/main.rs#L42"},
		{"(archive.zip)", "/files/archive.zip"},
		{"stats.SE", "https://stats.meta.stackexchange.com/q/6422/232706"},
		{"27 edits on CS.SE", "https://cs.stackexchange.com/users/755/d-w"},
		{"acceptance rate for DS.SE", "https://i.stack.imgur.com/QfrNj.png"},
		{"trailer.mov", "trailer.mov"},
		{"v1.2.3", "https://example.com/releases"},
		{"version 2.0.1", "https://example.com/"},
	}
	for _, tc := range tests {
		if got := HostsFor(nil, tc.text, tc.href); len(got) != 0 {
			t.Errorf("HostsFor(%q, %q) = %q, want none", tc.text, tc.href, got)
		}
	}
	// The file name spares only the bare word: with a scheme, "www." or
	// a path it is a host, and another host in the text still counts.
	for _, tc := range []struct{ text, href, want string }{
		{"https://report.zip/", "https://files.example/report.zip", "report.zip"},
		{"www.report.zip", "https://files.example/www.report.zip", "www.report.zip"},
		{"report.zip/x", "https://files.example/x", "report.zip"},
		{"report.zip from paypal.com", "https://files.example/report.zip", "paypal.com"},
	} {
		if diff := cmp.Diff([]string{tc.want}, HostsFor(nil, tc.text, tc.href)); diff != "" {
			t.Errorf("HostsFor(%q, %q) mismatch (-want +got):\n%s", tc.text, tc.href, diff)
		}
	}
}

func TestSameSite(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"paypal.com", "paypal.com", true},
		{"www.paypal.com", "paypal.com", true},
		{"paypal.com.", "paypal.com", true},
		{"login.bank.example", "www.bank.example", true},
		{"programmers.stackexchange.com", "softwareengineering.stackexchange.com", true},
		{"bbc.co.uk", "news.bbc.co.uk", true},
		{"x.github.io", "y.github.io", false},
		{"x.github.io", "a.x.github.io", true},
		{"github.io", "paypal.github.io", false},
		{"github.io", "github.io.", true},
		{"co.uk", "bbc.co.uk", false},
		{"paypal.com", "paypal.com.evil.example", false},
		{"paypal.com", "paypal.co", false},
		{"127.0.0.1", "127.0.0.2", false},
		{"10.0.0.1", "0.1", false},
		{"[::1]", "[::1]", true},
		{"localhost", "localhost", true},
		{"localhost", "a.localhost", false},
	}
	for _, tc := range tests {
		if got := SameSite(tc.a, tc.b); got != tc.want {
			t.Errorf("SameSite(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if got := SameSite(tc.b, tc.a); got != tc.want {
			t.Errorf("SameSite(%q, %q) = %v, want %v", tc.b, tc.a, got, tc.want)
		}
	}
}

// TestLookalikeTable: the generated table is sorted, holds the
// separators the package documents, and no letter or digit.
func TestLookalikeTable(t *testing.T) {
	if !slices.IsSortedFunc(lookalikes[:], func(a, b separator) int { return int(a.r - b.r) }) {
		t.Error("lookalikes is not sorted")
	}
	for _, r := range []rune{0x2215, 0x2044, 0x29F8, 0x2024, 0x0701, 0x3002} {
		if _, ok := lookalike(r); !ok {
			t.Errorf("lookalike(%U) = false, want true", r)
		}
	}
	for _, r := range []rune{0x0660, 0x30CE, 0x4E3F, 'a', '.'} {
		if c, ok := lookalike(r); ok {
			t.Errorf("lookalike(%U) = %q, want none", r, c)
		}
	}
}

// TestHostsGrowth: the time grows linearly with the text's length and
// with the number of hosts it names.
func TestHostsGrowth(t *testing.T) {
	tests := []struct {
		name string
		gen  func(n int) string
	}{
		{"hosts", func(n int) string { return strings.Repeat("see https://a.paypal.com/x and b.example ", n) }},
		{"one-word", func(n int) string { return "https://" + strings.Repeat("a.", n) + "com/" }},
		{"dots", func(n int) string { return strings.Repeat(".", n) }},
		{"schemes", func(n int) string { return strings.Repeat("a:", n) + "//x.com" }},
		{"non-ascii", func(n int) string { return strings.Repeat("ｐａｙ。\u202e\u0301", n) }},
		{"overrides", func(n int) string { return strings.Repeat("\u202emoc.a\u202c\u202e\u202b", n) }},
		{"marks", func(n int) string { return "a" + strings.Repeat("\u0301", n) + ".com" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			growth.Check(t, 512, tc.gen, func(s string) { Hosts(nil, s) })
		})
	}
}

// FuzzHosts: no panic; every host found is canonical (finding it again
// in itself gives itself) and is one site with itself.
func FuzzHosts(f *testing.F) {
	for _, s := range []string{
		"Sign in at https://paypal.com/signin", "paypal。com∕login", "help@paypal.com",
		"https://a@b.example:80/", "v1.2 setup.py e.g.", "\u202e1.2.3.4\u202c", "ｈｔｔｐｓ://x.example",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		hosts := Hosts(nil, text)
		for _, h := range hosts {
			if !utf8.ValidString(h) || h == "" || strings.ContainsAny(h, " /@") {
				t.Fatalf("Hosts(%q) gives %q", text, h)
			}
			if !SameSite(h, h) {
				t.Errorf("SameSite(%q, itself) = false", h)
			}
		}
		if r := Read(text); Read(r) != r {
			t.Errorf("Read is not idempotent on %q: %q, then %q", text, r, Read(r))
		}
	})
}

func TestPlainASCII(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"paypal.com", true}, {"PayPal.COM", true}, {"a-b.example", true}, {"a--b.example", true},
		{"xn--mnchen-3ya.de", false}, {"XN--p1ai", false}, {"ab--c.example", false},
		{"a..b", false}, {".a", false}, {"a.", false}, {"a_b.com", false}, {"münchen.de", false},
		{"0x7f.1", false}, {"127.1", false}, {"a.0x7f", false}, {"1a.com", true},
	}
	for _, tc := range tests {
		if got := plainASCII(tc.in); got != tc.want {
			t.Errorf("plainASCII(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestMayName: the quick test lets through every text Hosts could find a
// host in.
func TestMayName(t *testing.T) {
	for _, in := range []string{"a.b", "x:y", "a@b", "a/b", "paypal。com", "é"} {
		if !mayName(in) {
			t.Errorf("mayName(%q) = false, want true", in)
		}
	}
	for _, in := range []string{"", "Sean Owen", "click here", "2,487 edits"} {
		if mayName(in) {
			t.Errorf("mayName(%q) = true, want false", in)
		}
	}
}

func TestHandle(t *testing.T) {
	for _, c := range []struct {
		text, acct string
		ok         bool
	}{
		{"@alice@example.social", "alice@example.social", true},
		{" @bob@mastodon.example. ", "bob@mastodon.example", true},
		{"alice@example.social", "", false},     // an e-mail address
		{"@alice", "", false},                   // a local mention
		{"@a@b@c.example", "", false},           // not one handle
		{"hi @alice@example.social", "", false}, // a sentence
		{"@alice@", "", false},                  // no host
	} {
		acct, ok := Handle(c.text)
		if acct != c.acct || ok != c.ok {
			t.Errorf("Handle(%q) = %q, %v; want %q, %v", c.text, acct, ok, c.acct, c.ok)
		}
	}
}
