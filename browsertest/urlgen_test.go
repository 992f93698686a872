//go:build browser

package browsertest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// The generated half of the URL stage: deceptive forms (confusable
// separators and digits, and hosts that hide another host) built from small pools, plus mutations
// and splices of the corpus URLs. Everything comes from one PCG stream
// with a fixed seed, so every run judges the same inputs and a failure
// reproduces by its input alone.

// urlGenSeed seeds the generator. Changing it changes the inputs, not the
// verdict the stage must reach.
const urlGenSeed = 0x68746d6c636c6e38 // "htmlcln8"

// Pools the families draw from. The look-alikes are the characters a
// reader takes for "/", "\", ".", "@", ":", "?" and "#", and the ones UTS #46
// maps to strings that contain them (U+2100 ℀ is "a/c", U+2488 ⒈ is "1.").
var (
	genSchemes  = []string{"http", "https", "HTTP", "hTtPs", "ftp", "ws", "wss", "mailto", "javascript", "JaVaScRiPt", "data", "file", "blob", "foo", "view-source", "tel", "sms"}
	genHosts    = []string{"paypal.com", "google.com", "good.example", "bank.example", "evil.example", "example.org", "www.example.com", "a.b.c.example", "localhost", "münchen.de", "MÜNCHEN.DE", "xn--mnchen-3ya.de", "faß.de", "bücher.example", "例え.テスト", "中国.cn", "127.0.0.1", "10.0.0.1", "[::1]", "0x7f.1", "test"}
	genPaths    = []string{"/", "", "/a/b", "/login", "/..%2Fetc/passwd", "/%2e%2e/x", "/a/./b/../c", "/redirect", "/search", "/~user/", "/a b", "/%E2%80%AEgnp.exe"}
	genQueries  = []string{"", "?", "?q=1", "?q=50%+off", "?a=1&b=2", "?url=https://evil.example/", "?next=//evil.example", "?TARGET=-SM-http%3a%2f%2fevil%2eexample%2f"}
	genFrags    = []string{"", "#", "#top", "#a/b", "#%41"}
	lookSlashes = []string{"∕", "⁄", "／", "⧸", "╱", "＼", "﹨", "⧵", "⼃", "〳", "℀", "℁", "℅", "℆", "%E2%88%95", "%EF%BC%8F"}
	lookDots    = []string{"。", "．", "｡", "․", "﹒", "·", "܂", "⸳", "︒", "⒈", "⒉", "⒛", "%E3%80%82", "%EF%BC%8E", "%2E", "%2e"}
	lookOthers  = []string{"＠", "﹫", "：", "﹕", "？", "﹖", "＃", "﹟", "［", "］", "⑴", "㏂", "ﬀ", "ß", "ς", "İ", "K", "Å"}
	invisibles  = []string{"\u00ad", "\u034f", "\u180e", "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u202a", "\u202e", "\u2060", "\u2066", "\ufeff", "\ufe0f", "\U000e0001"}
	controls    = []string{"\t", "\n", "\r", " ", "\x00", "\x01", "\x08", "\x0b", "\x0c", "\x1b", "\x1f", "\x7f", "\u0085", "\u00a0", "\u3000"}
	// confusables maps Latin letters to look-alikes in other scripts
	// (Cyrillic, Greek, Armenian, IPA, dotless i, fullwidth and
	// mathematical forms that UTS #46 folds back to ASCII).
	confusables = map[byte][]string{
		'a': {"а", "ɑ", "α", "ａ", "𝐚"}, 'c': {"с", "ϲ", "ｃ"}, 'e': {"е", "е", "ｅ", "ℯ"},
		'g': {"ɡ", "ց", "ｇ"}, 'i': {"і", "ı", "ɩ", "ｉ", "ⅰ"}, 'l': {"ӏ", "ⅼ", "ｌ", "ℓ"},
		'o': {"о", "ο", "օ", "ｏ", "०", "߀"}, 'p': {"р", "ρ", "ｐ"}, 's': {"ѕ", "ｓ"},
		'x': {"х", "χ"}, 'y': {"у", "ү", "ｙ"}, 'k': {"κ", "K"}, 'm': {"ｍ", "ⅿ"},
	}
	validACE   = []string{"xn--pypal-4ve", "xn--mnchen-3ya", "xn--zca", "xn--55qx5d", "xn--fiqs8s", "xn--80ak6aa92e", "xn--ls8h", "xn--nxasmq6b", "xn--bcher-kva", "xn--r8jz45g", "xn--eckwd4c7c", "xn--pple-43d", "xn--ggle-55da"}
	invalidACE = []string{"xn--", "xn--a", "xn--0", "xn--999999999", "xn--tešla", "xn--ggg", "xn--zca-", "xn--abc-", "xn--abc", "xn--ls8h=", "xn--a.ß", "XN--ZCA", "Xn--55QX5D", "xn---", "xn--xn--zca", "xn--1ug", "xn--ss-", "xn--pypal-4ve-"}
)

