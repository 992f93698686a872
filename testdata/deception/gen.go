//go:build ignore

// gen writes the deception set, links.jsonl, to stdout:
//
//	go run testdata/deception/gen.go > testdata/deception/links.jsonl
//
// It is deterministic: the same source gives the same bytes. Every line
// is one link, {"id","html","class","label","why"}; see README.md.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type link struct {
	ID    string `json:"id"`
	HTML  string `json:"html"`
	Class string `json:"class"`
	Label string `json:"label"`
	Why   string `json:"why"`
}

var (
	all   []link
	count = map[string]int{}
)

// attr escapes a URL for a double-quoted attribute value, as a careful
// author would write it; the entries that test entity tricks write their
// markup with raw().
func attr(s string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;").Replace(s)
}

func add(class, label, why, html string) {
	count[class]++
	all = append(all, link{
		ID:    fmt.Sprintf("%s-%03d", class, count[class]),
		HTML:  html,
		Class: class,
		Label: label,
		Why:   why,
	})
}

// bad adds a deceptive link with neutral text, so that only the URL can
// give it away.
func bad(class, why, href string) {
	add(class, "deceptive", why, `<a href="`+attr(href)+`">link</a>`)
}

// good adds an ordinary link with neutral text.
func good(class, why, href string) {
	add(class, "ordinary", why, `<a href="`+attr(href)+`">link</a>`)
}

// raw adds a link whose markup is written out in full.
func raw(class, label, why, html string) { add(class, label, why, html) }

func main() {
	homographs()
	hostForms()
	userinfo()
	pathTricks()
	invisibles()
	separators()
	ipHosts()
	nested()
	schemes()
	linkText()
	ordinary()
	linkLayout()
	w := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, l := range all {
		if err := enc.Encode(l); err != nil {
			panic(err)
		}
	}
	if err := w.Flush(); err != nil {
		panic(err)
	}
}

// brands are the names phishing imitates most; the look-alikes below
// replace one or more letters of them.
var brands = []string{"paypal", "google", "apple", "microsoft", "amazon", "facebook", "netflix", "chase"}

func homographs() {
	// Cyrillic letters that render as Latin ones (UTS #39 confusables).
	cyr := strings.NewReplacer("a", "\u0430", "e", "\u0435", "o", "\u043e", "p", "\u0440", "c", "\u0441", "x", "\u0445")
	for _, b := range brands {
		// Replace only the first replaceable letter: the mixed-script form.
		for i, r := range b {
			if s := cyr.Replace(string(r)); s != string(r) {
				h := b[:i] + s + b[i+len(string(r)):]
				bad("homograph-cyrillic", "mixed Latin and Cyrillic: reads as "+b+".com, goes elsewhere", "https://"+h+".com/login")
				break
			}
		}
	}
	// Whole-script Cyrillic look-alikes: no Latin letter at all.
	for _, h := range []string{"\u0430\u0440\u0440\u04cf\u0435", "\u0440\u0430\u0443\u0440\u0430\u04cf", "\u0435\u0431\u0430\u0443", "\u0441\u043e\u043e\u0440", "\u0445\u0441\u043e\u0440\u0435"} {
		bad("whole-script-confusable", "all-Cyrillic label whose letters all look Latin ("+h+")", "https://"+h+".com/")
	}
	bad("whole-script-confusable", "all-Cyrillic apple.com look-alike written as Punycode", "https://xn--80ak6aa92e.com/")
	greek := []struct{ host, reads string }{
		{"g\u03bf\u03bfgle.com", "google.com"}, {"paypa\u03b9.com", "paypal"}, {"\u03b1mazon.com", "amazon.com"},
		{"faceb\u03bf\u03bfk.com", "facebook.com"}, {"netfl\u03b9x.com", "netflix.com"}, {"micr\u03bfsoft.com", "microsoft.com"},
		{"\u03bdisa.com", "visa.com"}, {"tw\u03b9tter.com", "twitter.com"},
	}
	for _, g := range greek {
		bad("homograph-greek", "Greek letters in a Latin name: reads as "+g.reads, "https://"+g.host+"/")
	}
	single := []struct{ host, why string }{
		{"\u0261oogle.com", "U+0261 LATIN SMALL LETTER SCRIPT G for g"},
		{"pay\u0131pal.com", "U+0131 DOTLESS I: payıpal reads as paypal at a glance"},
		{"p\u0251ypal.com", "U+0251 LATIN ALPHA for a"},
		{"g\u1d0f\u1d0fgle.com", "U+1D0F small capital O for o"},
		{"amazo\u0274.com", "U+0274 small capital N for n"},
		{"micro\u0455oft.com", "U+0455 Cyrillic dze for s"},
		{"\u0261mail.com", "U+0261 script g: gmail look-alike"},
		{"app\u04cfe.com", "U+04CF Cyrillic palochka for l"},
		{"paypa\u0196.com", "U+0196 LATIN CAPITAL IOTA for l"},
		{"goog\u0142e.com", "U+0142 l with stroke for l"},
		{"\u0185ank.example", "U+0185 tone six for b"},
		{"ama\u0290on.com", "U+0290 z with retroflex hook for z"},
		{"ev\u0131l.example", "dotless i: reads as evil.example"},
	}
	for _, s := range single {
		bad("single-script-lookalike", s.why, "https://"+s.host+"/")
	}
	mapped := []struct{ host, why string }{
		{"\uff50\uff41\uff59\uff50\uff41\uff4c.com", "fullwidth letters: UTS #46 maps them to paypal.com, a string blocklist does not"},
		{"\U0001d429\U0001d41a\U0001d432\U0001d429\U0001d41a\U0001d425.com", "mathematical bold letters, mapped to paypal.com"},
		{"\u210aoogle.com", "U+210A SCRIPT SMALL G, mapped to g"},
		{"goog\u217ce.com", "U+217C SMALL ROMAN NUMERAL FIFTY, mapped to l"},
		{"pay\u00adpal.com", "soft hyphen, invisible, mapped away"},
		{"\u24c5\u24b6\u24ce\u24c5\u24b6\u24c1.com", "circled letters, mapped to paypal"},
		{"PAYPAL.\uff23\uff2f\uff2d", "fullwidth COM"},
	}
	for _, m := range mapped {
		bad("host-mapped", m.why, "https://"+m.host+"/")
	}
}

