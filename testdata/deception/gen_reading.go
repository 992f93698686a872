//go:build ignore

// gen_reading writes the second deception set, reading.jsonl, to stdout:
//
//	go run testdata/deception/gen_reading.go > testdata/deception/reading.jsonl
//
// It holds links as people read them: link text that names another site
// in every form a reader takes for a host, beside text that only looks
// like one (versions, file names, abbreviations, code, the link's own
// site); redirects in a path; IP hosts a server must not fetch;
// international hosts; fragments. Same format as links.jsonl (see
// README.md); deterministic.
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

func attr(s string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;").Replace(s)
}

func add(class, label, why, html string) {
	count[class]++
	all = append(all, link{ID: fmt.Sprintf("%s-%03d", class, count[class]), HTML: html, Class: class, Label: label, Why: why})
}

// text adds a link with the given content (markup) and href.
func text(class, label, why, href, content string) {
	add(class, label, why, `<a href="`+attr(href)+`">`+content+`</a>`)
}

func bad(class, why, href string)  { add(class, "deceptive", why, `<a href="`+attr(href)+`">link</a>`) }
func good(class, why, href string) { add(class, "ordinary", why, `<a href="`+attr(href)+`">link</a>`) }

const evil = "https://evil.example/"

func main() {
	textDeceptive()
	textBenign()
	pathRedirects()
	ipHosts()
	internationalHosts()
	fragments()
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

// sites are the hosts the deceptive texts name.
var sites = []string{"paypal.com", "accounts.google.com", "appleid.apple.com", "login.microsoftonline.com", "amazon.co.uk", "bank.example"}

func textDeceptive() {
	for _, s := range sites {
		up := strings.ToUpper(s)
		text("text-case", "deceptive", "host in capitals", evil, up)
		text("text-case", "deceptive", "URL in capitals", evil, "HTTPS://"+up+"/")
		text("text-port", "deceptive", "host with its default port", evil, s+":443")
		text("text-port", "deceptive", "URL with a port and a path", evil, "https://"+s+":8443/login")
		text("text-lookalike-dot", "deceptive", "ideographic full stop (U+3002)", evil, strings.ReplaceAll(s, ".", "\u3002"))
		text("text-lookalike-dot", "deceptive", "one dot leader (U+2024)", evil, strings.ReplaceAll(s, ".", "\u2024"))
		text("text-lookalike-slash", "deceptive", "division slash (U+2215) before the path", evil, s+"\u2215login")
		text("text-fullwidth", "deceptive", "fullwidth letters (NFKC)", evil, fullwidth("https://"+s+"/"))
		text("text-invisible", "deceptive", "zero-width space inside the name", evil, s[:2]+"\u200b"+s[2:])
		text("text-sentence", "deceptive", "a URL inside a sentence", evil, "Sign in at https://"+s+"/signin to continue")
		text("text-sentence", "deceptive", "a bare host inside a sentence", evil, "visit "+s+" today")
		text("text-email", "deceptive", "an e-mail address of the site", evil, "help@"+s)
	}
	for _, c := range []struct{ why, content string }{
		{"fullwidth full stop (U+FF0E)", "paypal\uff0ecom"},
		{"halfwidth ideographic full stop (U+FF61)", "paypal\uff61com"},
		{"Syriac full stop (U+0701)", "paypal\u0701com"},
		{"Vai full stop (U+A60E)", "paypal\ua60ecom"},
		{"one dot leader in the middle of a longer name", "good.example\u2024com"},
	} {
		text("text-lookalike-dot", "deceptive", c.why, evil, c.content)
	}
	for _, c := range []struct{ why, content string }{
		{"fraction slash (U+2044)", "paypal.com\u2044signin"},
		{"big solidus (U+29F8)", "paypal.com\u29f8signin"},
		{"fullwidth solidus (U+FF0F)", "paypal.com\uff0fsignin"},
		{"box drawing diagonal (U+2571)", "paypal.com\u2571signin"},
		{"mathematical rising diagonal (U+27CB)", "paypal.com\u27cbsignin"},
		{"Kangxi radical slash (U+2F03)", "paypal.com\u2f03signin"},
		{"division slashes after the scheme", "https:\u2215\u2215paypal.com\u2215"},
	} {
		text("text-lookalike-slash", "deceptive", c.why, evil, c.content)
	}
	for _, c := range []struct{ why, content string }{
		{"mathematical bold letters", "\U0001d429\U0001d41a\U0001d432\U0001d429\U0001d41a\U0001d425.\U0001d41c\U0001d428\U0001d426"},
		{"circled letters", "\u24df\u24d0\u24e8\u24df\u24d0\u24db.\u24d2\u24de\u24dc"},
		{"fullwidth capitals", fullwidth("PAYPAL.COM")},
		{"fullwidth scheme only", "\uff48\uff54\uff54\uff50\uff53://good.example/"},
	} {
		text("text-fullwidth", "deceptive", c.why, evil, c.content)
	}
	for _, c := range []struct{ why, content string }{
		{"soft hyphen", "pay\u00adpal.com"},
		{"byte order mark", "\ufeffpaypal.com"},
		{"zero-width joiner and non-joiner", "pay\u200dpal\u200c.com"},
		{"word joiner", "paypal\u2060.com"},
		{"variation selector", "paypal.com\ufe0f"},
		{"tag characters", "paypal.com\U000e0041\U000e007f"},
		{"Mongolian vowel separator", "paypal\u180e.com"},
		{"invisible times", "paypal\u2062.com"},
	} {
		text("text-invisible", "deceptive", c.why, evil, c.content)
	}
	for _, c := range []struct{ why, content string }{
		{"right-to-left override around a reversed host", "\u202emoc.lapyap\u202c"},
		{"right-to-left override around a reversed URL", "\u202emoc.lapyap//:sptth\u202c"},
		{"override to the end of the text", "Sign in: \u202enigis/moc.lapyap"},
		{"left-to-right marks around the host", "\u200epaypal.com\u200e"},
		{"right-to-left isolate around the host", "\u2067paypal.com\u2069"},
		{"right-to-left embedding inside the name", "pay\u202bpal\u202c.com"},
		{"Arabic letter mark", "paypal\u061c.com"},
	} {
		text("text-bidi", "deceptive", c.why, evil, c.content)
	}
	for _, c := range []struct{ href, content, why string }{
		{evil, "github.io/paypal", "a public suffix with a path names that host"},
		{"https://evil.github.io/", "paypal.github.io", "another site under the same public suffix"},
		{"https://evil.github.io/", "https://paypal.github.io/login", "another site under the same public suffix, as a URL"},
		{"https://evil.blogspot.com/", "bank.blogspot.com", "another blog on the same host suffix"},
		{"https://evil.co.uk/", "bank.co.uk", "two registrable domains under co.uk"},
		{"https://paypal.com.evil.example/", "paypal.com", "href host only starts with the named host"},
	} {
		text("text-public-suffix", "deceptive", c.why, c.href, c.content)
	}
	for _, c := range []struct{ why, content string }{
		{"host in quotes at the end of a sentence", `Log in at "paypal.com".`},
		{"URL in parentheses", "your account (https://paypal.com/myaccount)"},
		{"host after a line break", "Sign in:\npaypal.com"},
		{"host after a no-break space", "Sign\u00a0in\u00a0at\u00a0paypal.com"},
		{"URL with a label prefix", "URL:https://paypal.com/"},
		{"second of two hosts", "from example.com to paypal.com"},
		{"host with a trailing dot", "Go to paypal.com."},
		{"host in guillemets", "«paypal.com»"},
	} {
		text("text-sentence", "deceptive", c.why, "https://example.com/", c.content)
	}
	for _, c := range []struct{ why, content string }{
		{"mailto URL as the text of an https link", "mailto:help@paypal.com"},
		{"mailto URL in capitals with a query", "MAILTO:Help@PayPal.com?subject=Account"},
		{"e-mail address in a sentence", "Write to security@paypal.com now"},
		{"e-mail address of a country-code host", "service@paypal.de"},
	} {
		text("text-email", "deceptive", c.why, evil, c.content)
	}
	for _, c := range []struct{ why, content string }{
		{"image alt URL as the link's only content", `<img src="/logo.png" alt="https://good.example/">`},
		{"image alt host as the only content", `<img src="/logo.png" alt="paypal.com">`},
		{"image alt after white space", ` <img src="/b.png" alt="Sign in at paypal.com"> `},
		{"image alt inside a span", `<span><img src="/b.png" alt="www.paypal.com"></span>`},
	} {
		text("text-img-alt", "deceptive", c.why, evil, c.content)
	}
	for _, c := range []struct{ why, content string }{
		{"host split by inline markup", "pay<b>pal</b>.com"},
		{"dot as a character reference", "paypal&#46;com"},
		{"look-alike slash as a character reference", "paypal.com&#x2215;login"},
		{"ideographic full stop as a named reference", "https://paypal&period;com/"},
		{"URL in a code element", "<code>https://paypal.com/</code>"},
		{"userinfo in the text URL reads as the host", "https://paypal.com@evil.example/"},
		{"Cyrillic look-alike text naming an IDN", "\u0440\u0430\u0443\u0440\u0430l.com"},
		{"IDN host text", "https://m\u00fcnchen.de/"},
		{"IP address text", "http://192.168.0.1/admin"},
		{"protocol-relative text", "//paypal.com/"},
	} {
		text("text-markup", "deceptive", c.why, evil, c.content)
	}
}

func fullwidth(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r > ' ' && r < 0x7f && r != ':' && r != '/' {
			r += 0xfee0
		}
		b.WriteRune(r)
	}
	return b.String()
}

