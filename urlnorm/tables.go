package urlnorm

import "strings"

// Byte classes. A bit set in chars[c] means c may stand unencoded in that
// component of the canonical form; any other byte is percent-encoded as
// UTF-8 (or, for "%", treated as the start of an escape).
const (
	clsUnreserved     = 1 << iota // RFC 3986 §2.3: ALPHA DIGIT - . _ ~
	clsScheme                     // ALPHA DIGIT + - .
	clsPath                       // RFC 3986 pchar and "/"
	clsQuery                      // RFC 3986 query, plus "[" "]" which browsers keep
	clsQuerySpecial               // clsQuery without "'", which WHATWG encodes in special queries
	clsFragment                   // RFC 3986 fragment, plus "[" "]" "#" which browsers keep
	clsUserinfo                   // RFC 3986 userinfo without ":" (kept only as the separator)
	clsHostGo                     // ASCII host bytes both WHATWG and Go's net/url accept
	clsSegment                    // clsPath without "/": bytes a path segment keeps as they are
	clsAuthEnd                    // "/ ? #": the end of an authority
	clsAuthEndSpecial             // clsAuthEnd and "\", for special schemes
	clsHostLower                  // bytes a canonical ASCII host keeps: clsHostGo without A-Z
	clsFastLabel                  // "a-z 0-9 - _": a label fastAbsolute takes as it is
	clsFastSegment                // clsSegment without ":", where fastRest looks for a scheme
)

var chars [256]uint16

// init fills the lookup table; it is the only package state, and constant.
func init() {
	set := func(cls uint16, s string) {
		for i := 0; i < len(s); i++ {
			chars[s[i]] |= cls
		}
	}
	const (
		alpha      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		digit      = "0123456789"
		unreserved = alpha + digit + "-._~"
		subDelims  = "!$&'()*+,;="
		pchar      = unreserved + subDelims + ":@"
	)
	set(clsUnreserved, unreserved)
	set(clsScheme, alpha+digit+"+-.")
	set(clsPath, pchar+"/")
	set(clsSegment, pchar)
	set(clsFastSegment, unreserved+subDelims+"@")
	set(clsQuery, pchar+"/?[]")
	set(clsQuerySpecial, pchar+"/?[]")
	chars['\''] &^= clsQuerySpecial
	// "#" after the first is fragment data: the WHATWG fragment
	// percent-encode set does not hold it, so browsers keep it and
	// location.hash shows it; "%23" would be another hash.
	set(clsFragment, pchar+"/?[]#")
	set(clsUserinfo, unreserved+subDelims)
	// WHATWG forbids " # % / : < > ? @ [ \ ] ^ |" and controls in domains;
	// Go's net/url also refuses "{", "}" and "`". What is left:
	set(clsHostGo, unreserved+subDelims+"\"")
	set(clsHostLower, strings.ToLower(unreserved)+subDelims+"\"")
	set(clsFastLabel, "abcdefghijklmnopqrstuvwxyz"+digit+"-_")
	set(clsAuthEnd|clsAuthEndSpecial, "/?#")
	set(clsAuthEndSpecial, "\\")
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isAlnum(c byte) bool { return isAlpha(c) || isDigit(c) }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// unhex returns the value of the hex digit c, or -1.
func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return int(c - 'A' + 10)
	}
	return -1
}

// runEnd returns the end of the run of bytes of class that starts at
// s[i], looking no further than s[e-1]. The callers copy such runs whole.
func runEnd(s string, i, e int, class uint16) int {
	s = s[:e]
	// Four bytes a round: runs are long (a path, a query) and the loop's
	// own compare and branch cost as much as the table look.
	for ; i+4 <= len(s); i += 4 {
		b := s[i : i+4]
		if chars[b[0]]&class == 0 {
			return i
		}
		if chars[b[1]]&class == 0 {
			return i + 1
		}
		if chars[b[2]]&class == 0 {
			return i + 2
		}
		if chars[b[3]]&class == 0 {
			return i + 3
		}
	}
	for i < len(s) && chars[s[i]]&class != 0 {
		i++
	}
	return i
}

// escapeAt reports whether s[i:] starts with "%XX" and returns the byte.
func escapeAt(s string, i int) (byte, bool) {
	if i+2 >= len(s) || s[i] != '%' {
		return 0, false
	}
	hi, lo := unhex(s[i+1]), unhex(s[i+2])
	if hi < 0 || lo < 0 {
		return 0, false
	}
	return byte(hi<<4 | lo), true
}

const upperHex = "0123456789ABCDEF"

// isSpecial reports whether the lower-case scheme is a WHATWG special scheme.
func isSpecial(scheme string) bool {
	switch scheme {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// defaultPort is the WHATWG default port of a special scheme, or "".
func defaultPort(scheme string) string {
	switch scheme {
	case "http", "ws":
		return "80"
	case "https", "wss":
		return "443"
	case "ftp":
		return "21"
	}
	return ""
}

// isActiveScheme reports whether a URL with this scheme runs or renders
// attacker-chosen content when followed.
func isActiveScheme(scheme string) bool {
	switch scheme {
	case "javascript", "vbscript", "data":
		return true
	}
	return false
}

// isSpoofRune reports code points that make a path or fragment display as
// something else: bidi controls, invisible characters, and look-alikes of
// the URL delimiters "." "/" "\" "%" (UTR #36, CVE-2019-9636).
func isSpoofRune(r rune) bool {
	switch r {
	case 0x00AD, 0x061C, 0x180E, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F,
		0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
		0x2044, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0x2215, 0x29F8,
		0x3002, 0xFE52, 0xFEFF, 0xFF03, 0xFF05, 0xFF0E, 0xFF0F, 0xFF1A,
		0xFF1F, 0xFF3C, 0xFF61:
		return true
	}
	return false
}
