package urlnorm

import (
	"fmt"
	"strings"
)

// Reason says why [Normalize] rejected a URL. The zero value, ReasonNone,
// never appears in a [RejectError].
type Reason uint8

// Rejection reasons. Each one names an encoding or shape that either has no
// legitimate use in a link written by a person, or that browsers and Go's
// net/url would read differently (the package doc, "What is refused").
const (
	ReasonNone Reason = iota
	// ReasonTooLong: the input, or its canonical form, is longer than
	// [Options.MaxLength].
	ReasonTooLong
	// ReasonControlChar: a C0 control other than TAB, LF, FF, CR or space,
	// or DEL, anywhere in the input (browsers strip some of these, which is
	// exactly how "\x00javascript:" slips past filters).
	ReasonControlChar
	// ReasonInvalidUTF8: the input, or a percent-decoded host, is not UTF-8.
	ReasonInvalidUTF8
	// ReasonScheme: a scheme-less reference whose first segment holds a
	// colon ("java%73cript:x", "\u00a0javascript:x", ":x"). Browsers read
	// these as relative paths; filters and Go read them as schemes.
	ReasonScheme
	// ReasonBaseDependent: a reference whose meaning depends on the URL of
	// the page it is on: a special scheme without two slashes
	// ("https:evil.example" is a path on an https page and a host
	// elsewhere), three or more leading slashes ("///evil.example" is a
	// host on an http page and a path on a file: page), or a Windows drive
	// letter ("C|/x", "/C:/x", "//C:/x": a drive on a file: page).
	ReasonBaseDependent
	// ReasonFileScheme: a file: URL. It names a file on the reader's own
	// machine, and its drive-letter and host rules differ from the web's.
	ReasonFileScheme
	// ReasonSchemeNotAllowed: the scheme is not in [Options.Schemes].
	ReasonSchemeNotAllowed
	// ReasonRelative: a relative reference while [Options.Relative] is
	// [RelativeReject], or one that cannot be resolved against the base.
	ReasonRelative
	// ReasonUserinfo: a user name or password, while [Options.Userinfo] is
	// [UserinfoReject] ("http://good.example@evil.example/").
	ReasonUserinfo
	// ReasonHost: an empty host where one is required, a forbidden host
	// code point, or a host character Go's net/url would refuse.
	ReasonHost
	// ReasonIDNA: the host fails UTS #46 processing (bidi rule, joiners,
	// disallowed code points, invalid Punycode).
	ReasonIDNA
	// ReasonIPv4: the host ends in a number but is not a valid IPv4 address
	// ("1.2.3.256", "foo.0x7f").
	ReasonIPv4
	// ReasonIPv6: a malformed bracketed IPv6 address, or one with a zone id.
	ReasonIPv6
	// ReasonPort: a port that is not decimal digits or exceeds 65535.
	ReasonPort
	// ReasonBadEscape: a malformed percent escape ("%4", "%G1", "%u2215",
	// a lone "%") in a path, host or userinfo.
	ReasonBadEscape
	// ReasonEncodedControl: an escaped C0 control or DEL in a path or host,
	// or "%00" in a fragment.
	ReasonEncodedControl
	// ReasonOverlong: escapes that form an overlong UTF-8 sequence
	// ("%C0%AE" for "."), the classic filter bypass of CVE-2000-0884.
	ReasonOverlong
	// ReasonInvalidCodePoint: escapes that encode a UTF-16 surrogate or a
	// code point above U+10FFFF; no valid text contains them.
	ReasonInvalidCodePoint
	// ReasonNestedURL: a URL nested in a query value was rejected or has a
	// scheme that is not allowed ([Options.Nested]). The nested
	// [RejectError] is available through errors.Unwrap.
	ReasonNestedURL
	// ReasonSMEncoding: a malformed SiteMinder SM-encoded value (a dangling
	// escape character or a bad "%XX").
	ReasonSMEncoding
	// ReasonFlagged: the URL carries a flag in [Options.Reject] (any flag,
	// under [Options.Strict]); [RejectError.Flags] says which.
	ReasonFlagged
	// ReasonBase: [Options.Base] is not an absolute http(s) URL.
	ReasonBase
	// ReasonSelfCheck: the canonical form did not normalise to itself. This
	// is a bug in urlnorm; the URL is refused rather than passed.
	ReasonSelfCheck
	// ReasonHostTooLong: a host label that Punycode must encode or decode
	// over 255 UTF-16 code units (Chromium allows 1,000), a host that is
	// not ASCII over 1,265 (as Chromium), or an ASCII host with an "xn--"
	// label over 5,060 bytes (Chromium has no limit): Punycode's cost
	// grows with the square of a label, and these bound it. No DNS length
	// limit applies (the URL Standard's domain to ASCII has
	// VerifyDnsLength off): a 64-byte label or a 300-byte host is kept.
	ReasonHostTooLong
	// ReasonPercentU: a "%uXXXX" escape anywhere. IIS and classic ASP read
	// "%u4E2D" as 中 while browsers and every other server read "%u4E2D";
	// it exists to slip text past filters.
	ReasonPercentU

	numReasons
)

