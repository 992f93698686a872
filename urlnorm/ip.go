package urlnorm

import "strings"

// endsInNumber is the URL Standard's "ends in a number checker": a host
// whose last label (ignoring one trailing dot) is decimal or "0x" hex must
// parse as IPv4, so "foo.0x7f" is an error rather than a domain.
func endsInNumber(h string) bool {
	h = strings.TrimSuffix(h, ".")
	if h == "" {
		return false
	}
	last := h[strings.LastIndexByte(h, '.')+1:]
	if last == "" {
		return false
	}
	allDigits := true
	for i := 0; i < len(last); i++ {
		if !isDigit(last[i]) {
			allDigits = false
			break
		}
	}
	if allDigits {
		return true
	}
	_, ok := parseIPv4Number(last)
	return ok
}

// parseIPv4Number parses one part of an IPv4 host: decimal, "0x" hex or
// leading-zero octal, as inet_aton does (RFC 3986 §7.4). Values are
// clamped above 2^32 so that overlong inputs cannot overflow.
func parseIPv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := uint64(10)
	switch {
	case len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		s, base = s[2:], 16
	case len(s) >= 2 && s[0] == '0':
		s, base = s[1:], 8
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		d := uint64(unhex(s[i]))
		if unhex(s[i]) < 0 || d >= base {
			return 0, false
		}
		if v = v*base + d; v > 1<<32 {
			v = 1<<32 + 1
		}
	}
	return v, true
}

// parseIPv4 is the URL Standard's IPv4 parser.
func parseIPv4(h string) (uint32, bool) {
	h = strings.TrimSuffix(h, ".")
	parts := strings.Count(h, ".") + 1
	if parts > 4 {
		return 0, false
	}
	var addr uint64
	for i := 0; i < parts; i++ {
		part := h
		if k := strings.IndexByte(h, '.'); k >= 0 {
			part, h = h[:k], h[k+1:]
		}
		v, ok := parseIPv4Number(part)
		if !ok {
			return 0, false
		}
		if i < parts-1 {
			if v > 255 {
				return 0, false
			}
			addr |= v << (8 * (3 - i))
			continue
		}
		if v >= 1<<(8*(5-parts)) {
			return 0, false
		}
		addr |= v
	}
	return uint32(addr), true
}

// writeIPv4 writes h, a host that ends in a number, as dotted decimal.
func (n *normalizer) writeIPv4(h string, p int) error {
	addr, ok := parseIPv4(h)
	if !ok {
		return n.reject(ReasonIPv4, p)
	}
	var buf [15]byte
	b := buf[:0]
	for i := 3; i >= 0; i-- {
		b = appendDecimal(b, int(addr>>(8*i)&0xFF))
		if i > 0 {
			b = append(b, '.')
		}
	}
	core := strings.TrimSuffix(h, ".")
	if len(core) < len(h) {
		n.flag(FlagTrailingDot, p)
	}
	if string(b) != core {
		n.flag(FlagNumericIPv4, p)
	}
	n.flag(FlagIPHost, p)
	if internalIPv4(addr) {
		n.flag(FlagInternalIP, p)
	}
	for _, c := range b {
		n.out.writeByte(c)
	}
	return nil
}

func appendDecimal(b []byte, v int) []byte {
	if v >= 100 {
		b = append(b, byte('0'+v/100))
	}
	if v >= 10 {
		b = append(b, byte('0'+v/10%10))
	}
	return append(b, byte('0'+v%10))
}

// parseIPv6 is the URL Standard's IPv6 parser: "::" compression and a
// dotted-decimal IPv4 tail, nothing else. A zone id ("%25eth0") fails.
func parseIPv6(s string) ([8]uint16, bool) {
	var addr [8]uint16
	piece, compress, i := 0, -1, 0
	if strings.HasPrefix(s, ":") {
		if !strings.HasPrefix(s, "::") {
			return addr, false
		}
		i, piece, compress = 2, 1, 1
	}
	for i < len(s) {
		if piece == 8 {
			return addr, false
		}
		if s[i] == ':' {
			if compress >= 0 {
				return addr, false
			}
			i++
			piece++
			compress = piece
			continue
		}
		v, length := 0, 0
		for length < 4 && i < len(s) && unhex(s[i]) >= 0 {
			v = v<<4 | unhex(s[i])
			i++
			length++
		}
		if i < len(s) && s[i] == '.' {
			if length == 0 || piece > 6 {
				return addr, false
			}
			i -= length
			if !parseIPv4InIPv6(s[i:], &addr, piece) {
				return addr, false
			}
			piece += 2
			break // the dotted tail ends the address
		}
		if i < len(s) {
			if s[i] != ':' {
				return addr, false
			}
			if i++; i == len(s) {
				return addr, false
			}
		}
		addr[piece] = uint16(v)
		piece++
	}
	switch {
	case compress >= 0:
		swaps := piece - compress
		for k := 7; k != 0 && swaps > 0; k, swaps = k-1, swaps-1 {
			addr[k], addr[compress+swaps-1] = addr[compress+swaps-1], addr[k]
		}
	case piece != 8:
		return addr, false
	}
	return addr, true
}

