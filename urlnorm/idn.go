package urlnorm

import (
	"strings"

	"golang.org/x/net/idna"

	"github.com/htmlclean/htmlclean/internal/ascii"
)

// mapProfile is the UTS #46 mapping step alone (§4 step 1-2: map, then
// NFC), with the same settings as idnaProfile and no validation: what
// the host's labels are before any Punycode label is decoded.
var mapProfile = idna.New(
	idna.MapForLookup(),
	idna.ValidateLabels(false),
	idna.CheckJoiners(false),
	idna.CheckHyphens(false),
	idna.StrictDomainName(false),
	idna.Transitional(false),
	idna.VerifyDNSLength(false),
)

// labelMark starts every label handed to mapProfile, so that no label
// starts with "xn--" and x/net/idna decodes none of them (its decoder is
// quadratic and hides an empty payload). A C0 control: decodeHost and
// preprocess have refused any in the host, UTS #46 maps it to itself with
// STD3 rules off, and it neither composes nor reorders under NFC.
const labelMark = "\x01"

// writeIDNHost handles hosts with escapes, non-ASCII or Punycode labels.
//
// Everything before x/net/idna's ToASCII is linear in the host, and
// ToASCII encodes only labels of at most maxPunycodeLabel code units:
// its Punycode encoder is quadratic (21,000 CJK characters took 5 s).
//
// What a host decodes to is judged once per process and remembered (see
// idnMemo): UTS #46 costs tens of thousands of instructions per host, and
// the hosts in a stream of comments repeat.
func (n *normalizer) writeIDNHost(h string, p int) error {
	decoded := h
	if strings.IndexByte(h, '%') >= 0 {
		n.flag(FlagEncodedHost, p)
		var err error
		if decoded, err = n.decodeHost(h, p); err != nil {
			return err
		}
	}
	if hostTooLong(decoded) {
		return n.reject(ReasonHostTooLong, p)
	}
	j := idnMemo.judge(decoded)
	if j.reason != ReasonNone {
		return n.reject(j.reason, p)
	}
	n.flag(j.flags, p)
	if j.number {
		return n.writeIPv4(j.ascii, p)
	}
	n.out.writeString(j.ascii)
	return nil
}

// hostTooLong reports whether the decoded host h is over maxIDNHost or
// maxACEHost, whichever applies.
func hostTooLong(h string) bool {
	switch {
	case len(h) <= maxIDNHost:
		return false
	case !isASCII(h):
		return utf16Len(h) > maxIDNHost
	}
	return len(h) > maxACEHost && hasACELabel(ascii.Lower(h))
}

// idnJudgement is what judgeIDNHost makes of one decoded host: refused
// for reason, or written as ascii (an IPv4 address if number) with flags.
type idnJudgement struct {
	host   string // the decoded host judged
	ascii  string
	flags  Flags
	reason Reason
	number bool
}

// judgeIDNHost runs UTS #46 over a decoded host. It depends on nothing
// but h: no option, no position, so that idnMemo may hand its result to
// any URL with the same host.
func judgeIDNHost(h string) *idnJudgement {
	j := judgeUTS46(h)
	if j.reason == ReasonIDNA && isASCII(h) {
		return judgeASCIIFallback(h)
	}
	return j
}

// judgeASCIIFallback judges an all-ASCII host that UTS #46 refused (an
// "xn--" label that does not decode, or decodes to a label that breaks
// the joiner, bidi or hyphen rules). The URL Standard's domain to ASCII
// (since whatwg/url pull request 914, WPT IdnaTestV2.json) then returns
// the host lower-cased, as browsers always have ("xn--ab-j1t" stays
// "xn--ab-j1t"): it is the name DNS is asked for, and the canonical form
// shows it as it is. What follows the domain is as for any host: the
// forbidden code points, IPv4 if it ends in a number.
func judgeASCIIFallback(h string) *idnJudgement {
	lower := ascii.Lower(h)
	j := &idnJudgement{host: h, ascii: lower, flags: FlagBadPunycode}
	for i := 0; i < len(lower); i++ {
		if chars[lower[i]]&clsHostGo == 0 {
			j.reason = ReasonHost
			return j
		}
	}
	if endsInNumber(lower) {
		j.flags, j.number = 0, true
		return j
	}
	if lower[len(lower)-1] == '.' {
		j.flags |= FlagTrailingDot
	}
	return j
}