func textBenign() {
	for _, c := range []string{"v1.2", "version 2.0.1", "Release 3.14.159", "Go 1.26", "Python 3.12.1", "v2.0.0-rc.1", "Build 10.0.19041", "ver. 4.5"} {
		text("text-version", "ordinary", "a version number", evil, c)
	}
	for _, c := range []string{
		"setup.py", "README.md", "main.rs:42", "install.sh", "requirements.txt", "index.html", "app.js",
		"style.css", "archive.zip", "video.mov", "libc.so.6", "Makefile.mk", "script.pl", "data.csv",
		"paper.pdf", "notebook.ipynb", "utils.py line 12", "src/main.rs", "docs/index.md", "Config.pm",
	} {
		// A bare name on a file-name ending is a file name only on a link
		// to that file (its path's last segment): the href says so.
		file, _, _ := strings.Cut(strings.Fields(c)[0], ":") // "main.rs:42": line 42 of main.rs
		text("text-file", "ordinary", "a file name, on a link to that file", evil+"files/"+file, c)
	}
	for _, c := range []string{"e.g.", "i.e.", "etc.", "U.S.", "Ph.D.", "a.m.", "vs.", "Fig. 3", "No. 5", "D.W.", "N.Y.C.", "St. Louis"} {
		text("text-abbreviation", "ordinary", "an abbreviation", evil, c)
	}
	// Bare "model.fit", "plt.show", "self.app", "foo.bar" are names on real
	// top-level domains, which a phisher can pick ("paypal.app"): hosts.
	// Code as written with a call is not.
	for _, c := range []string{"Node.js", "model.fit()", "plt.show()", "console.log", "np.array", "self.app()", "os.path.join", "df.head()", "foo.bar()", "Vue.js"} {
		text("text-code", "ordinary", "code", evil, c)
	}
	for _, c := range []struct{ href, content, why string }{
		{"https://paypal.com/", "paypal.com", "the link's own host"},
		{"https://www.paypal.com/", "PAYPAL.COM", "the link's own host in capitals"},
		{"https://paypal.com/", "https://www.paypal.com/signin", "the link's host with www."},
		{"https://paypal.com:8443/", "paypal.com:8443", "the link's host and port"},
		{"https://docs.python.org/3/", "docs.python.org", "the link's own host, three labels"},
		{"https://xn--mnchen-3ya.de/", "m\u00fcnchen.de", "the link's IDN host, in Unicode"},
		{"https://xn--mnchen-3ya.de/", "M\u00dcNCHEN.DE", "the link's IDN host in capitals"},
		{"https://example.com/contact", "help@example.com", "an e-mail address at the link's site"},
		{"https://example.com/", "Visit example.com today", "the link's host in a sentence"},
		{"https://example.com/", "\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.com", "the link's host in fullwidth letters"},
		{"https://example.com/", "example\u3002com", "the link's host with an ideographic full stop"},
		{"https://example.com/a", `<img src="/logo.png" alt="example.com">`, "image alt naming the link's host"},
		{"https://x.github.io/p", "x.github.io", "a site under a public suffix, its own"},
		{"https://example.com./", "example.com", "the link's host with a final dot"},
		{"https://192.168.0.1/", "192.168.0.1", "the link's IP address"},
		{"mailto:help@paypal.com", "help@paypal.com", "a mailto link with its address as text"},
		{"https://example.com/", "https://example.com:443/", "the link's host with the default port"},
		{"https://example.com/", "Sign in at https://example.com/signin", "the link's URL in a sentence"},
	} {
		text("text-own-site", "ordinary", c.why, c.href, c.content)
	}
	for _, c := range []struct{ href, content, why string }{
		{"https://login.example.com/", "example.com", "a subdomain of the named site"},
		{"https://example.com/", "login.example.com", "the named host is a subdomain of the link's"},
		{"https://news.bbc.co.uk/", "bbc.co.uk", "a subdomain under a two-label suffix"},
		{"https://softwareengineering.stackexchange.com/q/1", "off-topic on programmers.stackexchange.com", "another subdomain of the same site"},
		{"https://stats.meta.stackexchange.com/q/1", "https://stats.stackexchange.com has a cite option", "meta site of the named site"},
		{"https://en.wikipedia.org/wiki/URL", "wikipedia.org", "a language subdomain"},
		{"https://m.facebook.com/", "www.facebook.com", "mobile and www subdomains"},
		{"https://a.b.x.github.io/", "x.github.io", "a deeper subdomain of a site under a public suffix"},
	} {
		text("text-subdomain", "ordinary", c.why, c.href, c.content)
	}
	for _, c := range []struct{ href, content string }{
		{"https://stats.meta.stackexchange.com/q/6422/232706", "stats.SE"},
		{"https://ai.meta.stackexchange.com/q/2905/21542", "AI.SE"},
		{"https://cs.stackexchange.com/users/755/d-w", "2,487 edits on CS.SE"},
		{"https://meta.stackexchange.com/q/180335/254929", "another relevant discussion on meta.SE"},
		{"https://area51.stackexchange.com/proposals/55053/data-science", "stats for DS.SE"},
		{"https://datascience.stackexchange.com/users/8560/d-w", "27 edits on Data Science.SE"},
	} {
		text("text-nickname", "ordinary", "a Stack Exchange site nickname", c.href, c.content)
	}
	for _, c := range []string{
		"click here", "Read more \u2192", "\u3053\u3093\u306b\u3061\u306f\u3002\u4e16\u754c", "\u7b2c1.2\u7bc0", "$3.50", "4.5/5 stars",
		"10.5%", "Section 2.1", "\u2067\u0645\u0631\u062d\u0628\u0627\u2069", "\u30ce\u30fc\u30c8", "ai.stackexchange", "meta.puzzling",
		"CC BY-SA 3.0", "std::vector", "@app.route",
	} {
		text("text-no-host", "ordinary", "text that names no host", evil, c)
	}
	for _, c := range []struct{ href, content string }{
		{"/signin", "paypal.com"}, {"../about", "https://bank.example/"}, {"?page=2", "www.paypal.com"}, {"#top", "paypal.com"},
	} {
		text("text-relative", "ordinary", "a relative link stays on the page's site, whatever its text", c.href, c.content)
	}
}