func hostForms() {
	for _, h := range []struct{ host, why string }{
		{"xn--pypal-4ve.com", "Punycode of pаypal (Cyrillic а), written directly"},
		{"XN--PYPAL-4VE.COM", "upper-case Punycode of a mixed-script host"},
		{"xn--ggle-55da.com", "Punycode of gооgle (Cyrillic о)"},
		{"xn--a.com", "Punycode that decodes to nothing valid"},
		{"xn--.com", "empty Punycode label"},
		{"xn--paypal-.com", "Punycode of plain ASCII"},
		{"xn--80ak6aa92e.xn--p1ai", "whole-script Cyrillic apple under .рф, as Punycode"},
		{"xn--google.com", "xn-- prefix with no valid encoding"},
		{"paypal.xn--com-.example", "Punycode label of ASCII, hides a dot-like split"},
	} {
		bad("punycode-trick", h.why, "https://"+h.host+"/")
	}
	for _, h := range []string{"paypal.com.", "paypal.com..", "evil.example.", "10.0.0.1.", "PAYPAL.COM."} {
		bad("trailing-dot", "trailing dot: the same site to a browser, a different string to a blocklist", "https://"+h+"/")
	}
	for _, u := range []string{"http://%70aypal.com/", "http://paypal%2Ecom/", "http://ev%69l.example/", "http://%65%76%69%6c.example/", "http://paypal.com%2Fevil.example/", "http://bank.example%40evil.example/"} {
		bad("encoded-host", "percent escapes in the host hide its name", u)
	}
}

func userinfo() {
	for _, u := range []string{
		"http://paypal.com@evil.example/",
		"https://www.bank.example:login@evil.example/",
		"http://user:pass@evil.example/",
		"https://bank.example&session=1@evil.example/",
		"https://accounts.google.com%2Fsignin@evil.example/",
		"https://bank.example:443@evil.example/",
		"https://bank.example%20@evil.example/",
		"https://@evil.example/",
		"https://paypal.com\u2215login@evil.example/",
		"https://bank.example@bank.example.evil.example/",
		"ftp://admin@evil.example/",
		"//bank.example@evil.example/",
		"https://bank.example:@evil.example/",
		"https://%62ank.example@evil.example/",
	} {
		bad("userinfo", "user name before @ makes the link read as another host", u)
	}
	raw("userinfo", "deceptive", "entity-encoded @ in the attribute", `<a href="https://bank.example&#64;evil.example/">link</a>`)
}

