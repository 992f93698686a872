package urlnorm

import (
	"strings"

	"golang.org/x/net/idna"

	"github.com/htmlclean/htmlclean/internal/ascii"
)

// idnaProfile is WHATWG "domain to ASCII" (URL Standard §3.5): UTS #46
// with CheckHyphens, UseSTD3ASCIIRules, Transitional and VerifyDnsLength
// off, CheckBidi and CheckJoiners on. StrictDomainName must follow
// MapForLookup, which turns it on. The forbidden domain code points are
// checked separately, as the standard does.
var idnaProfile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.CheckJoiners(true),
	idna.CheckHyphens(false),
	idna.StrictDomainName(false),
	idna.Transitional(false),
	idna.VerifyDNSLength(false),
)

// writeHost writes the canonical form of the special-scheme host s[p:end].
// Browsers percent-decode a host, map it with UTS #46 and parse numeric
// forms as IPv4 (URL Standard "host parser"), so "ex%61mple.com",
// "ｅｘａｍｐｌｅ.com" and "example.com" are one host to them; the
// canonical form spells it the one way a blocklist will match.
func (n *normalizer) writeHost(p, end int) error {
	h := n.in[p:end]
	if h == "" {
		return n.reject(ReasonHost, p)
	}
	if h[0] == '[' {
		if h[len(h)-1] != ']' {
			return n.reject(ReasonIPv6, p)
		}
		return n.writeIPv6(h[1:len(h)-1], p)
	}
	i := 0
	for i < len(h) && chars[h[i]]&clsHostLower != 0 {
		i++
	}
	// h[:i] holds neither "<" nor ">" (clsHostLower has neither).
	if k := strings.IndexAny(h[i:], "<>"); k >= 0 {
		// Forbidden in a host, but UTS #46 would compose "<" or ">" with a
		// following U+0338 into "≮" or "≯", which are allowed: the URL
		// Standard accepts the result, Chromium refuses the input. Refuse.
		return n.reject(ReasonHost, p+i+k)
	}
	if i == len(h) && !hasACELabel(h) {
		// Already lower-case ASCII: the common case.
		if endsInNumber(h) {
			return n.writeIPv4(h, p)
		}
		n.out.copyIn(p, p+len(h))
		if h[len(h)-1] == '.' {
			n.flag(FlagTrailingDot, p)
		}
		return nil
	}
	upper := false
	for i := 0; i < len(h); i++ {
		c := h[i]
		if c >= 0x80 || c == '%' {
			return n.writeIDNHost(h, p)
		}
		upper = upper || 'A' <= c && c <= 'Z'
	}
	if hasACELabel(ascii.Lower(h)) {
		return n.writeIDNHost(h, p)
	}
	return n.writeASCIIHost(h, p, upper)
}

// writeASCIIHost is the fast path: a host of plain ASCII letters needs only
// lower-casing (UTS #46 maps nothing else in ASCII when STD3 rules are off).
func (n *normalizer) writeASCIIHost(h string, p int, upper bool) error {
	if endsInNumber(h) {
		return n.writeIPv4(h, p)
	}
	for i := 0; i < len(h); i++ {
		c := lower(h[i])
		if chars[c]&clsHostGo == 0 {
			return n.reject(ReasonHost, p+i)
		}
		if upper {
			n.out.writeByte(c)
		}
	}
	if !upper {
		n.out.copyIn(p, p+len(h))
	}
	if h[len(h)-1] == '.' {
		n.flag(FlagTrailingDot, p)
	}
	return nil
}

// decodeHost percent-decodes a host; the bytes must be UTF-8.
func (n *normalizer) decodeHost(h string, p int) (string, error) {
	b := make([]byte, 0, len(h))
	var u utf8state
	for i := 0; i < len(h); i++ {
		c := h[i]
		if c == '%' {
			v, ok := escapeAt(h, i)
			if !ok {
				return "", n.reject(ReasonBadEscape, p+i)
			}
			c = v
			i += 2
		}
		if c < 0x20 || c == 0x7F {
			return "", n.reject(ReasonEncodedControl, p)
		}
		if c == '<' || c == '>' {
			return "", n.reject(ReasonHost, p+i) // as in writeHost
		}
		if err := n.feed(&u, c, p); err != nil {
			return "", err
		}
		b = append(b, c)
	}
	if u.invalid || u.need > 0 {
		return "", n.reject(ReasonInvalidUTF8, p)
	}
	return string(b), nil
}

// writeOpaqueHost writes the host of a non-special URL ("foo://host").
// Browsers keep it as typed; we accept only what both WHATWG's opaque-host
// parser and Go's net/url read the same way: ASCII without escapes.
func (n *normalizer) writeOpaqueHost(p, end int) error {
	h := n.in[p:end]
	if h == "" && (end < len(n.in) && n.in[end] == ':' || n.in[p-1] == '@') {
		// URL Standard host state: credentials or a port need a host.
		return n.reject(ReasonHost, p)
	}
	if h != "" && h[0] == '[' {
		if h[len(h)-1] != ']' {
			return n.reject(ReasonIPv6, p)
		}
		return n.writeIPv6(h[1:len(h)-1], p)
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if c >= 0x80 || chars[c]&clsHostGo == 0 {
			return n.reject(ReasonHost, p+i)
		}
		n.out.writeByte(c)
	}
	return nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// hasACELabel reports whether a label of the lower-case host h starts
// with "xn--", the Punycode prefix.
func hasACELabel(h string) bool {
	if !strings.Contains(h, "xn--") {
		return false // the usual case, in one vector search
	}
	for {
		if strings.HasPrefix(h, "xn--") {
			return true
		}
		k := strings.IndexByte(h, '.')
		if k < 0 {
			return false
		}
		h = h[k+1:]
	}
}

// Host lengths. There is no DNS length limit: the URL Standard runs
// domain to ASCII with VerifyDnsLength false, and browsers accept a
// 64-byte label or a 300-byte host (IdnaTestV2.json); such a host
// resolves nowhere, which harms no reader. What is bounded is the
// Punycode work, whose cost grows with the square of a label's length
// (x/net/idna's encoder took 5 s over 21,000 CJK characters), each bound
// checked before Punycode runs:
//
//   - maxPunycodeLabel: UTF-16 code units in a label Punycode must encode
//     (not ASCII once mapped) or decode ("xn--"). Chromium allows 1,000;
//     255 keeps the worst case near 2.5 µs an input byte (4.7 s for a
//     1.9 MB URL of nested hosts, Options.Nested), and no label of
//     IdnaTestV2.json comes near it (the longest has 98).
//   - maxIDNHost: UTF-16 code units in a percent-decoded host that is not
//     ASCII, as Chromium counts them before refusing one.
//   - maxACEHost: bytes in an ASCII host with an "xn--" label, in the
//     input or in the canonical form. Chromium keeps an ASCII host of any
//     length; urlnorm refuses this one, to bound the decoding.
//
// An ASCII host without "xn--" has no limit. TestChromiumHostLimits in
// browsertest pins Chromium's limits.
const (
	maxPunycodeLabel = 255
	maxIDNHost       = 1265
	maxACEHost       = 4 * maxIDNHost
)

// utf16Len returns the length of s in UTF-16 code units, the unit of
// Chromium's label limit.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}
