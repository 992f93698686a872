package urlnorm

// utf8state validates the bytes a path, query, fragment or host stands for
// (escapes decoded, raw bytes as they are), one byte at a time, so that
// "%C3%A9" and "é" are judged alike and escapes interleaved with raw text
// cannot smuggle a sequence past the check.
//
// Rejected in every mode (RFC 3629 §10, CVE-2000-0884, CAPEC-80): overlong
// forms (C0/C1 leads, E0 80–9F, F0 80–8F), UTF-16 surrogates (ED A0–BF) and
// code points above U+10FFFF (F4 90–BF, F5–F7 leads). Other malformations
// (lone continuation bytes, truncated sequences, F8–FF) are only reported:
// legacy-charset escapes such as "%E9" are common in real links.
type utf8state struct {
	need    int8 // continuation bytes still expected
	seen    int8 // bytes of the current sequence so far
	lead    byte
	r       rune
	invalid bool // a malformation that is flagged, not rejected
	spoof   bool // a completed sequence was a spoofing code point
}

// feed takes one byte >= 0x80 and returns a rejection reason or ReasonNone.
func (u *utf8state) feed(b byte) Reason {
	if u.need > 0 {
		if b < 0x80 || b > 0xBF {
			u.invalid = true // truncated: b starts something new
			u.need = 0
			return u.feed(b)
		}
		if u.seen == 1 {
			if reason := secondByteReason(u.lead, b); reason != ReasonNone {
				return reason
			}
		}
		u.r = u.r<<6 | rune(b&0x3F)
		u.need--
		u.seen++
		if u.need == 0 && isSpoofRune(u.r) {
			u.spoof = true
		}
		return ReasonNone
	}
	u.lead, u.seen = b, 1
	switch {
	case b < 0xC0: // continuation byte without a lead
		u.invalid = true
	case b < 0xE0:
		u.need, u.r = 1, rune(b&0x1F)
	case b < 0xF0:
		u.need, u.r = 2, rune(b&0x0F)
	case b < 0xF8:
		u.need, u.r = 3, rune(b&0x07)
	default:
		u.invalid = true
	}
	return ReasonNone
}

// ascii notes an ASCII byte: a sequence in progress is truncated.
func (u *utf8state) ascii() {
	if u.need > 0 {
		u.invalid = true
		u.need = 0
	}
}

// secondByteReason reports the sequences RFC 3629 forbids, decided at their
// second byte.
func secondByteReason(lead, b byte) Reason {
	switch {
	case lead == 0xC0 || lead == 0xC1:
		return ReasonOverlong
	case lead == 0xE0 && b < 0xA0, lead == 0xF0 && b < 0x90:
		return ReasonOverlong
	case lead == 0xED && b >= 0xA0:
		return ReasonInvalidCodePoint
	case lead == 0xF4 && b >= 0x90, lead >= 0xF5:
		return ReasonInvalidCodePoint
	}
	return ReasonNone
}