func pathTricks() {
	for _, u := range []string{
		"http://good.example/..%2Fetc/passwd",
		"http://good.example/static/..%2F..%2Fadmin",
		"https://good.example/%2e%2e/admin",
		"https://good.example/%2E%2E%2Fadmin",
		"https://good.example/a/%2e%2e%2f%2e%2e%2fadmin",
		"https://good.example/a/%2F%2Fevil.example",
		"https://good.example/%2Fevil.example",
		"https://good.example/redirect/%2F%2Fevil.example/login",
		"https://good.example/a%5C..%5Cadmin",
		"https://good.example/files/%5C%5Cevil.example%5Cshare",
		"https://good.example/.%2e/admin",
		"https://good.example/%2e./admin",
		"%2F%2Fevil.example/x",
		"/%2F%2Fevil.example",
	} {
		bad("encoded-separator", "an encoded separator or dot segment changes the path once a server decodes it", u)
	}
	for _, u := range []string{
		"https://good.example/%252e%252e%252fadmin",
		"https://good.example/a/%252F%252Fevil.example",
		"https://good.example/?next=%25252F%25252Fevil.example",
		"https://good.example/?q=%2525252e%2525252e",
		"https://good.example/#%25252F",
		"https://good.example/%25%32%65%25%32%65/admin",
		"https://good.example/?q=%25%32%35%32%46",
	} {
		bad("multiple-encoding", "double or deeper encoding decodes to a separator on a second pass", u)
	}
	for _, u := range []string{
		"https://good.example/?q=%u4E2D",
		"https://good.example/?next=%u002F%u002Fevil.example",
		"https://good.example/#%u002e%u002e",
		"https://good.example/%u002e%u002e/admin",
		"https://good.example/search?q=%u003Cscript%u003E",
		"https://good.example/?a=%U0041",
		"https://ex%u0061mple.com/",
		"https://good.example/?TARGET=-SM-%u4E2D",
	} {
		bad("percent-u", "IIS %uXXXX escape: a server reads other text than the browser sends", u)
	}
	for _, u := range []string{
		"https://good.example/\u202egnp.exe",
		"https://good.example/%E2%80%AEgnp.exe",
		"https://good.example/invoice\u202efdp.exe",
		"https://good.example/?file=%E2%80%AEfdp.scr",
		"https://good.example/#%E2%80%AE",
		"https://good.example/docs/\u2066evil\u2069",
		"https://good.example/%E2%81%A6x%E2%81%A9",
		"https://good.example/\u200f/a",
	} {
		bad("bidi-control", "a bidi control reverses how the rest is displayed", u)
	}
}

func invisibles() {
	for _, u := range []string{
		"https://pay\u200bpal.com/",
		"https://pay\u200cpal.com/",
		"https://pay\u200dpal.com/",
		"https://pay\ufeffpal.com/",
		"https://pay\u2060pal.com/",
		"https://good.example/\u200b/login",
		"https://good.example/%E2%80%8B/login",
		"https://good.example/?next=%E2%80%8Bhttps://evil.example",
		"https://good.example/#\u200b",
		"https://pay\u202epal.com/",
		"https://good.example/\u180e",
		"https://pay\u034fpal.com/",
	} {
		bad("invisible-char", "an invisible character hides in the URL", u)
	}
	for _, u := range []string{
		"https://pay\tpal.com/",
		"https://pay\npal.com/",
		"https://bank.example\t.evil.example/",
		"java\tscript:alert(1)",
		"https://good.example/\r\nlogin",
		"ht\ntps://evil.example/",
		"https://evil.\nexample/",
	} {
		bad("tab-newline", "TAB/LF/CR are deleted by browsers: what is read is not what is followed", u)
	}
	raw("tab-newline", "deceptive", "entity-encoded newline inside the scheme", `<a href="jav&#x0A;ascript:alert(1)">link</a>`)
	raw("tab-newline", "deceptive", "entity-encoded tab inside the host", `<a href="https://bank&#9;.evil.example/">link</a>`)
}

func separators() {
	look := []struct{ r, name string }{
		{"\u2215", "DIVISION SLASH"}, {"\u2044", "FRACTION SLASH"}, {"\uff0f", "FULLWIDTH SOLIDUS"},
		{"\u29f8", "BIG SOLIDUS"}, {"\u2571", "BOX DRAWINGS DIAGONAL"}, {"\u29f5", "REVERSE SOLIDUS OPERATOR"},
		{"\u2216", "SET MINUS"}, {"\uff3c", "FULLWIDTH REVERSE SOLIDUS"}, {"\u0338", "COMBINING LONG SOLIDUS OVERLAY"},
		{"\u2236", "RATIO (colon look-alike)"}, {"\uff1a", "FULLWIDTH COLON"}, {"\uff03", "FULLWIDTH NUMBER SIGN"},
		{"\uff1f", "FULLWIDTH QUESTION MARK"}, {"\uff20", "FULLWIDTH COMMERCIAL AT"}, {"\u2024", "ONE DOT LEADER"},
		{"\u0589", "ARMENIAN FULL STOP"}, {"\u2027", "HYPHENATION POINT"}, {"\u00b7", "MIDDLE DOT"},
	}
	for _, l := range look {
		bad("lookalike-separator", l.name+" in the host looks like a delimiter: paypal.com"+l.r+"evil.example is one host",
			"http://paypal.com"+l.r+"evil.example/")
	}
	dots := []struct{ r, name string }{
		{"\u3002", "IDEOGRAPHIC FULL STOP"}, {"\uff0e", "FULLWIDTH FULL STOP"}, {"\uff61", "HALFWIDTH IDEOGRAPHIC FULL STOP"},
	}
	for _, d := range dots {
		bad("lookalike-dot", d.name+" becomes a real dot: a blocklist on paypal.com misses it", "http://paypal"+d.r+"com/")
		bad("lookalike-dot", d.name+" splits a host that reads as one label", "https://bank"+d.r+"evil"+d.r+"example/")
	}
}