// parseIPv4InIPv6 parses the dotted tail of an IPv6 address into pieces
// piece and piece+1: exactly four decimal parts, no leading zeros.
func parseIPv4InIPv6(s string, addr *[8]uint16, piece int) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for k, part := range parts {
		if part == "" || len(part) > 1 && part[0] == '0' || len(part) > 3 {
			return false
		}
		v := 0
		for i := 0; i < len(part); i++ {
			if !isDigit(part[i]) {
				return false
			}
			v = v*10 + int(part[i]-'0')
		}
		if v > 255 {
			return false
		}
		p := piece + k/2
		addr[p] = addr[p]<<8 | uint16(v)
	}
	return true
}

// writeIPv6 writes "[address]" in the URL Standard's serialisation:
// lower-case hex without leading zeros, the first longest run of two or
// more zero pieces compressed to "::", and no dotted IPv4 tail.
func (n *normalizer) writeIPv6(s string, p int) error {
	addr, ok := parseIPv6(s)
	if !ok {
		return n.reject(ReasonIPv6, p)
	}
	switch {
	case addr[0]|addr[1]|addr[2]|addr[3]|addr[4] == 0 && addr[5] == 0xFFFF:
		n.flag(FlagMappedIPv6, p)
	case embedsIPv4(addr) || strings.IndexByte(s, '.') >= 0:
		n.flag(FlagEmbeddedIPv4, p)
	}
	n.flag(FlagIPHost, p)
	if internalIPv6(addr) {
		n.flag(FlagInternalIP, p)
	}
	best, bestLen := -1, 1
	for i := 0; i < 8; {
		j := i
		for j < 8 && addr[j] == 0 {
			j++
		}
		if j-i > bestLen {
			best, bestLen = i, j-i
		}
		i = j + 1
	}
	n.out.writeByte('[')
	for i := 0; i < 8; i++ {
		if i == best {
			if i == 0 {
				n.out.writeByte(':')
			}
			n.out.writeByte(':')
			i += bestLen - 1
			continue
		}
		writeHex16(&n.out, addr[i])
		if i < 7 {
			n.out.writeByte(':')
		}
	}
	n.out.writeByte(']')
	return nil
}

func writeHex16(b *lazybuf, v uint16) {
	const hex = "0123456789abcdef"
	started := false
	for shift := 12; shift >= 0; shift -= 4 {
		d := v >> shift & 0xF
		if d != 0 || started || shift == 0 {
			b.writeByte(hex[d])
			started = true
		}
	}
}

// embedsIPv4 reports the IPv6 forms that carry an IPv4 address a back end
// may connect to, other than IPv4-mapped (::ffff:0:0/96): IPv4-compatible
// ::a.b.c.d (RFC 4291 §2.5.5.1, deprecated; "::" and "::1" excluded by
// requiring a non-zero seventh piece), IPv4-translated ::ffff:0:a.b.c.d
// (RFC 2765), NAT64 64:ff9b::/96 (RFC 6052) and 64:ff9b:1::/48 (RFC
// 8215), 6to4 2002::/16 (RFC 3056) and Teredo 2001::/32 (RFC 4380).
func embedsIPv4(a [8]uint16) bool {
	zero4 := a[0]|a[1]|a[2]|a[3] == 0
	switch {
	case zero4 && a[4]|a[5] == 0 && a[6] != 0:
		return true
	case zero4 && a[4] == 0xFFFF && a[5] == 0:
		return true
	case a[0] == 0x64 && a[1] == 0xFF9B && (a[2]|a[3]|a[4]|a[5] == 0 || a[2] == 1):
		return true
	case a[0] == 0x2002, a[0] == 0x2001 && a[1] == 0:
		return true
	}
	return false
}