// genFamily makes one input of a deceptive form.
type genFamily struct {
	name string
	make func(r *rand.Rand) string
}

// genFamilies are the deceptive forms; each gets the same share of the
// generated inputs.
var genFamilies = []genFamily{
	{"slash-lookalike", genSlashLookalike},
	{"dot-lookalike", genDotLookalike},
	{"encoded-slashes", genEncodedSlashes},
	{"ipv4-forms", genIPv4},
	{"ipv6-forms", genIPv6},
	{"multi-encoding", genMultiEncoding},
	{"confusable-idn", genConfusable},
	{"pct-u", genPctU},
	{"xn-labels", genACE},
	{"long-labels", genLongLabels},
	{"userinfo", genUserinfo},
	{"backslash", genBackslash},
	{"whitespace", genWhitespace},
	{"port", genPort},
	{"pct-host", genPctHost},
	{"invisible", genInvisible},
	{"nested", genNested},
}

// generateURLs returns perFamily inputs of each family, then nMutants
// mutations of the corpus inputs and nSplices splices of two of them.
func generateURLs(corpus []string, perFamily, nMutants, nSplices int) []urlCase {
	r := rand.New(rand.NewPCG(urlGenSeed, urlGenSeed>>1))
	var out []urlCase
	for _, f := range genFamilies {
		for range perFamily {
			out = append(out, urlCase{Source: "gen/" + f.name, Input: f.make(r)})
		}
	}
	pool := append(append([]string(nil), corpus...), inputsOf(out)...)
	for range nMutants {
		s := pick(r, pool)
		for range 1 + r.IntN(3) {
			s = mutate(r, s)
		}
		out = append(out, urlCase{Source: "gen/mutant", Input: s})
	}
	for range nSplices {
		a, b := pick(r, pool), pick(r, pool)
		out = append(out, urlCase{Source: "gen/splice", Input: a[:runeCut(a, r.IntN(len(a)+1))] + b[runeCut(b, r.IntN(len(b)+1)):]})
	}
	return out
}

func inputsOf(cs []urlCase) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Input
	}
	return out
}

func pick[T any](r *rand.Rand, pool []T) T { return pool[r.IntN(len(pool))] }

// runeCut moves i back to the start of the rune it falls in, so splices
// and insertions keep the text UTF-8 (the page would see U+FFFD instead of
// a broken sequence, and urlnorm the bytes: two different inputs).
func runeCut(s string, i int) int {
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}

// web returns a random http(s)-like URL around host.
func web(r *rand.Rand, host string) string {
	return pick(r, []string{"http", "https", "HTTPS", "http", "https"}) + "://" + host + pick(r, genPaths) + pick(r, genQueries) + pick(r, genFrags)
}

func genSlashLookalike(r *rand.Rand) string {
	h := pick(r, genHosts) + pick(r, lookSlashes) + pick(r, genHosts)
	if r.IntN(4) == 0 {
		h += pick(r, lookSlashes) + "x"
	}
	return web(r, h)
}

func genDotLookalike(r *rand.Rand) string {
	h := pick(r, genHosts)
	var b strings.Builder
	for _, c := range h {
		if c == '.' && r.IntN(3) > 0 {
			b.WriteString(pick(r, lookDots))
		} else {
			b.WriteRune(c)
		}
	}
	if r.IntN(4) == 0 {
		b.WriteString(pick(r, lookDots))
	}
	return web(r, b.String())
}

func genEncodedSlashes(r *rand.Rand) string {
	sep := pick(r, []string{"%2F%2F", "%2f%2f", "/%2F", "%2F/", "%5C%5C", "%5C/", "/%5C", "%252F%252F", "%2F%5C", "%C0%AF%C0%AF", "%E2%88%95%E2%88%95"})
	h := pick(r, genHosts)
	switch r.IntN(5) {
	case 0:
		return pick(r, genSchemes) + ":" + sep + h + "/"
	case 1:
		return sep + h + "/x"
	case 2:
		return web(r, pick(r, genHosts)) + "?r=" + sep + h
	case 3:
		return "https://" + pick(r, genHosts) + "/" + sep + h + "/" + sep
	}
	return "https://" + pick(r, genHosts) + "/a" + sep + ".." + sep + "b"
}