func ipHosts() {
	for _, h := range []string{
		"0x7f.1", "2130706433", "0177.0.0.1", "127.1", "0x7f000001", "017700000001", "3232235521",
		"0xC0.0xA8.0.1", "0300.0250.0.1", "192.168.257", "0x7f.0.0.0x1", "1.0x2.3.4", "0x0a.0.0.1",
	} {
		bad("numeric-host", "IPv4 in a form other than dotted decimal hides which address it is", "http://"+h+"/")
	}
	for _, h := range []string{
		"\uff11\uff12\uff17.0.0.1", "127\u30020\u30020\u30021", "127\uff0e0\uff0e0\uff0e1", "\uff10\uff58\uff17\uff46.1",
		"\uff11\uff19\uff12.\uff11\uff16\uff18.0.1", "10\uff0e0\uff0e0\uff0e1", "\u0661\u0662\u0667.0.0.1",
	} {
		bad("fullwidth-ipv4", "fullwidth or ideographic digits or dots in an IPv4 host", "http://"+h+"/")
	}
	for _, h := range []string{
		"[::127.0.0.1]", "[::7f00:1]", "[64:ff9b::7f00:1]", "[64:ff9b::127.0.0.1]", "[::ffff:127.0.0.1]",
		"[::ffff:7f00:1]", "[::ffff:0:7f00:1]", "[2002:7f00:1::1]", "[2001:0:4136:e378::1]",
		"[1:2:3:4:5:6:1.2.3.4]", "[64:ff9b:1::a00:1]", "[::ffff:169.254.169.254]",
	} {
		bad("embedded-ipv4", "an IPv6 address that carries an IPv4 address", "http://"+h+"/")
	}
}

func nested() {
	for _, u := range []string{
		"https://good.example/redirect?url=https://good.example@evil.example/",
		"https://good.example/redirect?url=https%3A%2F%2Fgood.example%40evil.example%2F",
		"https://good.example/login?next=javascript:alert(1)",
		"https://good.example/login?next=javascript%3Aalert(1)",
		"https://good.example/go?to=JaVaScRiPt:alert(1)",
		"https://good.example/?r=data:text/html,%3Cscript%3Ealert(1)%3C/script%3E",
		"https://good.example/?r=vbscript:msgbox(1)",
		"https://good.example/out?u=//good.example@evil.example",
		"https://good.example/?continue=https://user:pw@evil.example/",
		"https://good.example/#next=javascript:alert(1)",
		"https://good.example/?u=https://good.example%2540evil.example/",
		"https://good.example/login?TARGET=-SM-javascript%3aalert%281%29",
		"https://good.example/login?TARGET=$SM$http%3a%2f%2fbank%2eexample%40evil%2eexample%2f",
		"https://good.example/?url=java%09script:alert(1)",
	} {
		bad("nested-url", "a URL in the query carries userinfo or an active scheme", u)
	}
	for _, u := range []string{
		"https://good.example/go/http:evil.example",
		"https://good.example/x/https:\\evil.example/",
		"https://good.example/out/HTTP:///evil.example",
		"https://good.example/out;u=http:evil.example/login",
	} {
		bad("nested-url", "a URL in a path segment, however many slashes follow its scheme: an open-redirect endpoint goes there", u)
	}
	for _, u := range []string{
		"https://good.example/.//evil.example/x",
		"/a/..//evil.example",
	} {
		bad("nested-url", "the path is //host once dot segments go: a network-path reference to a server that redirects to it", u)
	}
	for _, u := range []string{
		"https://www.google.com/amp/s/evil.example/page",
		"https://example-com.cdn.ampproject.org/c/s/evil.example/",
		"https://example-com.cdn.ampproject.org/i/s/evil.example/a.png",
		"https://urldefense.com/v3/__https://evil.example/path__;!!ABC!def$",
	} {
		bad("nested-url", "a redirect service's path form (AMP viewer, AMP cache, Proofpoint v3) carries another host", u)
	}
}

