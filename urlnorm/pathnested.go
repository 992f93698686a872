package urlnorm

import "strings"

// A redirect can take its target from the path as well as from a query
// value: "/redirect/https://evil.example/", "/out/http%3A%2F%2Fevil.example",
// "/r/%68ttps://evil.example". The path's rest, from the start of a
// segment on, is the nested URL; it is flagged FlagNestedURL and, with
// [Options.Nested], inspected like one in a query value.
//
// Paths hold colons for many other reasons ("/wiki/File:X.jpg",
// "/wiki/Data:Y.tab", "/a:b", a segment "http:" alone), and "//" by
// mistake, so only an explicit special scheme followed by one or two
// slashes and something after them counts (pathURLShaped): the shape a back end
// turns into an absolute redirect. A protocol-relative "//host" or an
// active scheme in a path is left alone.

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
		if err := n.inspectNested(in[k:], level, false, pos); err != nil {
			return err
		}
	}
	if wlevel >= 0 && (level < 0 || written[wk:] != in[k:]) {
		return n.inspectNested(written[wk:], wlevel, false, pos)
	}
	return nil
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
			// "https://", "https:\\", "https:%2F%2F"; not "File:X.jpg".
			return i+1 < len(v) && (v[i+1] == '/' || v[i+1] == '\\' || v[i+1] == '%')
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
// urlShaped does) and reports a special scheme, a slash or two (or
// backslashes, which special URLs read alike) and something after them:
// a browser reads "http:/evil.example" met on an https page as
// http://evil.example/ (URL Standard, special authority slashes state).
func pathURLShaped(b []byte) bool {
	clean, k := browserStart(b)
	s := string(clean[:k]) // does not escape: no allocation
	colon := schemeEnd(s)
	if colon < 0 || len(s) < colon+3 || !isSlash(s[colon+1], true) || len(s) == colon+3 && isSlash(s[colon+2], true) {
		return false
	}
	return specialFold(s[:colon])
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
