package urlnorm

import "strings"

// A redirect can take its target from the path as well as from a query
// value: "/redirect/https://evil.example/", "/out/http%3A%2F%2Fevil.example",
// "/r/%68ttps://evil.example". The path's rest, from the start of a
// segment on, is the nested URL; it is flagged FlagNestedURL and, with
// [Options.Nested], inspected like one in a query value.
//
// Paths hold colons for many other reasons ("/wiki/File:X.jpg",
// "/wiki/Help:Contents", "/time/10:30", a segment "http:" alone), and
// "//" by mistake, so only an explicit special scheme followed by
// something that reads as a host counts (pathURLShaped): the shape a back
// end turns into an absolute redirect. The number of slashes after the
// colon does not matter, none included: a browser reads "http:evil.example",
// "http:/evil.example" and "http:///evil.example" met on an https page all
// as http://evil.example/ (URL Standard, scheme state and special
// authority ignore slashes state). With no slash, the rest must look like
// a host ("http:evil.example", not "HTTP:Cookie"). A Proofpoint URL
// Defense v3 path ("/v3/__https://evil.example/__;!!…") puts "__" before
// the scheme; a segment that starts with "__" is read from after it too.
// A path that is itself a network-path reference once dot segments are
// resolved, and the path forms of the AMP redirect services, are in
// redirectpath.go. A protocol-relative "//host" or an active scheme
// inside a path segment is left alone.

// flagPathNested looks for a nested URL in the path s[p:e] as given and in
// its canonical form, written from output position start, so that the
// canonical form carries no flag and no verdict its input did not.
func (n *normalizer) flagPathNested(p, e, start int) error {
	in := n.in[p:e]
	written := n.out.slice(start, n.out.w)
	k, level := pathNestedAt(in, 0)
	wk, wlevel := k, level
	if written != in {
		wk, wlevel = pathNestedAt(written, 0)
	}
	if level < 0 && wlevel < 0 {
		return nil
	}
	pos := p
	if level >= 0 {
		pos = p + k
	}
	n.flag(FlagNestedURL, pos)
	if !n.opts.Nested {
		return nil
	}
	if level >= 0 {
		if err := n.inspectPathNested(in[k:], level, pos); err != nil {
			return err
		}
	}
	if wlevel >= 0 && (level < 0 || written[wk:] != in[k:]) {
		return n.inspectPathNested(written[wk:], wlevel, pos)
	}
	return nil
}

