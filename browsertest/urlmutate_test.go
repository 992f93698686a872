//go:build browser

package browsertest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// The rest of the generator's families, and the mutations applied to
// corpus and generated URLs.

func genPctU(r *rand.Rand) string {
	u := "%u" + pick(r, []string{"002F", "002f", "2215", "FF0E", "003C", "0027", "4E2D", "FEFF", "D800", "00", "ZZZZ", "002", "0041", fmt.Sprintf("%04X", r.IntN(0x10000)), fmt.Sprintf("%04x", r.IntN(0x100))})
	switch r.IntN(5) {
	case 0:
		return "https://" + pick(r, genHosts) + "/a" + u + "b"
	case 1:
		return web(r, pick(r, genHosts)) + "&x=" + u
	case 2:
		return web(r, pick(r, genHosts)) + "#" + u
	case 3:
		return "https://ex" + u + "ample.com/"
	}
	return "/path" + u + "?q=" + u
}

func genACE(r *rand.Rand) string {
	var label string
	switch r.IntN(4) {
	case 0:
		label = pick(r, validACE)
	case 1:
		label = pick(r, invalidACE)
	case 2:
		// A random Punycode-looking tail: mostly invalid, sometimes a
		// label that decodes to something.
		const alpha = "abcdefghijklmnopqrstuvwxyz0123456789-"
		var b strings.Builder
		b.WriteString("xn--")
		for range 1 + r.IntN(12) {
			b.WriteByte(alpha[r.IntN(len(alpha))])
		}
		label = b.String()
	default:
		label = mutate(r, pick(r, validACE))
	}
	h := label + "." + pick(r, []string{"com", "de", "example", "xn--p1ai", "xn--", "cn"})
	if r.IntN(3) == 0 {
		h = "www." + h
	}
	if r.IntN(4) == 0 {
		h = strings.ToUpper(h)
	}
	return web(r, h)
}

func genLongLabels(r *rand.Rand) string {
	unit := pick(r, []string{"a", "ü", "例", "я", "ß", "-", "1", "xn--zca"})
	n := pick(r, []int{1, 20, 40, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 100, 200})
	label := strings.Repeat(unit, n)
	if len(label) > 300 {
		label = label[:runeCut(label, 300)]
	}
	var labels []string
	for range 1 + r.IntN(5) {
		labels = append(labels, label)
	}
	h := strings.Join(labels, ".")
	if r.IntN(2) == 0 {
		// Pad with short labels to about 253-258 bytes, around the DNS
		// limit, which neither urlnorm nor Chromium applies.
		for len(h) < 248+r.IntN(10) {
			h = "a." + h
		}
	}
	return web(r, h+pick(r, []string{"", ".com", ".", ".de"}))
}

func genUserinfo(r *rand.Rand) string {
	ui := pick(r, []string{
		pick(r, genHosts) + "@", "user:pass@", "@", ":@", "a@b@", "good.example%40", "good.example＠", "good.example﹫",
		"user:@", ":pass@", "u%3Ap@", "u\\@", "https://good.example@", "%00@", "good.example:443@", "@@",
	})
	return pick(r, []string{"http://", "https://", "//", "ftp://", "http:", "HTTPS:\\\\"}) + ui + pick(r, genHosts) + pick(r, genPaths)
}

func genBackslash(r *rand.Rand) string {
	h := pick(r, genHosts)
	s := pick(r, []string{
		"http:\\\\" + h + "\\x", "\\\\" + h + "\\x", "/\\" + h, "\\/" + h + "/", "http:/\\" + h, "https:\\" + h, "https:\\\\\\" + h,
		"http://" + h + "\\@evil.example/", "http://" + h + "\\.evil.example/", "foo:\\\\" + h + "\\x", "mailto:\\\\" + h,
		"https://" + h + "/a\\..\\..\\b", "https://" + h + "%5C" + "evil.example", pick(r, genSchemes) + ":\\\\" + h, "\\" + h,
	})
	return s + pick(r, []string{"", "/", "\\", "\\..\\x"}) + pick(r, genQueries) + pick(r, genFrags)
}

func genWhitespace(r *rand.Rand) string {
	s := web(r, pick(r, genHosts))
	switch r.IntN(4) {
	case 0:
		s = pick(r, []string{"javascript:alert(1)", "data:text/html,x", "mailto:a@b.example", "//evil.example/"})
	case 1:
		// TAB, LF or CR between or around the slashes of an authority:
		// the URL Standard deletes them before parsing.
		ws := pick(r, []string{"\t", "\n", "\r"})
		return pick(r, genSchemes) + ":" + pick(r, []string{"/" + ws + "/", ws + "//", "/" + ws + "\\", "//" + ws}) + pick(r, genHosts) + pick(r, genPaths)
	}
	for range 1 + r.IntN(3) {
		i := runeCut(s, r.IntN(len(s)+1))
		s = s[:i] + pick(r, controls) + s[i:]
	}
	if r.IntN(3) == 0 {
		s = pick(r, controls) + s + pick(r, controls)
	}
	return s
}

