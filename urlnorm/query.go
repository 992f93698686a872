package urlnorm

import "strings"

// parseQueryFragment handles the "?query" and "#fragment" at s[p:], if any.
func (n *normalizer) parseQueryFragment(p int) error {
	s := n.in
	start := n.out.w
	if p < len(s) && s[p] == '?' {
		var err error
		if p, err = n.parseQuery(p + 1); err != nil {
			return err
		}
	}
	if p < len(s) && s[p] == '#' {
		if err := n.parseFragment(p + 1); err != nil {
			return err
		}
	}
	n.checkTripleEncoding(start, p)
	return nil
}

// checkTripleEncoding flags "%2525" before two hex digits in the query
// and fragment written from output position start: a byte escaped three
// times, which a link needs only to pass filters that decode twice
// ("%25252F" is "/" after three decodes). Double encoding is common in
// redirect parameters and is not flagged there. Judged on the output, so
// that the canonical form carries exactly the flags of its input.
func (n *normalizer) checkTripleEncoding(start, pos int) {
	w := n.out.w
	for k := start; k+6 < w; k++ {
		if n.out.at(k) == '%' && n.out.at(k+1) == '2' && n.out.at(k+2) == '5' &&
			n.out.at(k+3) == '2' && n.out.at(k+4) == '5' &&
			unhex(n.out.at(k+5)) >= 0 && unhex(n.out.at(k+6)) >= 0 {
			n.flag(FlagTripleEncoding, pos)
			return
		}
	}
}

// parseQuery writes the query that starts at s[p] and returns where it ends.
//
// Nothing reserved is decoded: "%26 %3D %2B %3B %25 %23" and "+" keep their
// form-encoding meaning (HTML §4.10.21.7, RFC 3986 §2.2). Unreserved escapes
// are decoded, except "%2D": SiteMinder's framework encoding uses "-" as its
// escape character and reads raw query bytes (Broadcom KB 11150), so decoding it
// changes what the agent sees. A malformed "%" is rewritten as "%25",
// which is what every server makes of it.
func (n *normalizer) parseQuery(p int) (int, error) {
	s := n.in
	n.out.writeByte('?')
	e := len(s)
	if k := strings.IndexByte(s[p:], '#'); k >= 0 {
		e = p + k
	}
	var u utf8state
	qStart := p
	for p < e {
		pe := e
		if k := strings.IndexByte(s[p:e], '&'); k >= 0 {
			pe = p + k
		}
		vs := p
		if k := strings.IndexByte(s[p:pe], '='); k >= 0 {
			vs = p + k + 1
		}
		if err := n.queryBytes(p, vs, &u); err != nil {
			return 0, err
		}
		if err := n.queryValue(vs, pe, &u); err != nil {
			return 0, err
		}
		if pe < e {
			n.out.writeByte('&')
		}
		p = pe + 1
	}
	if u.spoof {
		// "?file=%E2%80%AEfdp.scr": a back end that shows or saves the
		// value shows "rcs.pdf", as in a path or fragment.
		n.flag(FlagSpoofChar, qStart)
	}
	return e, nil
}

// queryValue writes one query value, s[p:e]. A SiteMinder-encoded value
// ("-SM-…", "$SM$…") is copied byte for byte: its escapes belong to the SM
// decoder, not to us. Values holding a URL are flagged and, with
// [Options.Nested], inspected.
func (n *normalizer) queryValue(p, e int, u *utf8state) error {
	s := n.in
	v := s[p:e]
	if isSMEncoded(v) {
		n.flag(FlagNestedURL, p)
		for i := p; i < e; i++ {
			if c := s[i]; c == '%' || c < 0x80 && chars[c]&n.queryClass() != 0 {
				n.out.writeByte(c)
			} else {
				// Only what the browser itself would encode: the agent
				// decodes "%22" to the same byte it would have received.
				n.out.writeEscape(c)
			}
		}
		if n.opts.Nested {
			return n.inspectNested(v, 0, true, p)
		}
		return nil
	}
	start := n.out.w
	if err := n.queryBytes(p, e, u); err != nil {
		return err
	}
	// A nested URL is judged as given and as written, so that the
	// canonical form carries no flag and no verdict its input did not:
	// "?u=//\"" is written "?u=//%22", whose nested URL has an encoded
	// host; and "%2e%2e", written "..", keeps the encoded-dot flag of the
	// value as given.
	written := n.out.slice(start, n.out.w)
	level, wlevel := nestedLevel(v), nestedLevel(written)
	if level >= 0 || wlevel >= 0 {
		n.flag(FlagNestedURL, p)
	}
	if !n.opts.Nested {
		return nil
	}
	if level >= 0 {
		if err := n.inspectNested(v, level, false, p); err != nil {
			return err
		}
	}
	if wlevel >= 0 && written != v {
		return n.inspectNested(written, wlevel, false, p)
	}
	return nil
}

