package urlnorm

import (
	"strings"

	"golang.org/x/net/idna"
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
		if k := dnsLengthError(h); k >= 0 {
			return n.reject(ReasonHostTooLong, p+k)
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
	if hasACELabel(lowerASCII(h)) {
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
	if k := dnsLengthError(h); k >= 0 {
		return n.reject(ReasonHostTooLong, p+k)
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

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				b[j] = lower(b[j])
			}
			return string(b)
		}
	}
	return s
}

// hasACELabel reports whether a label of the lower-case host h starts
// with "xn--", the Punycode prefix.
func hasACELabel(h string) bool {
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

// Limits of a domain name in its ASCII form (RFC 1035 §2.3.4, RFC 2181
// §11): 63 bytes a label and 253 bytes for the name without the root
// label's trailing dot (255 octets on the wire, less the length bytes).
const (
	maxLabelLen  = 63
	maxDomainLen = 253
)

// dnsLengthError returns the offset in the ASCII domain h of the first
// byte that breaks the DNS length limits, or -1 if it keeps them.
func dnsLengthError(h string) int {
	if len(h) > maxDomainLen && !(len(h) == maxDomainLen+1 && h[len(h)-1] == '.') {
		return maxDomainLen
	}
	start := 0
	for i := 0; i <= len(h); i++ {
		if i == len(h) || h[i] == '.' {
			if i-start > maxLabelLen {
				return start + maxLabelLen
			}
			start = i + 1
		}
	}
	return -1
}