func pathRedirects() {
	for _, u := range []string{
		"https://site.example/redirect/https://evil.example/",
		"https://site.example/redirect/http://evil.example/login",
		"https://site.example/out/http%3A%2F%2Fevil.example",
		"https://site.example/out/https%3A%2F%2Fevil.example%2Flogin",
		"https://site.example/r/%68ttps:%2F%2Fevil.example",
		"https://site.example/r/%68ttps://evil.example/",
		"https://site.example/go/https%3A//evil.example/",
		"https://site.example/redirect/HTTPS://EVIL.EXAMPLE/",
		"https://site.example/redirect/https%253A%252F%252Fevil.example",
		"https://site.example/a/b/c/https://evil.example/",
		"https://site.example/link/ftp://evil.example/file",
		"https://site.example/away/%2F%2Fevil.example",
		"https://site.example/redirect/https:%2F%2Fevil.example",
		"https://site.example/redirect/http:%2f%2fevil.example",
		"https://site.example/l/https%3a%2f%2fpaypal.com.evil.example",
		"https://site.example/jump/https://paypal.com@evil.example/",
		"https://site.example/redirect/%2568ttps%253A%252F%252Fevil.example",
		"https://site.example/redirect/https://evil.example/?a=1#b",
		"https://site.example/r/https:\\\\evil.example",
		"https://site.example/redirect/https://evil.example/;jsessionid=1",
		"https://site.example/exit/%68%74%74%70%73%3a%2f%2fevil.example",
		"https://site.example/external/https:/%2Fevil.example",
		"https://site.example/redirect/http%3A%2F%2F169.254.169.254%2F",
		"https://site.example/redirect/wss://evil.example/socket",
		"https://site.example/redirect/https://xn--pypal-4ve.com/",
	} {
		bad("path-redirect", "a URL in a path segment: an open-redirect endpoint", u)
	}
	for _, u := range []string{
		"https://en.wikipedia.org/wiki/HTTP", "https://en.wikipedia.org/wiki/Help:URL", "https://en.wikipedia.org/wiki/File:Example.jpg",
		"https://www.reddit.com/r/golang/", "https://example.com/docs/http-guide", "https://example.com/blog/2020/https-everywhere",
		"https://example.com/out/of/office", "https://example.com/tags/https", "https://example.com/redirect/intro",
		"https://en.wikipedia.org/wiki/Template:Cite_web", "https://example.com/r/2024/report.pdf", "https://example.com/search/mailto",
		"https://example.com/go/home", "https://example.com/wiki/Special:Search", "https://example.com/api/v1/users/42",
	} {
		good("ordinary-path", "an ordinary path with scheme-like words", u)
	}
}