func schemes() {
	for _, u := range []string{
		"javascript:alert(1)", "JaVaScRiPt:alert(document.domain)", " javascript:alert(1)", "vbscript:msgbox(1)",
		"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "javascript://bank.example/%0aalert(1)",
		"\u0001javascript:alert(1)", "jar:https://evil.example/x.jar!/", "file:///etc/passwd",
		"blob:https://evil.example/uuid", "filesystem:https://evil.example/temporary/x",
	} {
		bad("active-scheme", "a scheme that runs script or reads local data", u)
	}
	raw("active-scheme", "deceptive", "entity-encoded javascript: scheme", `<a href="&#106;avascript:alert(1)">link</a>`)
	raw("active-scheme", "deceptive", "hex entities spell javascript:", `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">link</a>`)
	raw("active-scheme", "deceptive", "named entity colon", `<a href="javascript&colon;alert(1)">link</a>`)
	for _, u := range []string{
		"http:\\\\evil.example\\", "/\\evil.example/", "\\\\evil.example/", "https://evil.example\\@bank.example/",
		"https://bank.example\\.evil.example/", "http:/\\evil.example/",
	} {
		bad("backslash", "a backslash is a slash to browsers in http(s) URLs", u)
	}
	for _, u := range []string{"http:/evil.example/", "http:///evil.example/", "https:evil.example/", "https:////evil.example/"} {
		bad("slashes", "the wrong number of slashes before the host", u)
	}
	// The same hosts, in markup a naive filter does not expect.
	raw("markup", "deceptive", "single-quoted href, mixed-script host", "<a href='https://p\u0430ypal.com/'>link</a>")
	raw("markup", "deceptive", "unquoted href, userinfo", "<a href=https://paypal.com@evil.example/>link</a>")
	raw("markup", "deceptive", "upper-case tag, look-alike separator", "<A HREF=\"http://paypal.com\u2215evil.example/\">link</A>")
	raw("markup", "deceptive", "newline around =, numeric host", "<a\nhref\n=\n\"http://0x7f.1/\">link</a>")
	raw("markup", "deceptive", "second href is ignored by browsers; the first deceives", `<a href="https://paypal.com@evil.example/" href="https://good.example/">link</a>`)
	raw("markup", "deceptive", "link inside a paragraph, bidi override", "<p>See <a href=\"https://good.example/\u202egnp.exe\">the file</a>.</p>")
}

func linkText() {
	cases := []struct{ href, text, why string }{
		{"https://evil.example/", "https://bank.example/login", "text is a URL of another host"},
		{"https://evil.example/", "www.bank.example", "text is a host name of another host"},
		{"https://evil.example/", "paypal.com", "bare host as text"},
		{"https://evil.example/", "paypal.com/signin", "bare host and path as text"},
		{"https://evil.example/", "HTTPS://BANK.EXAMPLE/", "upper-case URL text"},
		{"https://evil.example/", "http://127.0.0.1/", "IP address as text"},
		{"https://evil.example/", "//bank.example/", "protocol-relative URL as text"},
		{"https://bank.example.evil.example/", "bank.example", "href host only ends with another name"},
		{"https://evil.example/bank.example", "bank.example", "the named host is in the path"},
		{"https://evil.example/?u=bank.example", "https://bank.example/", "the named host is in the query"},
		{"https://xn--pypal-4ve.com/", "paypal.com", "text names paypal.com, href is a Cyrillic look-alike"},
		{"https://evil.example/", "https://accounts.google.com/ServiceLogin", "sign-in page of another host"},
		{"http://93.184.216.34/", "https://example.com/", "href is an IP, text a name"},
		{"https://evil.example/", "https://bank.example:443/", "text with explicit port"},
		{"https://evil.example/", "ftp://files.bank.example/", "ftp URL as text"},
	}
	for _, c := range cases {
		raw("link-text", "deceptive", c.why, `<a href="`+attr(c.href)+`">`+c.text+`</a>`)
	}
	raw("link-text", "deceptive", "text split by inline markup", `<a href="https://evil.example/">https://bank.<b>example</b>/</a>`)
	raw("link-text", "deceptive", "entity-encoded dot in text", `<a href="https://evil.example/">https://bank&#46;example/</a>`)
	raw("link-text", "deceptive", "whitespace around text", "<a href=\"https://evil.example/\">\n  https://bank.example/  \n</a>")
	raw("link-text", "deceptive", "text inside a span", `<a href="https://evil.example/"><span>bank.example</span></a>`)
	fileNames := []struct{ href, text, why string }{
		{"https://evil.example/", "paypal.zip", "a bare name on .zip, a file-name ending and a top-level domain, linking elsewhere"},
		{"https://evil.example/login", "paypal.app", "a bare name on a newer generic top-level domain"},
		{"https://evil.example/", "paypal.online", "a bare name on a newer generic top-level domain"},
		{"https://evil.example/bank.mp4", "bank.mov", "a bare name on .mov; the href's file is another"},
		{"https://evil.example/", "Download microsoft-update.zip", "a .zip host in a sentence, the href names no such file"},
		{"https://evil.example/", "Sign in at PAYPAL.DE", "a bare name in capitals on a country code"},
		{"https://evil.example/paypal.com", "paypal.com", "the named host is the href's last segment, but .com is no file-name ending"},
		{"https://evil.example/", "stats.SE", "a nickname's shape on a link that does not go to Stack Exchange"},
		{"https://evil.example/", "model.fit", "code's shape, but .fit is a top-level domain a phisher can pick"},
		{"https://evil.example/", "self.app", "code's shape, but .app is a top-level domain a phisher can pick"},
	}
	for _, c := range fileNames {
		raw("file-name-host", "deceptive", c.why, `<a href="`+attr(c.href)+`">`+c.text+`</a>`)
	}
}

