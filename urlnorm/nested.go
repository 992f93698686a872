package urlnorm

import (
	"bytes"
	"strings"
)

// nestedPeek is how much of a query value nestedLevel looks at: enough for
// a scheme after three rounds of percent-encoding.
const nestedPeek = 96

// nestedLevel reports whether the query value v holds a URL that a
// redirecting back end could follow: a protocol-relative reference
// ("//evil", "\\evil"), an absolute URL with a special or active scheme,
// or a SiteMinder-encoded value. It returns how many rounds of
// percent-decoding reveal it (0 to 2), or -1. It does not allocate.
func nestedLevel(v string) int {
	if !maybeNested(v) {
		return -1
	}
	return decodedShape(v, false)
}

// decodedShape returns how many rounds of percent-decoding (0 to 2) make
// the start of v URL-shaped (urlShaped, or pathURLShaped if path), or -1.
// It does not allocate.
func decodedShape(v string, path bool) int {
	var bufs [2][nestedPeek]byte
	cur := bufs[0][:copy(bufs[0][:], v)]
	for level := 0; ; level++ {
		if path && pathURLShaped(cur) || !path && urlShaped(cur) {
			return level
		}
		if level == 0 && bytes.IndexByte(cur, '%') < 0 {
			return -1 // nothing to decode
		}
		if level == 2 {
			return -1
		}
		next := bufs[(level+1)%2][:0]
		changed := false
		for i := 0; i < len(cur); i++ {
			if cur[i] == '%' && i+2 < len(cur) && unhex(cur[i+1]) >= 0 && unhex(cur[i+2]) >= 0 {
				next = append(next, byte(unhex(cur[i+1])<<4|unhex(cur[i+2])))
				i += 2
				changed = true
			} else {
				next = append(next, cur[i])
			}
		}
		if !changed {
			return -1
		}
		cur = next
	}
}

// maybeNested is a cheap first test for nestedLevel: a value that starts
// with a letter run not followed by ":", and holds no "%" early on, is an
// ordinary value. Anything else gets the full look.
func maybeNested(v string) bool {
	v = v[:min(len(v), nestedPeek)]
	if v == "" {
		return false
	}
	if !isAlpha(v[0]) {
		// What can start a URL once decoded or trimmed: "//" or "\\",
		// "-SM-" or "$SM$", an escape, or space the back end may trim.
		return strings.IndexByte("/\\-$%+ ", v[0]) >= 0
	}
	for i := 1; i < len(v); i++ {
		switch c := v[i]; {
		case c == ':' || c == '%' || c == '\t' || c == '\n' || c == '\r':
			return true
		case chars[c]&clsScheme == 0:
			return strings.IndexByte(v[i:], '%') >= 0
		}
	}
	return false
}

// browserStart returns the first bytes of b, up to 16, as a browser's URL
// parser reads them: leading C0 controls and spaces stripped, TAB, LF and
// CR ignored wherever they are (URL Standard, basic URL parser).
func browserStart(b []byte) (start [16]byte, n int) {
	for i := 0; i < len(b) && n < len(start); i++ {
		c := b[i]
		if n == 0 && c <= ' ' || c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		start[n] = c
		n++
	}
	return start, n
}

// urlShaped applies the browser's preprocessing (leading C0 and space
// stripped, TAB/LF/CR ignored) to the start of b and checks its shape.
func urlShaped(b []byte) bool {
	clean, k := browserStart(b)
	s := string(clean[:k]) // does not escape: no allocation
	if len(s) >= 2 && (s[0] == '/' || s[0] == '\\') && (s[1] == '/' || s[1] == '\\') {
		return true
	}
	if isSMEncoded(s) {
		return true
	}
	colon := schemeEnd(s)
	if colon < 0 {
		return false
	}
	var scheme [10]byte
	if colon > len(scheme) {
		return false
	}
	for i := 0; i < colon; i++ {
		scheme[i] = lower(s[i])
	}
	sc := string(scheme[:colon])
	return isSpecial(sc) || isActiveScheme(sc)
}

// inspectNested normalises the URL inside a query value (after level
// rounds of percent-decoding, or SM-decoding) with the outer options, and
// rejects the outer URL if the inner one is refused or uses a scheme the
// options do not allow (SiteMinder's ValidTargetDomain, done at the
// sanitiser).
func (n *normalizer) inspectNested(v string, level int, sm bool, pos int) error {
	fail := func(err error) error {
		e := n.reject(ReasonNestedURL, pos)
		e.Err = err
		return e
	}
	if n.depth >= maxNestedDepth {
		return fail(nil)
	}
	target := v
	for range level {
		target = percentDecode(target)
	}
	if sm || isSMEncoded(target) {
		d, err := DecodeSM(target)
		if err != nil {
			return fail(err)
		}
		target = d
	}
	inner := n.opts
	inner.Relative = RelativeKeep
	r, err := inspect(target, inner, n.depth+1)
	if err != nil {
		return fail(err)
	}
	o := &n.opts
	switch {
	case r.Scheme != "" && !o.nestedSchemeAllowed(r.Scheme),
		r.Scheme == "" && r.Host != "" && !(o.nestedSchemeAllowed("http") && o.nestedSchemeAllowed("https")):
		return fail(&RejectError{Input: target, Reason: ReasonSchemeNotAllowed})
	}
	return nil
}

// percentDecode decodes every valid "%XX" in s and keeps anything else.
func percentDecode(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if v, ok := escapeAt(s, i); ok {
			b = append(b, v)
			i += 2
		} else {
			b = append(b, s[i])
		}
	}
	return string(b)
}