func ipHosts() {
	for _, c := range []struct{ u, why string }{
		{"http://169.254.169.254/latest/meta-data/", "cloud metadata (AWS, GCP, Azure)"},
		{"http://169.254.169.254/computeMetadata/v1/", "cloud metadata, GCP path"},
		{"http://[fd00:ec2::254]/latest/meta-data/", "cloud metadata over IPv6 (AWS)"},
		{"http://100.100.100.200/latest/meta-data/", "cloud metadata (Alibaba), carrier-grade NAT range"},
		{"http://169.254.170.2/v2/credentials", "container credentials endpoint, link-local"},
		{"http://127.0.0.1/", "loopback"},
		{"http://127.0.0.1:8080/admin", "loopback with a port"},
		{"http://127.1/", "loopback, short form"},
		{"http://0x7f000001/", "loopback, one hex number"},
		{"http://2130706433/", "loopback, one decimal number"},
		{"http://017700000001/", "loopback, one octal number"},
		{"http://127.0.0.01/", "loopback, octal part"},
		{"http://[::1]/", "IPv6 loopback"},
		{"http://[0:0:0:0:0:0:0:1]/", "IPv6 loopback, long form"},
		{"http://0.0.0.0/", "unspecified address"},
		{"http://0/", "unspecified address, one number"},
		{"http://[::]/", "IPv6 unspecified address"},
		{"http://10.0.0.1/", "private network"},
		{"http://172.16.0.1/", "private network"},
		{"http://172.31.255.254/", "private network, end of the range"},
		{"http://192.168.0.1:0080/", "private network, port with a leading zero"},
		{"http://192.168.1.1/cgi-bin/luci", "home router"},
		{"http://100.64.0.1/", "carrier-grade NAT"},
		{"http://169.254.1.1/", "link-local"},
		{"http://[fc00::1]/", "IPv6 unique local"},
		{"http://[fd12:3456:789a::1]/", "IPv6 unique local"},
		{"http://[fe80::1]/", "IPv6 link-local"},
		{"http://[::ffff:127.0.0.1]/", "IPv4-mapped loopback"},
		{"http://[::ffff:7f00:1]/", "IPv4-mapped loopback in hex"},
		{"http://[::ffff:169.254.169.254]/", "IPv4-mapped metadata address"},
		{"http://[::ffff:a9fe:a9fe]/", "IPv4-mapped metadata address in hex"},
		{"http://[::ffff:10.0.0.1]/", "IPv4-mapped private address"},
		{"http://[64:ff9b::169.254.169.254]/", "NAT64 metadata address"},
		{"http://[64:ff9b::a9fe:a9fe]/", "NAT64 metadata address in hex"},
		{"http://[64:ff9b::7f00:1]/", "NAT64 loopback"},
		{"http://[64:ff9b:1::a9fe:a9fe]/", "local-use NAT64 metadata address"},
		{"http://[::127.0.0.1]/", "IPv4-compatible loopback"},
		{"http://[2002:7f00:1::]/", "6to4 loopback"},
		{"http://[2002:a9fe:a9fe::]/", "6to4 metadata address"},
		{"http://0251.0376.0251.0376/", "metadata address, octal parts"},
		{"http://0xa9.0xfe.0xa9.0xfe/", "metadata address, hex parts"},
		{"http://2852039166/", "metadata address, one decimal number"},
		{"http://\uff11\uff16\uff19.\uff12\uff15\uff14.\uff11\uff16\uff19.\uff12\uff15\uff14/", "metadata address, fullwidth digits"},
	} {
		bad("ip-internal", c.why+": a server that unfurls or proxies the link fetches it", c.u)
	}
	for _, u := range []string{
		"http://8.8.8.8/", "https://1.1.1.1/dns-query", "http://93.184.216.34/", "https://[2001:4860:4860::8888]/",
		"http://203.0.113.7/", "https://[2606:4700:4700::1111]/",
	} {
		good("ordinary-ip", "a public IP address: kept, and flagged as an IP host", u)
	}
}