func ordinary() {
	for _, u := range []string{
		"https://www.facebook.com/sharer/sharer.php?u=https://example.com/article",
		"https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.com%2Farticle",
		"https://twitter.com/intent/tweet?url=https://example.com/a&text=Read%20this",
		"https://x.com/intent/post?url=https%3A%2F%2Fexample.com%2F&via=example",
		"https://www.linkedin.com/sharing/share-offsite/?url=https://example.com/post",
		"https://www.linkedin.com/shareArticle?mini=true&url=https%3A%2F%2Fexample.com%2F",
		"https://reddit.com/submit?url=https://example.com/&title=Example",
		"https://pinterest.com/pin/create/button/?url=https://example.com/&media=https://example.com/i.jpg",
		"https://api.whatsapp.com/send?text=https://example.com/",
		"https://t.me/share/url?url=https://example.com/&text=hi",
		"https://www.tumblr.com/widgets/share/tool?canonicalUrl=https://example.com/",
		"https://news.ycombinator.com/submitlink?u=https://example.com/&t=Example",
		"https://www.google.com/url?q=https://example.com/&sa=D",
		"https://web.archive.org/web/2020/https://example.com/",
	} {
		good("ordinary-share", "a share, redirect or archive link with a nested ordinary URL", u)
	}
	for _, u := range []string{
		"https://login.example.com/siteminderagent/forms/login.fcc?TYPE=33554433&REALMOID=06-000a1b2c&GUID=&SMAUTHREASON=0&METHOD=GET&SMAGENTNAME=-SM-abc123&TARGET=-SM-https%3a%2f%2fportal%2eexample%2ecom%2fapp",
		"https://sso.example.com/login.fcc?TARGET=-SM-http%3a%2f%2fintranet%2eexample%2ecom%2fhr%2findex%2ehtml",
		"https://sso.example.com/login.fcc?TARGET=-SM-HTTP%3a%2f%2fserver%2edomain%2ecom%2fprotected%2fHeaderDumper%2easp",
		"https://sso.example.com/login.fcc?TARGET=$SM$https%3a%2f%2fportal%2eexample%2ecom%2f",
		"https://sso.example.com/login.fcc?TYPE=33554433&TARGET=-SM-%2fapp%2fhome",
		"https://sso.example.com/smlogin?SMAUTHREASON=7&TARGET=-SM-https%3a%2f%2fportal%2eexample%2ecom%2fa%3fb%3d1%26c%3d2",
		"/siteminderagent/forms/login.fcc?TARGET=-SM-https%3a%2f%2fportal%2eexample%2ecom%2f",
		"https://sso.example.com/login.fcc?TARGET=-SM-https%3a%2f%2fportal%2eexample%2ecom%2fpath--with--dashes",
	} {
		good("ordinary-siteminder", "a SiteMinder login form with an SM-encoded TARGET", u)
	}
	for _, u := range []string{
		"https://MÜNCHEN.de/", "https://BÜCHER.de/", "https://ÉCOLE.example/", "https://Zürich.ch/",
		"https://ΑΘΗΝΑ.gr/", "https://КРЕМЛЬ.рф/", "https://STRASSE.de/", "https://FAß.de/",
	} {
		good("ordinary-upper-idn", "an internationalised host written in capitals", u)
	}
	for _, u := range []string{
		"https://en.wikipedia.org/wiki/100%_Orange_Juice", "https://example.com/?q=50%+off",
		"https://example.com/sale/50%-off", "https://example.com/?discount=100%", "https://en.wikipedia.org/wiki/%_(disambiguation)",
		"https://example.com/?q=100%users",
	} {
		good("ordinary-percent-literal", "a literal % that starts no escape (Wikipedia-style title)", u)
	}
	for _, u := range []string{
		"#section-2", "#top", "https://example.com/page#L10-L20", "https://example.com/#/route/child", "/docs#install",
		"https://github.com/golang/go/blob/master/README.md#getting-started", "#%E2%9C%93",
	} {
		good("ordinary-fragment", "a fragment link", u)
	}
	for _, u := range []string{
		"mailto:user@example.com", "mailto:a@b.example?subject=Hi%20there&body=Hello", "mailto:first.last+tag@example.co.uk",
		"tel:+1-555-0100", "mailto:?to=a@example.com", "MAILTO:Support@Example.com",
	} {
		good("ordinary-mailto", "an e-mail or telephone link", u)
	}
	for _, u := range []string{
		"https://bücher.de/", "https://日本語.jp/", "https://пример.рф/", "https://xn--mnchen-3ya.de/", "https://例え.テスト/",
		"https://español.example/", "https://ελληνικά.gr/", "https://中国.cn/", "https://한국.kr/", "https://straße.de/",
	} {
		good("ordinary-idn", "an ordinary internationalised host in one script", u)
	}
	for _, u := range []string{
		"/path/to/page", "../up/one", "?page=2", "page.html", "https://example.com/", "http://example.com/a/b?c=d",
		"https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "https://www.amazon.com/dp/B000000000/ref=sr_1_1",
		"https://www.google.com/search?q=golang+url+parse", "https://github.com/golang/go/issues/12345",
		"https://example.com:8080/admin", "http://192.168.1.1/", "http://[2001:db8::1]/", "http://localhost:3000/",
		"https://en.wikipedia.org/wiki/Caf%C3%A9", "https://en.wikipedia.org/wiki/Fran%C3%A7ois_(name)",
		"https://en.wikipedia.org/wiki/C%2B%2B", "https://example.com/a%2Fb", "https://example.com/search?q=a%26b",
		"https://example.com/%E2%82%AC/price", "https://docs.example.com/v1.2.3/api.html", "https://example.com/~user/",
		"https://example.com/a,b;c=d", "https://example.com/path?x=1&y=2#frag", "//cdn.example.com/lib.js",
		"https://sub.domain.example.co.uk/", "https://example.com/?redirect=/home", "https://example.com/?next=%2Fdashboard",
		"https://stackoverflow.com/questions/1/how-to?answertab=votes#tab-top", "https://example.com/wiki/Main_Page",
	} {
		good("ordinary-web", "an ordinary web link", u)
	}
	texts := []struct{ href, text string }{
		{"https://www.example.com/", "example.com"},
		{"https://example.com/", "www.example.com"},
		{"https://example.com/a/b", "https://example.com/other/path?q=1"},
		{"https://xn--mnchen-3ya.de/", "münchen.de"},
		{"https://example.com/", "Node.js"},
		{"https://example.com/", "version 2.0.1"},
		{"https://example.com/", "こんにちは。世界"},
		{"https://example.com/", "see bank.example for details"},
		{"https://example.com/", "EXAMPLE.COM"},
		{"https://github.com/golang/go", "github.com/golang/go"},
	}
	for _, tc := range texts {
		raw("ordinary-link-text", "ordinary", "link text that names the link's own host, or is not a URL",
			`<a href="`+attr(tc.href)+`">`+tc.text+`</a>`)
	}
	for _, u := range []string{
		"https://en.wikipedia.org/wiki/Help:Contents", "https://en.wikipedia.org/wiki/HTTP:Cookie",
		"https://example.com/time/10:30", "https://example.com/search/http", "https://example.com/a/b?next=a//b",
		"https://example.com/a//b", "https://example.com/amp/story.html", "https://example.com/i/s/logo.png",
	} {
		good("ordinary-path", "an ordinary path with a scheme-like word, a colon or a double slash that carries no host", u)
	}
	files := []struct{ href, text string }{
		{"https://files.example/dl/report.zip", "report.zip"},
		{"https://files.example/dl/report.zip", "Download report.zip"},
		{"https://github.com/org/repo/blob/main/setup.py", "setup.py"},
		{"https://github.com/org/repo/blob/main/README.md", "README.md"},
		{"https://github.com/org/repo/blob/main/src/main.rs#L42", "main.rs:42"},
		{"https://files.example/media/trailer%2Emov", "trailer.mov"},
		{"https://example.com/releases", "v1.2.3"},
		{"https://stats.meta.stackexchange.com/q/6422/232706", "stats.SE"},
	}
	for _, tc := range files {
		raw("ordinary-file-name", "ordinary", "a file name the href's path ends in, a version, or a Stack Exchange nickname on a link there",
			`<a href="`+attr(tc.href)+`">`+tc.text+`</a>`)
	}
}