var reasonNames = [numReasons]string{
	ReasonNone:             "none",
	ReasonTooLong:          "too-long",
	ReasonControlChar:      "control-char",
	ReasonInvalidUTF8:      "invalid-utf8",
	ReasonScheme:           "scheme",
	ReasonBaseDependent:    "base-dependent",
	ReasonFileScheme:       "file-scheme",
	ReasonSchemeNotAllowed: "scheme-not-allowed",
	ReasonRelative:         "relative",
	ReasonUserinfo:         "userinfo",
	ReasonHost:             "host",
	ReasonIDNA:             "idna",
	ReasonIPv4:             "ipv4",
	ReasonIPv6:             "ipv6",
	ReasonPort:             "port",
	ReasonBadEscape:        "bad-escape",
	ReasonEncodedControl:   "encoded-control",
	ReasonOverlong:         "overlong-utf8",
	ReasonInvalidCodePoint: "invalid-code-point",
	ReasonNestedURL:        "nested-url",
	ReasonSMEncoding:       "sm-encoding",
	ReasonFlagged:          "flagged",
	ReasonBase:             "base",
	ReasonSelfCheck:        "self-check",
	ReasonHostTooLong:      "host-too-long",
	ReasonPercentU:         "percent-u",
}

// String returns the reason's stable, lower-case name, such as
// "bad-escape". Command-line output and reports use these names.
func (r Reason) String() string {
	if r < numReasons {
		return reasonNames[r]
	}
	return fmt.Sprintf("reason(%d)", uint8(r))
}

// ParseReason returns the Reason whose [Reason.String] is name.
func ParseReason(name string) (Reason, bool) {
	for r, n := range reasonNames {
		if n == name {
			return Reason(r), true
		}
	}
	return ReasonNone, false
}

// RejectError is the error [Normalize] returns for a URL it refuses.
// Callers inspect it with errors.As and decide on Reason, never on the
// message text.
type RejectError struct {
	Input  string // the raw input, as given
	Offset int    // byte offset in Input of the offending part
	Reason Reason
	Flags  Flags // for ReasonFlagged: the flags in Options.Reject it carried
	Err    error // for ReasonNestedURL: the nested URL's *RejectError
}

func (e *RejectError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "urlnorm: rejected at offset %d: %s", e.Offset, e.Reason)
	if e.Flags != 0 {
		fmt.Fprintf(&b, " (%s)", e.Flags)
	}
	if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	return b.String()
}

// Unwrap returns the nested URL's error, if any.
func (e *RejectError) Unwrap() error { return e.Err }

// Flags records what was suspicious in an accepted URL: each flag names an
// encoding that [Normalize] canonicalised or kept, but that a moderator or a
// log may want to see. A flag in [Options.Reject] rejects the URL; in
// [Options.Strict] mode any flag does.
// The zero value means nothing was suspicious.
type Flags uint32