func genIPv4(r *rand.Rand) string {
	parts := []uint32{uint32(r.IntN(256)), uint32(r.IntN(256)), uint32(r.IntN(256)), uint32(r.IntN(256))}
	if r.IntN(3) == 0 {
		parts = []uint32{127, 0, 0, 1}
	}
	var segs []string
	for _, p := range parts[:1+r.IntN(4)] {
		segs = append(segs, ipv4Part(r, p))
	}
	if len(segs) < 4 && r.IntN(2) == 0 {
		segs = append(segs, fmt.Sprint(r.Uint32()>>uint(r.IntN(24))))
	}
	dot := "."
	if r.IntN(3) == 0 {
		dot = pick(r, []string{"。", "．", "｡", "%2E", "%E3%80%82"})
	}
	h := strings.Join(segs, dot)
	if r.IntN(5) == 0 {
		h += dot
	}
	return web(r, h)
}

// ipv4Part writes one IPv4 number in one of the forms the WHATWG IPv4
// parser reads (decimal, octal, hex, empty 0x) or fullwidth digits, which
// UTS #46 maps to ASCII before the IPv4 parser runs.
func ipv4Part(r *rand.Rand, p uint32) string {
	switch r.IntN(7) {
	case 0:
		return fmt.Sprintf("0x%x", p)
	case 1:
		return fmt.Sprintf("0X%02X", p)
	case 2:
		return fmt.Sprintf("0%o", p)
	case 3:
		return fullwidth(fmt.Sprint(p), r)
	case 4:
		return fmt.Sprint(p + uint32(r.IntN(2))*256)
	case 5:
		return "%3" + fmt.Sprint(p%10)
	}
	return fmt.Sprint(p)
}

// fullwidth writes some ASCII characters of s in their fullwidth forms.
func fullwidth(s string, r *rand.Rand) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c > 0x20 && c < 0x7f && r.IntN(3) > 0 {
			b.WriteRune(rune(c) - 0x21 + 0xff01)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func genIPv6(r *rand.Rand) string {
	v4 := fmt.Sprintf("%d.%d.%d.%d", r.IntN(256), r.IntN(256), r.IntN(256), r.IntN(256))
	if r.IntN(2) == 0 {
		v4 = "127.0.0.1"
	}
	forms := []string{
		"::" + v4, "::ffff:" + v4, "::FFFF:" + v4, "64:ff9b::" + v4, "64:ff9b::7f00:1", "::ffff:7f00:1",
		"0:0:0:0:0:ffff:" + v4, "2002:7f00:1::", "::ffff:0:" + v4, "1:2:3:4:5:6:" + v4, "1:2:3:4:5:6:7:" + v4,
		"::1", "0::0:1", "1::2::3", ":::1", "fe80::1%25eth0", "::" + fullwidth(v4, r), "::ffff:" + strings.ReplaceAll(v4, ".", "。"),
		"::127.0.0", "::127.0.0.1.2", "::0x7f.0.0.1", "::0177.0.0.1", "%3A%3A1", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9",
		fmt.Sprintf("%x::%x", r.IntN(65536), r.IntN(65536)), "::ffff:256.0.0.1",
	}
	h := "[" + pick(r, forms) + "]"
	switch r.IntN(8) {
	case 0:
		h = strings.Trim(h, "[]")
	case 1:
		h = strings.ToUpper(h)
	case 2:
		h = "［" + strings.Trim(h, "[]") + "］"
	}
	if r.IntN(4) == 0 {
		h += ":" + fmt.Sprint(r.IntN(70000))
	}
	return web(r, h)
}

func genMultiEncoding(r *rand.Rand) string {
	enc := strings.Repeat("%25", 1+r.IntN(4)) + pick(r, []string{"2F", "2f", "2E", "5C", "3A", "40", "23", "3F", "00", "0A", "u002F", "E2%80%AE"})
	base := web(r, pick(r, genHosts))
	switch r.IntN(4) {
	case 0:
		return base + "&x=" + enc
	case 1:
		return "https://" + pick(r, genHosts) + "/a" + enc + "b/" + enc + enc
	case 2:
		return "https://" + pick(r, genHosts) + enc + "evil.example/"
	}
	return base + "#" + enc
}

func genConfusable(r *rand.Rand) string {
	h := pick(r, []string{"paypal.com", "google.com", "apple.com", "microsoft.com", "example.com", "github.io", "amazon.co.uk", "bankofamerica.com", "accounts.google.com", "login.microsoftonline.com"})
	var out strings.Builder
	swaps := 1 + r.IntN(3)
	for _, c := range []byte(h) {
		if alts, ok := confusables[c]; ok && swaps > 0 && r.IntN(3) == 0 {
			out.WriteString(pick(r, alts))
			swaps--
			continue
		}
		if r.IntN(9) == 0 {
			c = upper(c)
		}
		out.WriteByte(c)
	}
	return web(r, out.String())
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}