// inspectPathNested is inspectNested for the URL at the start of a path's
// rest, decoded level times. A special scheme with fewer than two slashes
// after it ("http:evil.example", "http:/evil.example") is inspected as
// the URL a browser follows when the back end redirects to it from a page
// of another scheme, "http://evil.example" (URL Standard, special
// authority ignore slashes state): what it can reach, not the relative
// reference it is on a page of its own scheme.
func (n *normalizer) inspectPathNested(v string, level, pos int) error {
	for range level {
		v = percentDecode(v)
	}
	t := strings.TrimLeft(v, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\v\f\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	if colon := schemeEnd(t); colon > 0 && specialFold(t[:colon]) && !asciiEqualFold(t[:colon], "file") {
		rest := t[colon+1:]
		if len(rest) < 2 || !isSlash(rest[0], true) || !isSlash(rest[1], true) {
			v = t[:colon] + "://" + strings.TrimLeft(rest, "/\\")
		}
	}
	return n.inspectNested(v, 0, false, pos)
}

// pathNestedAt returns the offset of the first segment of path, from the
// one at offset k on, from which the rest of the path is a nested URL,
// or of the part of a segment after ";" or "=" (matrix parameters,
// "/out;u=https://…", "/go/to=https://…"),
// and the rounds of percent-decoding that reveal it (see decodedShape),
// or -1, -1. Each segment start gets a bounded look (maybePathNested,
// then at most nestedPeek bytes three times), so the cost is linear in
// the path. Segments start after "/" or "\" (which special URLs read
// alike; the canonical form has only "/").
func pathNestedAt(path string, k int) (int, int) {
	for k < len(path) {
		if maybePathNested(path[k:]) {
			if level := decodedShape(path[k:], true); level >= 0 {
				return k, level
			}
		}
		if strings.HasPrefix(path[k:], "__") && maybePathNested(path[k+2:]) {
			// Proofpoint URL Defense v3: "/v3/__https://…__;!!…".
			if level := decodedShape(path[k+2:], true); level >= 0 {
				return k + 2, level
			}
		}
		j := strings.IndexAny(path[k:], "/\\;=")
		if j < 0 {
			break
		}
		k += j + 1
	}
	return -1, -1
}

// maybePathNested is a cheap first test: a segment that starts with a
// scheme's letters followed by ":" or an escape of ":", "%" or a letter,
// or with such an escape, or with space or a control (a back end may trim
// it; the canonical form escapes it). Not "/wiki/Caf%C3%A9" or "/wiki/%E2%80%93".
func maybePathNested(v string) bool {
	if v == "" {
		return false
	}
	switch c := v[0]; {
	case c == '%':
		return pathSchemeEscape(v, 0)
	case c <= ' ':
		return true
	case !isAlpha(c):
		return false
	}
	for i := 1; i < len(v) && i <= len("https"); i++ {
		switch c := v[i]; {
		case c == ':':
			// "https://", "https:\\", "https:%2F%2F", "http:evil.example";
			// not "File:X.jpg" or "10:30".
			return i+1 < len(v) && (v[i+1] == '/' || v[i+1] == '\\' || v[i+1] == '%' || specialFold(v[:i]))
		case c == '%':
			return pathSchemeEscape(v, i)
		case chars[c]&clsScheme == 0:
			return false
		}
	}
	return false
}

// pathSchemeEscape reports whether the escape at v[i] may belong to a
// scheme and its colon, once or twice encoded: a letter, space or a
// control, ":" or "%".
func pathSchemeEscape(v string, i int) bool {
	c, ok := escapeAt(v, i)
	return ok && (isAlpha(c) || c <= ' ' || c == ':' || c == '%')
}

// pathURLShaped applies the browser's preprocessing to the start of b (as
// urlShaped does, over up to nestedPeek bytes) and reports a special
// scheme, any number of slashes (or backslashes, which special URLs read
// alike), and a host after them: a browser reads "http:/evil.example",
// "http:evil.example" or "http:///evil.example" met on an https page as
// http://evil.example/ (URL Standard, scheme state, special authority
// ignore slashes state). After one slash or more, anything but the end
// counts as a host; after none, only what readsAsHost (a bare word such
// as "HTTP:Cookie" is a wiki page). "file:" needs two slashes for a host
// (URL Standard, file state). A window that ends inside the slashes or
// the host counts (fail closed).
func pathURLShaped(b []byte) bool {
	var clean [nestedPeek]byte
	k := 0
	for i := 0; i < len(b) && k < len(clean); i++ {
		c := b[i]
		if k == 0 && c <= ' ' || c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		clean[k] = c
		k++
	}
	full := k == len(clean) // the window may end before the URL does
	s := string(clean[:k])  // does not escape: no allocation
	colon := schemeEnd(s)
	if colon < 0 || !specialFold(s[:colon]) {
		return false
	}
	i := colon + 1
	for i < len(s) && isSlash(s[i], true) {
		i++
	}
	switch slashes := i - colon - 1; {
	case i == len(s):
		return full && slashes > 0
	case asciiEqualFold(s[:colon], "file"):
		return slashes >= 2
	case slashes > 0:
		return true
	default:
		return readsAsHost(s[i:], full)
	}
}

// readsAsHost reports whether the start of s, up to a separator ("/",
// "\\", "?", "#"), reads as a host a URL parser would take: a domain
// name with a dot in it ("evil.example", "evil%2Eexample", "0x7f.1"), a
// user name before a host ("u@host"), a bracketed IPv6 address, a number
// (an IPv4 address to the URL Standard) or a name with non-ASCII letters
// (UTS #46 maps "。" to "."). "Cookie", "Contents" and "Cookie(x)" do
// not. truncated says s may go on past its end: a run of host bytes to
// the end then counts (fail closed). It does not allocate.
func readsAsHost(s string, truncated bool) bool {
	if s == "" {
		return false
	}
	if s[0] == '[' || isDigit(s[0]) {
		return true
	}
	dot := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '/' || c == '\\' || c == '?' || c == '#':
			return dot
		case c == '.':
			dot = dot || i > 0 && i+1 < len(s) && s[i+1] != '/' && s[i+1] != '.'
		case c == '@' || c >= 0x80 || c == '%':
			dot = true // userinfo, IDNA mapping, an escape the host parser decodes
		case !isAlnum(c) && c != '-' && c != '_' && c != ':' && c != '~':
			return false
		}
	}
	return dot || truncated
}

// specialFold is isSpecial for a scheme in any case.
func specialFold(scheme string) bool {
	for _, sp := range [...]string{"http", "https", "ws", "wss", "ftp", "file"} {
		if asciiEqualFold(scheme, sp) {
			return true
		}
	}
	return false
}
