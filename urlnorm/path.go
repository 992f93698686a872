package urlnorm

import "strings"

// parsePath writes the canonical form of the path starting at s[p] and
// returns the position where it ends ("?", "#" or the end of the input).
// An absolute path starts with a separator; a relative one (a relative
// reference such as "a/../b") does not, and keeps the ".." segments that
// climb above it, so that it resolves the same against any base.
//
// Dot segments are removed as WHATWG's path state does (RFC 3986 §5.2.4
// agrees): "." and ".." count after "%2E" is decoded, "%2F" never separates,
// and a final "." or ".." leaves a trailing "/".
func (n *normalizer) parsePath(p int, relative bool) (int, error) {
	s := n.in
	e := len(s)
	if k := strings.IndexByte(s[p:], '#'); k >= 0 {
		e = p + k
	}
	if k := strings.IndexByte(s[p:e], '?'); k >= 0 {
		e = p + k
	}
	start := n.out.w
	if p == e {
		if n.special && n.authority {
			n.out.writeByte('/') // an http(s) URL always has a path
		}
		return e, nil
	}
	var u utf8state
	nseg, dotdots := 0, 0 // segments written; leading ".." among them
	colon := false        // an escaped colon: see flagPathNested
	i := p
	if !relative {
		if s[p] == '\\' {
			n.flag(FlagBackslash, p)
		}
		i++ // s[p] is the separator
	}
	for {
		segOut := n.out.w
		if !relative || nseg > 0 {
			n.out.writeByte('/')
		}
		contentStart := n.out.w
		j, seg, err := n.segment(i, e, &u)
		if err != nil {
			return 0, err
		}
		colon = colon || seg.colon
		final := j == e
		switch dots := n.dots(contentStart); {
		case dots == 0:
			nseg++
			if seg.escaped {
				n.checkSeparatorBesideDots(contentStart, i)
			}
		case relative && dots == 2 && nseg == dotdots:
			nseg++ // nothing to climb out of: keep ".." as it is
			dotdots++
			if final {
				n.out.writeByte('/')
			}
		default:
			if seg.encodedDot {
				n.flag(FlagEncodedDot, i)
			}
			n.out.truncate(segOut)
			if dots == 2 && nseg > 0 {
				n.popSegment(start)
				nseg--
			}
			if final && (!relative || nseg > 0) {
				n.out.writeByte('/')
			}
		}
		if final {
			break
		}
		if s[j] == '\\' {
			n.flag(FlagBackslash, j)
		}
		i = j + 1
	}
	if u.need > 0 {
		u.invalid = true
	}
	if u.invalid {
		n.flag(FlagInvalidUTF8, p)
	}
	if u.spoof {
		n.flag(FlagSpoofChar, p)
	}
	n.fixPathStart(start, relative)
	n.checkPathEscapes(start, p)
	if !relative && n.special {
		if err := n.flagPathRedirect(p, start); err != nil {
			return 0, err
		}
	}
	if colon || strings.IndexByte(s[p:e], ':') >= 0 {
		// Every scheme decodedShape can reveal needs a colon, plain or
		// escaped, and the canonical form has one exactly where the
		// input has (":" is never decoded or encoded).
		if err := n.flagPathNested(p, e, start); err != nil {
			return 0, err
		}
	}
	return e, nil
}

// checkPathEscapes flags, in the path written from output position start,
// the escapes that change the path for a back end that decodes once more
// than the browser: "%25" before two hex digits ("%252e" is "." after two
// decodes) and "%2F" beside another separator ("/%2F", "%2F%2F", "%2F/":
// "//" once decoded, an empty segment or a protocol-relative path where
// the browser saw none). They are judged on the output, so that the
// canonical form carries exactly the flags of its input.
func (n *normalizer) checkPathEscapes(start, pos int) {
	w := n.out.w
	for k := start; ; k += 3 {
		if k = n.out.index('%', k, w); k < 0 || k+2 >= w {
			return
		}
		switch hi, lo := n.out.at(k+1), n.out.at(k+2); {
		case hi == '2' && lo == '5':
			if k+4 < w && unhex(n.out.at(k+3)) >= 0 && unhex(n.out.at(k+4)) >= 0 {
				n.flag(FlagDoubleEncoding, pos)
			}
		case hi == '2' && lo == 'F':
			if n.besideSeparator(start, k, k+3) {
				n.flag(FlagEncodedSeparator, pos)
			}
		}
	}
}

// besideSeparator reports whether the output before i (down to start) or
// from j on is a separator: "/", "%2F" or "%5C", or the start of the path.
func (n *normalizer) besideSeparator(start, i, j int) bool {
	sep := func(k int) bool {
		if n.out.at(k) == '/' {
			return true
		}
		if k+2 >= n.out.w || n.out.at(k) != '%' {
			return false
		}
		hi, lo := n.out.at(k+1), n.out.at(k+2)
		return hi == '2' && lo == 'F' || hi == '5' && lo == 'C'
	}
	return i == start || n.out.at(i-1) == '/' || i-3 >= start && sep(i-3) ||
		j < n.out.w && sep(j)
}

// segInfo describes one path segment as segment read it.
type segInfo struct {
	encodedDot bool // "%2E" was decoded in it
	colon      bool // it holds "%3A", or "%25" (which may hide "%253A")
	escaped    bool // it kept an escape
}