// The flags. Each is set when the input used the named form.
const (
	// FlagTabNewline: TAB, LF or CR inside the URL, deleted as browsers do.
	FlagTabNewline Flags = 1 << iota
	// FlagBackslash: "\" used as a separator in a special URL.
	FlagBackslash
	// FlagSlashes: a number of slashes other than two before an authority
	// ("///evil.example").
	FlagSlashes
	// FlagUserinfo: a user name or password was stripped or kept.
	FlagUserinfo
	// FlagEncodedHost: percent escapes in the host ("ex%61mple.com").
	FlagEncodedHost
	// FlagHostMapped: UTS #46 changed the host beyond ASCII case: fullwidth
	// forms, ideographic full stops, ignored code points such as U+200B.
	FlagHostMapped
	// FlagNumericIPv4: an IPv4 host not in dotted-decimal form ("0x7f.1").
	FlagNumericIPv4
	// FlagMappedIPv6: an IPv4-mapped IPv6 host ("[::ffff:127.0.0.1]").
	FlagMappedIPv6
	// FlagTrailingDot: a host ending in ".".
	FlagTrailingDot
	// FlagConfusable: an internationalised host label that mixes scripts, or
	// is written entirely in letters that look like Latin ones (UTS #39).
	FlagConfusable
	// FlagEncodedDot: a dot segment written with "%2E".
	FlagEncodedDot
	// FlagEncodedSeparator: "%5C" in a path (or a "\" in a non-special
	// path, which is written "%5C"), or "%2F" beside ".." or beside
	// another separator ("%2F%2F", "/%2F", "%2F/"): forms that a back end
	// which decodes "%2F" reads as a different path than the browser.
	FlagEncodedSeparator
	// FlagDoubleEncoding: "%25" followed by two hex digits in a path.
	FlagDoubleEncoding
	// FlagInvalidUTF8: path or fragment escapes that are not UTF-8 (but not
	// overlong or out of range, which are rejected).
	FlagInvalidUTF8
	// FlagSpoofChar: bidi controls, zero-width characters or fullwidth
	// look-alikes of ". / \ %" in a path or fragment.
	FlagSpoofChar
	// FlagEncodedControl: an escaped control character in a query or
	// fragment ("%0D%0A").
	FlagEncodedControl
	// FlagMalformedEscape: a "%" that starts no escape, rewritten as "%25":
	// in a query or fragment any malformed "%", in a path a lone "%"
	// before a character that is not a letter or digit
	// ("100%_Orange_Juice").
	FlagMalformedEscape
	// FlagActiveScheme: a javascript:, vbscript: or data: URL. Normalize
	// keeps it (the policy decides), but it is never an ordinary link.
	FlagActiveScheme
	// FlagNestedURL: a query value holds an absolute, protocol-relative or
	// SiteMinder-encoded URL, or the path carries one (a special scheme
	// and a host in a segment, a path that is "//host" once dot segments
	// are resolved, a redirect service's path form): the open-redirect
	// shape.
	FlagNestedURL
	// FlagLookalikeSeparator: the host holds punctuation or a symbol that
	// looks like "/", "\", ".", "?", "#", "@" or ":" but is part of the
	// host ("paypal.com∕evil.example", U+2215; UTS #39 confusables).
	FlagLookalikeSeparator
	// FlagEmbeddedIPv4: an IPv6 host that carries an IPv4 address other
	// than by IPv4 mapping (FlagMappedIPv6): IPv4-compatible
	// ("[::127.0.0.1]"), NAT64 (64:ff9b::/96, 64:ff9b:1::/48),
	// IPv4-translated (::ffff:0:0/96), 6to4 (2002::/16) or Teredo
	// (2001::/32), or written with a dotted IPv4 tail.
	FlagEmbeddedIPv4
	// FlagTripleEncoding: "%2525" followed by two hex digits in a query or
	// fragment: three rounds of decoding, which only filter evasion needs.
	FlagTripleEncoding
	// FlagIDN: an internationalised host (Punycode in the canonical form)
	// that passes the confusable checks: ordinary for its readers
	// ("bücher.de"), but spelled in a form a moderator may want to see.
	FlagIDN
	// FlagBadPunycode: an all-ASCII host with an "xn--" label that is not
	// valid IDNA (undecodable Punycode, a joiner or bidi violation once
	// decoded, ...), or that would decode to more than 255 UTF-16 code
	// units, which is not decoded (see [ReasonHostTooLong]). The URL Standard's domain to ASCII keeps such a host
	// as written, lower-cased, and so do browsers; a display that decodes
	// Punycode may show it as anything.
	FlagBadPunycode
	// FlagIPHost: the host is an IP address (IPv4 in any form, or
	// bracketed IPv6) rather than a domain name.
	FlagIPHost
	// FlagInternalIP: the host is an IP address no public link should
	// lead to: loopback, unspecified, private, link-local (cloud metadata
	// at 169.254.169.254 and fd00:ec2::254), carrier-grade NAT, or an
	// IPv6 form that embeds one of those IPv4 addresses (internalIPv4
	// and internalIPv6 list the ranges and their RFCs). Link unfurlers
	// and image proxies that fetch URLs refuse it; FlagIPHost is set too.
	FlagInternalIP

	numFlags = iota
)

var flagNames = [numFlags]string{
	"tab-newline",
	"backslash",
	"slashes",
	"userinfo",
	"encoded-host",
	"host-mapped",
	"numeric-ipv4",
	"mapped-ipv6",
	"trailing-dot",
	"confusable",
	"encoded-dot",
	"encoded-separator",
	"double-encoding",
	"invalid-utf8",
	"spoof-char",
	"encoded-control",
	"malformed-escape",
	"active-scheme",
	"nested-url",
	"lookalike-separator",
	"embedded-ipv4",
	"triple-encoding",
	"idn",
	"bad-punycode",
	"ip-host",
	"internal-ip",
}

// Names returns the names of the flags that are set, in a fixed order.
func (f Flags) Names() []string {
	var names []string
	for i := range numFlags {
		if f&(1<<i) != 0 {
			names = append(names, flagNames[i])
		}
	}
	return names
}

// String returns the flag names joined by "|", or "none".
func (f Flags) String() string {
	if f == 0 {
		return "none"
	}
	var b strings.Builder
	for i := range numFlags {
		if f&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte('|')
			}
			b.WriteString(flagNames[i])
		}
	}
	if unknown := f &^ (1<<numFlags - 1); unknown != 0 {
		if b.Len() > 0 {
			b.WriteByte('|')
		}
		fmt.Fprintf(&b, "%#x", uint32(unknown))
	}
	return b.String()
}