// judgeUTS46 is judgeIDNHost without the ASCII fallback.
func judgeUTS46(h string) *idnJudgement {
	j := &idnJudgement{host: h}
	refuse := func(r Reason) *idnJudgement { j.reason = r; return j }
	if !unicode17 && strings.Contains(h, "\u1e9e") {
		// UTS #46 15.1 maps U+1E9E to "ß" where the 15.0 tables (x/net/idna
		// built with Go before 1.27) map it to "ss": refuse rather than
		// give the host browsers no longer use.
		return refuse(ReasonIDNA)
	}
	mapped, ok := mapLabels(h)
	if !ok {
		return refuse(ReasonIDNA)
	}
	if r := checkMappedLabels(mapped); r != ReasonNone {
		return refuse(r)
	}
	ace, err := idnaProfile.ToASCII(h)
	if err != nil || ace == "" {
		return refuse(ReasonIDNA)
	}
	number := endsInNumber(ace)
	if !number && hostTooLong(ace) {
		// Mapping may lengthen a host ("㍿" is four letters): the canonical
		// form must be one urlnorm accepts again.
		return refuse(ReasonHostTooLong)
	}
	// ToUnicode re-validates every decoded label, as UTS #46 §4.4 asks
	// of labels that were Punycode in the input.
	uni, err := idnaProfile.ToUnicode(ace)
	if err != nil {
		return refuse(ReasonIDNA)
	}
	for i := 0; i < len(ace); i++ {
		if c := ace[i]; c >= 0x80 || chars[c]&clsHostGo == 0 {
			return refuse(ReasonHost)
		}
	}
	j.ascii, j.number = ace, number
	// The host was "mapped" if UTS #46 did more than lower-case ASCII:
	// fullwidth letters, U+3002, deleted U+200B, NFC composition, ...
	hostMapped := mapped != ascii.Lower(h)
	if number {
		if hostMapped {
			// "１２７.0.0.1", "127。0。0。1": an address in digits or dots
			// a reader does not take for one.
			j.flags |= FlagHostMapped | FlagNumericIPv4
		}
		return j
	}
	if hostMapped {
		j.flags |= FlagHostMapped
	}
	if isConfusable(uni) {
		j.flags |= FlagConfusable
	} else if uni != ace {
		j.flags |= FlagIDN
	}
	if hasLookalikeSeparator(uni) {
		j.flags |= FlagLookalikeSeparator
	}
	if ace[len(ace)-1] == '.' {
		j.flags |= FlagTrailingDot
	}
	return j
}

// mapLabels returns the host h after the UTS #46 mapping and NFC, with
// its Punycode labels as they are, or false if a code point is
// disallowed. Only the four full stops of UTS #46 §4 step 3 separate
// labels, and only they map to "." (TestDotMappings checks every code
// point), so each label of h is marked before mapping; a mapped label
// without its mark means that assumption broke, and fails closed.
func mapLabels(h string) (string, bool) {
	var b strings.Builder
	b.Grow(len(h) + 8)
	b.WriteString(labelMark)
	for _, r := range h {
		if isFullStop(r) {
			b.WriteByte('.')
			b.WriteString(labelMark)
			continue
		}
		b.WriteRune(r)
	}
	m, err := mapProfile.ToUnicode(b.String())
	if err != nil {
		return "", false
	}
	labels := strings.Count(m, ".") + 1
	if strings.Count(m, labelMark) != labels {
		return "", false
	}
	out := strings.ReplaceAll(m, "."+labelMark, ".")
	if !strings.HasPrefix(out, labelMark) {
		return "", false
	}
	return out[len(labelMark):], true
}

// isFullStop reports the label separators of UTS #46 §4 step 3.
func isFullStop(r rune) bool {
	return r == '.' || r == '\u3002' || r == '\uff0e' || r == '\uff61'
}

// checkMappedLabels judges the labels of a mapped host (see mapLabels)
// before Punycode encoding or decoding runs on them.
//
// Length: a label Punycode must encode may have at most maxPunycodeLabel
// UTF-16 code units once mapped, which bounds the encoder's quadratic
// cost; an ASCII label is not encoded and has no limit.
//
// Punycode (UTS #46 §4.4 with IgnoreInvalidPunycode=false, as the URL
// Standard's domain to ASCII sets it): an "xn--" label must have a
// non-empty ASCII payload that decodes, and must be what encoding the
// decoded label gives back. x/net/idna turns "xn--" into an empty label
// ("https://xn--.example/" became "https://.example/"), so this is
// checked on the input's labels, not on IDNA's output.
func checkMappedLabels(mapped string) Reason {
	for label := range strings.SplitSeq(mapped, ".") {
		if !strings.HasPrefix(label, "xn--") {
			if !isASCII(label) && utf16Len(label) > maxPunycodeLabel {
				return ReasonHostTooLong
			}
			continue
		}
		if !validACELabel(label) {
			return ReasonIDNA
		}
	}
	return ReasonNone
}

// validACELabel reports whether the "xn--" label is Punycode that decodes
// to a non-ASCII label and encodes back to itself (RFC 3492 §6.2 leaves
// room for encodings the encoder never produces). One that decodes to
// more than maxPunycodeLabel code units counts as invalid, and is
// measured (punycodeLen) before it is decoded. The decoded label's
// validity is checked by idnaProfile.
func validACELabel(label string) bool {
	if len(label) == len("xn--") || !isASCII(label) {
		return false
	}
	if n, ok := punycodeLen(label[len("xn--"):]); !ok || n > maxPunycodeLabel {
		return false
	}
	u, err := idna.Punycode.ToUnicode(label)
	if err != nil || u == "" || isASCII(u) || utf16Len(u) > maxPunycodeLabel {
		return false
	}
	back, err := idna.Punycode.ToASCII(u)
	return err == nil && back == label
}