func genPort(r *rand.Rand) string {
	p := pick(r, []string{"80", "443", "0", "080", "0443", "65535", "65536", "99999999999", "", "8\t0", "８０", "1e3", "-1", "+80", "0x50", "80:80", "%38%30", "https"})
	return pick(r, genSchemes) + "://" + pick(r, genHosts) + ":" + p + pick(r, genPaths)
}

func genPctHost(r *rand.Rand) string {
	h := pick(r, genHosts)
	var b strings.Builder
	for i := 0; i < len(h); i++ {
		if r.IntN(3) == 0 {
			fmt.Fprintf(&b, pick(r, []string{"%%%02X", "%%%02x"}), h[i])
		} else {
			b.WriteByte(h[i])
		}
	}
	if r.IntN(5) == 0 {
		b.WriteString(pick(r, []string{"%00", "%FF", "%zz", "%25", "%2F", "%40", "%3A", "%E2%80%8B", "%C0%AE"}))
	}
	return web(r, b.String())
}

func genInvisible(r *rand.Rand) string {
	s := web(r, pick(r, genHosts))
	for range 1 + r.IntN(2) {
		i := runeCut(s, r.IntN(len(s)+1))
		s = s[:i] + pick(r, invisibles) + s[i:]
	}
	return s
}

func genNested(r *rand.Rand) string {
	inner := web(r, pick(r, genHosts))
	switch r.IntN(4) {
	case 0:
		inner = strings.NewReplacer(":", "%3A", "/", "%2F", "@", "%40", ".", "%2E").Replace(inner)
	case 1:
		inner = "-SM-" + strings.NewReplacer(":", "%3a", "/", "%2f", ".", "%2e", "-", "--").Replace(inner)
	case 2:
		inner = "https://good.example@" + pick(r, genHosts) + "/"
	}
	return web(r, pick(r, genHosts)) + pick(r, []string{"?url=", "&next=", "?TARGET=", "?u=", "#"}) + inner
}

// mutate applies one random edit to s: insert or delete a character,
// swap a separator for a look-alike, percent-encode or upper-case part of
// it, or put a generated host where its host is.
func mutate(r *rand.Rand, s string) string {
	i := runeCut(s, r.IntN(len(s)+1))
	switch r.IntN(10) {
	case 0:
		return s[:i] + pick(r, []string{"%", "/", "\\", "?", "#", "@", ":", ".", "[", "]", "<", "\"", "^", "{", "|", "%2", "%25", "%2F", "%2E", "%00"}) + s[i:]
	case 1:
		return s[:i] + pick(r, append(append(append([]string(nil), lookSlashes...), lookDots...), lookOthers...)) + s[i:]
	case 2:
		return s[:i] + pick(r, append(append([]string(nil), controls...), invisibles...)) + s[i:]
	case 3:
		if i < len(s) {
			_, size := utf8.DecodeRuneInString(s[i:])
			return s[:i] + s[i+size:]
		}
	case 4:
		return replaceOne(r, s, "/", lookSlashes)
	case 5:
		return replaceOne(r, s, ".", lookDots)
	case 6:
		if i < len(s) {
			return s[:i] + fmt.Sprintf("%%%02X", s[i]) + s[i+1:]
		}
	case 7:
		return strings.ToUpper(s[:i]) + s[i:]
	case 8:
		return fullwidth(s[:i], r) + s[i:]
	case 9:
		if a, rest, ok := strings.Cut(s, "://"); ok {
			end := strings.IndexAny(rest, "/?#")
			if end < 0 {
				end = len(rest)
			}
			return a + "://" + pick(r, genHosts) + rest[end:]
		}
	}
	return s + pick(r, lookOthers)
}

// replaceOne replaces one occurrence of old, chosen at random, by a
// random element of news; s comes back unchanged without one.
func replaceOne(r *rand.Rand, s, old string, news []string) string {
	n := strings.Count(s, old)
	if n == 0 {
		return s
	}
	k := r.IntN(n)
	at := 0
	for range k + 1 {
		j := strings.Index(s[at:], old)
		at += j + len(old)
	}
	at -= len(old)
	return s[:at] + pick(r, news) + s[at+len(old):]
}