func internationalHosts() {
	for _, c := range []struct{ u, why string }{
		{"https://\u0430\u0440\u0440\u04cf\u0435.com/", "whole-script Cyrillic look-alike of apple"},
		{"https://g\u043e\u043egle.com/", "Cyrillic o in google"},
		{"https://\u03b1pple.com/", "Greek alpha in apple"},
		{"https://p\u0430ypal.com/", "Cyrillic a in paypal"},
		{"https://\u0435xample.com/", "Cyrillic e in example"},
		{"https://micr\u043esoft.com/", "Cyrillic o in microsoft"},
		{"https://xn--80ak6aa92e.com/", "Punycode of the Cyrillic apple"},
		{"https://xn--pypal-4ve.com/", "Punycode of a mixed-script paypal"},
		{"https://\uff50\uff41\uff59\uff50\uff41\uff4c.com/", "fullwidth letters in the host"},
		{"https://paypal\u3002com/", "ideographic full stop in the host"},
		{"https://pay\u00adpal.com/", "soft hyphen in the host"},
		{"https://pay\u200bpal.com/", "zero-width space in the host"},
		{"https://paypal.com\u2215evil.example/", "division slash in the host"},
		{"https://\u0440\u0430\u0443\u0440\u0430\u04cf.com/", "whole-script Cyrillic paypal"},
		{"https://\u0455\u0441\u043e\u0440\u0435.com/", "whole-script Cyrillic scope"},
	} {
		bad("idn-confusable", c.why, c.u)
	}
	for _, u := range []string{
		"https://b\u00fccher.de/", "https://fa\u00df.de/", "https://\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/",
		"https://\u4f8b\u3048.\u30c6\u30b9\u30c8/", "https://\u0645\u062b\u0627\u0644.\u0625\u062e\u062a\u0628\u0627\u0631/",
		"https://\u0909\u0926\u093e\u0939\u0930\u0923.\u092a\u0930\u0940\u0915\u094d\u0937\u093e/",
		"https://\u03b4\u03bf\u03ba\u03b9\u03bc\u03ae.gr/", "https://\ud55c\uad6d.kr/", "https://\u0e44\u0e17\u0e22.th/",
		"https://\u05d1\u05d3\u05d9\u05e7\u05d4.\u05d9\u05e9\u05e8\u05d0\u05dc/", "https://t\u00fcrkiye.com.tr/",
		"https://\u5317\u4eac\u5927\u5b66.cn/", "https://espa\u00f1a.es/", "https://xn--bcher-kva.de/", "https://z\u00fcrich.ch/",
	} {
		good("ordinary-idn-script", "a real international host in its own script", u)
	}
}