func (n *normalizer) queryClass() uint16 {
	if n.special {
		return clsQuerySpecial
	}
	return clsQuery
}

// queryBytes writes s[p:e] by the query rules.
func (n *normalizer) queryBytes(p, e int, u *utf8state) error {
	s := n.in
	class := n.queryClass()
	for i := p; i < e; i++ {
		c := s[i]
		if chars[c]&class != 0 {
			j := runEnd(s, i+1, e, class)
			u.ascii()
			n.out.copyIn(i, j)
			i = j - 1
			continue
		}
		switch {
		case c == '%':
			v, ok := escapeAt(s, i)
			if !ok {
				n.flag(FlagMalformedEscape, i)
				n.out.writeString("%25")
				continue
			}
			if chars[v]&clsUnreserved != 0 && v != '-' {
				u.ascii()
				n.out.writeByte(v)
			} else {
				if v < 0x20 || v == 0x7F {
					n.flag(FlagEncodedControl, i)
				}
				if err := n.feed(u, v, i); err != nil {
					return err
				}
				n.out.writeEscape(v)
			}
			i += 2
		case c >= 0x80:
			if err := n.feed(u, c, i); err != nil {
				return err
			}
			n.out.writeEscape(c)
		default:
			u.ascii()
			n.out.writeEscape(c)
		}
	}
	return nil
}

// flagFragmentURLs flags a URL held in the fragment's "key=value" parts,
// as in a query: hash routers ("#next=javascript:…", "#!/redirect?to=//x")
// navigate to such values in script. Fragments are never sent, so there
// is no back end to inspect them for: they are only flagged.
//
// It is judged on the fragment as written (frag), so that the canonical
// form carries exactly the flags of its input.
func (n *normalizer) flagFragmentURLs(frag string, p int) {
	if fragmentHoldsURL(frag) {
		n.flag(FlagNestedURL, p)
	}
}

// fragmentHoldsURL reports whether a fragment's "key=value" parts hold a
// URL (nestedLevel). The fast path asks it too.
func fragmentHoldsURL(frag string) bool {
	if strings.IndexByte(frag, ':') < 0 && !strings.Contains(frag, "//") && !strings.Contains(frag, `\\`) && strings.IndexByte(frag, '%') < 0 {
		return false // the common "#section": nothing URL-shaped
	}
	for part := range strings.SplitSeq(frag, "&") {
		if k := strings.IndexByte(part, '='); k >= 0 {
			part = part[k+1:]
		}
		if nestedLevel(part) >= 0 {
			return true
		}
	}
	return false
}

// parseFragment writes the fragment that starts at s[p]: the query rules,
// with "%2D" decoded too, "%00" refused (it truncates in C back ends and
// has no use in an anchor), and the path's spoofing checks.
func (n *normalizer) parseFragment(p int) error {
	s := n.in
	n.out.writeByte('#')
	start := n.out.w
	var u utf8state
	for i := p; i < len(s); i++ {
		c := s[i]
		if chars[c]&clsFragment != 0 {
			j := runEnd(s, i+1, len(s), clsFragment)
			u.ascii()
			n.out.copyIn(i, j)
			i = j - 1
			continue
		}
		switch {
		case c == '%':
			v, ok := escapeAt(s, i)
			switch {
			case !ok:
				n.flag(FlagMalformedEscape, i)
				n.out.writeString("%25")
				continue
			case v == 0:
				return n.reject(ReasonEncodedControl, i)
			case chars[v]&clsUnreserved != 0:
				u.ascii()
				n.out.writeByte(v)
			default:
				if v < 0x20 || v == 0x7F {
					n.flag(FlagEncodedControl, i)
				}
				if err := n.feed(&u, v, i); err != nil {
					return err
				}
				n.out.writeEscape(v)
			}
			i += 2
		case c >= 0x80:
			if err := n.feed(&u, c, i); err != nil {
				return err
			}
			n.out.writeEscape(c)
		default:
			u.ascii()
			n.out.writeEscape(c)
		}
	}
	if u.need > 0 || u.invalid {
		n.flag(FlagInvalidUTF8, p)
	}
	if u.spoof {
		n.flag(FlagSpoofChar, p)
	}
	n.flagFragmentURLs(n.out.slice(start, n.out.w), p)
	return nil
}