// segment writes one path segment, s[i:] up to the next separator or e,
// and returns where it ended.
func (n *normalizer) segment(i, e int, u *utf8state) (int, segInfo, error) {
	s := n.in
	var seg segInfo
	for ; i < e; i++ {
		c := s[i]
		if chars[c]&clsSegment != 0 {
			j := runEnd(s, i+1, e, clsSegment)
			u.ascii()
			n.out.copyIn(i, j)
			i = j - 1
			continue
		}
		switch {
		case c == '/' || c == '\\' && n.special:
			return i, seg, nil
		case c == '%':
			v, ok := escapeAt(s, i)
			if !ok {
				if !loneDelimiterPercent(s, i, e, n.special) {
					// "%4", "%G1", "%%30%30", a final "%": a broken or
					// nested escape, which servers decode differently;
					// refused.
					return 0, seg, n.reject(ReasonBadEscape, i)
				}
				// "100%_Orange_Juice": a lone "%" every lenient server
				// reads as itself, written "%25" as WHATWG leaves it.
				n.flag(FlagMalformedEscape, i)
				u.ascii()
				n.out.writeString("%25")
				continue
			}
			switch {
			case chars[v]&clsUnreserved != 0:
				seg.encodedDot = seg.encodedDot || v == '.'
				u.ascii()
				n.out.writeByte(v)
			case v < 0x20 || v == 0x7F:
				return 0, seg, n.reject(ReasonEncodedControl, i)
			default:
				seg.escaped = true
				if v < 0x80 {
					if v == '\\' {
						n.flag(FlagEncodedSeparator, i)
					}
					seg.colon = seg.colon || v == ':' || v == '%'
				}
				if err := n.feed(u, v, i); err != nil {
					return 0, seg, err
				}
				n.out.writeEscape(v)
			}
			i += 2
		case c >= 0x80:
			if err := n.feed(u, c, i); err != nil {
				return 0, seg, err
			}
			n.out.writeEscape(c)
		default:
			if c == '\\' {
				// A "\" in a non-special path is not a separator to the
				// browser but is written "%5C", which is flagged below:
				// the output must carry no flag its input did not.
				n.flag(FlagEncodedSeparator, i)
			}
			u.ascii()
			n.out.writeEscape(c)
		}
	}
	return e, seg, nil
}

// loneDelimiterPercent reports whether the "%" at s[i] (path ending at e)
// is followed, in its segment, by a character that can start no escape
// and continue none: not a letter or digit, not another "%", not a
// separator and not the end. Such a "%" is plain text to browsers and
// lenient servers ("100%_Orange_Juice", "50%-off"), and "%25" says so.
func loneDelimiterPercent(s string, i, e int, special bool) bool {
	if i+1 >= e {
		return false
	}
	c := s[i+1]
	return !isAlnum(c) && c != '%' && c != '/' && !(c == '\\' && special)
}

// feed passes byte v (at input position pos) to the UTF-8 check.
func (n *normalizer) feed(u *utf8state, v byte, pos int) error {
	if v < 0x80 {
		u.ascii()
		return nil
	}
	if r := u.feed(v); r != ReasonNone {
		return n.reject(r, pos)
	}
	return nil
}

// dots returns 1 or 2 if the output from position i on is "." or "..".
func (n *normalizer) dots(i int) int {
	switch n.out.w - i {
	case 1:
		if n.out.at(i) == '.' {
			return 1
		}
	case 2:
		if n.out.at(i) == '.' && n.out.at(i+1) == '.' {
			return 2
		}
	}
	return 0
}

// popSegment removes the last segment of the path that starts at output
// position start, together with the "/" before it.
func (n *normalizer) popSegment(start int) {
	k := n.out.w - 1
	for k >= start && n.out.at(k) != '/' {
		k--
	}
	n.out.truncate(max(k, start))
}

// checkSeparatorBesideDots flags "..%2F", "%2F..", "..%5C" and "%5C.." in
// the segment written from output position i: a back end that decodes
// "%2F" sees a traversal the browser did not (CAPEC-64).
func (n *normalizer) checkSeparatorBesideDots(i, pos int) {
	// Each pattern holds "..", which most escaped segments do not.
	if !n.out.contains(i, n.out.w, "..") {
		return
	}
	for _, bad := range [...]string{"..%2F", "%2F..", "..%5C", "%5C.."} {
		if n.out.contains(i, n.out.w, bad) {
			n.flag(FlagEncodedSeparator, pos)
			return
		}
	}
}

// fixPathStart keeps the path from changing what kind of reference it is:
// an absolute path without an authority must not start with "//" (WHATWG
// writes "/." before it), and a relative path must not be empty, start
// with "/", or have a ":" in its first segment (RFC 3986 §4.2 writes "./").
func (n *normalizer) fixPathStart(start int, relative bool) {
	var prefix string
	switch {
	case !relative:
		if !n.authority && n.out.w-start >= 2 && n.out.at(start) == '/' && n.out.at(start+1) == '/' {
			prefix = "/."
		}
	case n.out.w == start:
		n.out.writeString("./")
		return
	case n.out.at(start) == '/':
		prefix = "./"
	default:
		for k := start; k < n.out.w && n.out.at(k) != '/'; k++ {
			if n.out.at(k) == ':' {
				prefix = "./"
				break
			}
		}
	}
	if prefix != "" {
		path := n.out.slice(start, n.out.w)
		n.out.truncate(start)
		n.out.writeString(prefix)
		n.out.writeString(path)
	}
}