func fragments() {
	for _, c := range []struct{ u, why string }{
		{"https://good.example/#\u202egnp.exe", "right-to-left override in the fragment"},
		{"https://good.example/file#%E2%80%AEfdp.exe", "escaped right-to-left override in the fragment"},
		{"https://good.example/#\u200b", "zero-width space in the fragment"},
		{"https://good.example/#https://evil.example/", "a URL in the fragment (client-side redirect)"},
		{"https://good.example/#\u2215\u2215evil.example", "look-alike slashes in the fragment"},
		{"https://good.example/#%0d%0aSet-Cookie:x", "escaped CR LF in the fragment"},
		{"https://good.example/#//evil.example/path", "protocol-relative URL in the fragment"},
	} {
		bad("fragment-spoof", c.why, c.u)
	}
	for _, u := range []string{
		"https://a.example/#f#g", "https://a.example/#section-2", "https://a.example/#:~:text=hello%20world",
		"https://a.example/#/route/42", "https://a.example/#!/path", "https://a.example/#%E6%97%A5%E6%9C%AC",
		"https://github.com/golang/go/blob/master/src/net/url/url.go#L100-L120", "https://a.example/#",
		"https://a.example/docs#q=1&r=2",
	} {
		good("ordinary-fragment-hash", "an ordinary fragment, kept as the browser reads it", u)
	}
}
