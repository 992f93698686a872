package urlnorm

import "strings"

// SiteMinder SM-encoding (Broadcom KB 11150 "How the SiteMinder WebAgent
// encodes & decodes URLs")
// is how CA/Broadcom SiteMinder web agents carry a URL inside a query
// value, typically TARGET= on a login form. The encoded value starts with a
// prefix naming its escape character: "$SM$" (legacy agents,
// LegacyEncoding=YES) escapes with "$", "-SM-" (framework agents) with "-".

const (
	smLegacyPrefix    = "$SM$"
	smFrameworkPrefix = "-SM-"
)

// SMOptions selects the SiteMinder encoding. The zero value is framework
// encoding ("-SM-"), applied only when the KB's trigger rule asks for it.
type SMOptions struct {
	// Legacy selects "$SM$" encoding with "$" as the escape character, for
	// agents with LegacyEncoding=YES.
	Legacy bool
	// Always encodes even if the value holds none of the trigger characters
	// " & + ? % $". Agents encode TARGET this way (KB 206456).
	Always bool
}

// isSMEncoded reports whether v starts with an SM-encoding prefix.
func isSMEncoded(v string) bool {
	return strings.HasPrefix(v, smFrameworkPrefix) || strings.HasPrefix(v, smLegacyPrefix)
}

// EncodeSM returns s SM-encoded, exactly as a SiteMinder agent writes it:
// the escape character is doubled, "%" is escaped, " & + ? @ : / ." become
// lower-case "%xx", and framework encoding also writes "$" as "%24" and "="
// as "%3d". Every other byte is copied.
//
// Without [SMOptions.Always], s is returned unchanged unless it holds one
// of " & + ? % $" (the agents' trigger rule) or itself starts with an SM
// prefix: left alone, such a value would decode to something else, so it
// is always encoded (the KB's rule is silent on it; [DecodeSM] of the
// result gives s back).
func EncodeSM(s string, opts SMOptions) string {
	if !opts.Always && !strings.ContainsAny(s, " &+?%$") && !isSMEncoded(s) {
		return s
	}
	esc, prefix := byte('-'), smFrameworkPrefix
	if opts.Legacy {
		esc, prefix = '$', smLegacyPrefix
	}
	var b strings.Builder
	b.Grow(len(prefix) + len(s) + len(s)/2)
	b.WriteString(prefix)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == esc:
			b.WriteByte(esc)
			b.WriteByte(esc)
		case c == '%':
			b.WriteByte(esc)
			b.WriteByte('%')
		case !opts.Legacy && (c == '$' || c == '='),
			c == ' ', c == '&', c == '+', c == '?', c == '@', c == ':', c == '/', c == '.':
			const hex = "0123456789abcdef"
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// DecodeSM decodes an SM-encoded value: after the prefix, the escape
// character stands for the byte after it, "%XX" (either case) for that
// byte, and anything else for itself. A value without an SM prefix is
// returned unchanged. A dangling escape character or a malformed "%XX"
// is a *[RejectError] with [ReasonSMEncoding].
func DecodeSM(s string) (string, error) {
	var esc byte
	switch {
	case strings.HasPrefix(s, smLegacyPrefix):
		esc = '$'
	case strings.HasPrefix(s, smFrameworkPrefix):
		esc = '-'
	default:
		return s, nil
	}
	b := make([]byte, 0, len(s))
	for i := len(smLegacyPrefix); i < len(s); i++ {
		switch c := s[i]; c {
		case esc:
			if i+1 == len(s) {
				return "", &RejectError{Input: s, Offset: i, Reason: ReasonSMEncoding}
			}
			i++
			b = append(b, s[i])
		case '%':
			v, ok := escapeAt(s, i)
			if !ok {
				return "", &RejectError{Input: s, Offset: i, Reason: ReasonSMEncoding}
			}
			b = append(b, v)
			i += 2
		default:
			b = append(b, c)
		}
	}
	return string(b), nil
}