// linkLayout writes links whose text a browser lays out, hides, reverses
// or shows on hover, each shape once deceptive (the href goes elsewhere)
// and once ordinary (the href goes to the host the reader sees).
func linkLayout() {
	hosts := []string{"bank.example", "paypal.com", "www.sparkasse.de", "https://login.microsoftonline.com/",
		"accounts.google.com/signin", "help@bbc.co.uk"}
	own := map[string]string{"bank.example": "https://bank.example/login", "paypal.com": "https://www.paypal.com/signin",
		"www.sparkasse.de": "https://www.sparkasse.de/", "https://login.microsoftonline.com/": "https://login.microsoftonline.com/common",
		"accounts.google.com/signin": "https://accounts.google.com/signin", "help@bbc.co.uk": "mailto:help@bbc.co.uk"}
	shapes := []struct{ class, why, html string }{
		{"link-layout", "a host on a line of its own (br)", "%s<br>Log in"},
		{"link-layout", "a host in a paragraph of its own", "<p>%s</p><p>Log in</p>"},
		{"link-layout", "a host, then a block", "%s<div>Log in</div>"},
		{"link-layout", "a host in a list item", "<ul><li>%s<li>Log in</ul>"},
		{"link-layout", "a host in a table cell", "<table><tr><td>%s<td>secure</table>"},
		{"link-layout", "a host above a rule", "%s<hr>Log in"},
		{"link-layout", "a host in a heading", "<h3>%s</h3>Log in"},
		{"link-layout", "a host in a quote block", "<blockquote>%s</blockquote>secure"},
		{"link-layout", "a host in bold, the next word in italics", "<b>%s</b><i>secure</i>"},
		{"link-layout", "a host in code, the next word in emphasis", "<code>%s</code><em>login</em>"},
		{"link-layout", "a host, then an image", `%s<img src="/i.png" alt="">Log in`},
		{"link-hidden", "a host, then ruby parentheses", "%s<rp>Log in</rp>"},
		{"link-hidden", "a host, then a closed details body", "%s<details><summary></summary>x</details>secure"},
		{"link-hidden", "a host, then hidden text", "%s<span hidden>Log in</span>"},
		{"link-hidden", "a host, then text hidden by style", `%s<span style="display:none">Log in</span>`},
		{"link-hidden", "a host, then a template", "%s<template>Log in</template>"},
		{"link-hidden", "a host, then noscript", "%s<noscript>Log in</noscript>"},
		{"link-hidden", "a host, then a video's fallback", "%s<video>Log in</video>"},
		{"link-tooltip", "a host in a tooltip of an inner element", `<span title="%s">Log in</span>`},
		{"link-tooltip", "a host in an abbreviation's title", `<abbr title="%s">Log in</abbr>`},
		{"link-tooltip", "a host in an image's alt text", `Log in <img src="/i.png" alt="%s">`},
	}
	for i, h := range hosts {
		for _, sh := range shapes {
			html := strings.Replace(sh.html, "%s", h, 1)
			raw(sh.class, "deceptive", sh.why+", naming another site than the href",
				`<a href="https://evil.example/`+fmt.Sprint(i)+`">`+html+`</a>`)
			raw("ordinary-"+sh.class, "ordinary", sh.why+", naming the href's own site",
				`<a href="`+attr(own[h])+`">`+html+`</a>`)
		}
		for _, attrName := range []string{"title"} { // aria-label: no preset keeps it (sanitize tests it)
			raw("link-tooltip", "deceptive", "a host in the link's "+attrName,
				`<a href="https://evil.example/" `+attrName+`="`+attr(h)+`">Log in</a>`)
			raw("ordinary-link-tooltip", "ordinary", "the link's own host in its "+attrName,
				`<a href="`+attr(own[h])+`" `+attrName+`="`+attr(h)+`">Log in</a>`)
		}
	}
	for _, rev := range []struct{ shown, stored string }{
		{"paypal.com", "moc.lapyap"}, {"bank.example", "elpmaxe.knab"}, {"www.sparkasse.de", "ed.essakraps.www"},
	} {
		raw("link-bidi", "deceptive", "a host written backwards under bdo dir=rtl, shown as "+rev.shown,
			`<a href="https://evil.example/"><bdo dir="rtl">`+rev.stored+`</bdo></a>`)
		raw("link-bidi", "deceptive", "a host written backwards, split by markup, under bdo dir=rtl",
			`<a href="https://evil.example/"><bdo dir="rtl">`+rev.stored[:3]+`<b>`+rev.stored[3:]+`</b></bdo></a>`)
		raw("ordinary-link-bidi", "ordinary", "a host under bdo dir=ltr, shown as written",
			`<a href="https://`+rev.shown+`/"><bdo dir="ltr">`+rev.shown+`</bdo></a>`)
	}
	raw("link-size", "deceptive", "a host after more markup than the link-text check holds (256 KiB)",
		`<a href="https://evil.example/login">.`+strings.Repeat("<b></b>", 38000)+`Sign in at https://bank.example/</a>`)
	raw("ordinary-link-layout", "ordinary", "a file name the href ends in",
		`<a href="https://files.example/reports/report.zip">Download report.zip</a>`)
	raw("ordinary-link-layout", "ordinary", "text on two lines naming no host",
		`<a href="https://forum.example/t/1">Read the thread<br>12 replies</a>`)
}
