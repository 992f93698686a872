package urlnorm

import "strings"

// fastCanonical recognises, in one pass over the bytes, the shapes most
// links in real content already have: "http(s)://host/path?query#frag"
// with a plain lower-case host (or "http(s)://host", which gains its "/"),
// a path-absolute "/path?query#frag", a path-relative "dir/page.html", a
// query "?q" or a fragment "#frag", with no escapes, dot segments or
// characters that need encoding. For those it returns the Result the full
// normaliser would, without parsing into components; for anything else it
// returns false and the full normaliser decides. FuzzFastPath checks that
// whatever it accepts, the full normaliser returns alike.
func fastCanonical(s string, o *Options) (Result, bool) {
	if len(s) == 0 || len(s) > o.maxLength() {
		return Result{}, false
	}
	switch s[0] {
	case 'h':
		return fastAbsolute(s, o)
	case '/':
		if o.Relative != RelativeKeep || len(s) > 1 && (s[1] == '/' || isAlpha(s[1]) && len(s) > 2 && s[2] == ':') {
			return Result{}, false // protocol-relative, or a drive letter ("/C:")
		}
		if fastRest(s, 0, true) {
			return Result{URL: s}, true
		}
	case '#', '?':
		if o.Relative == RelativeKeep && fastRest(s, 0, true) {
			return Result{URL: s}, true
		}
	default:
		if o.Relative == RelativeKeep && fastPathRelative(s) {
			return Result{URL: s}, true
		}
	}
	return Result{}, false
}

// fastPathRelative handles a path-relative reference ("img/a.png",
// "page.html#top") whose first segment starts with a letter or digit and
// holds no ":", so that it cannot be read as a scheme.
func fastPathRelative(s string) bool {
	if !isAlpha(s[0]) && !('0' <= s[0] && s[0] <= '9') {
		return false
	}
	i := 0
	for ; i < len(s) && s[i] != '/' && s[i] != '?' && s[i] != '#'; i++ {
		if s[i] == ':' || chars[s[i]]&clsSegment == 0 {
			return false
		}
	}
	return fastRest(s, i, true)
}

// fastAbsolute handles "http://" and "https://".
func fastAbsolute(s string, o *Options) (Result, bool) {
	var scheme string
	switch {
	case strings.HasPrefix(s, "https://"):
		scheme = "https"
	case strings.HasPrefix(s, "http://"):
		scheme = "http"
	default:
		return Result{}, false
	}
	if !o.schemeAllowed(scheme) {
		return Result{}, false
	}
	hs := len(scheme) + 3
	i, labelStart := hs, hs
	for {
		// Punycode goes to the full path.
		if strings.HasPrefix(s[labelStart:], "xn--") {
			return Result{}, false
		}
		i = runEnd(s, labelStart, len(s), clsFastLabel)
		if i == len(s) || s[i] != '.' {
			break
		}
		if i == labelStart {
			return Result{}, false
		}
		labelStart = i + 1
	}
	if i < len(s) && s[i] != '/' {
		return Result{}, false // upper case, port, userinfo, IPv6, escapes, ...
	}
	// Empty host or label, a trailing dot, or a last label that could be
	// a number (URL Standard "ends in a number"): full path.
	if i == labelStart || !('a' <= s[labelStart] && s[labelStart] <= 'z') {
		return Result{}, false
	}
	if isAMPCache(s[hs:i]) {
		return Result{}, false // its paths carry URLs: redirectpath.go
	}
	if i == len(s) {
		// "https://host": the empty path of a special URL is "/".
		if len(s) >= o.maxLength() {
			return Result{}, false
		}
		u := s + "/"
		return Result{URL: u, Scheme: scheme, Host: u[hs:i]}, true
	}
	if !fastRest(s, i, false) {
		return Result{}, false
	}
	return Result{URL: s, Scheme: scheme, Host: s[hs:i]}, true
}

// fastRest checks the path (from p, starting with "/"), query and fragment:
// only bytes that stand unencoded, no "%", no "." or ".." segment, and no
// query value a redirect could follow (those are flagged). pathOptional
// allows the path to be absent (a fragment-only reference).
func fastRest(s string, p int, pathOptional bool) bool {
	i := p
	if i < len(s) && s[i] == '/' {
		if i+1 < len(s) && s[i+1] == '/' {
			return false // "//host" as a path: a network-path reference (redirectpath.go)
		}
		if hasRedirectPrefix(s[i:]) {
			return false // "/amp/s/host/…": a redirect service's path form
		}
		// Segments run to a byte outside clsFastSegment, which holds none
		// of "/ ? # :": one table look a byte.
		for {
			segStart := i + 1
			for i = segStart; ; i++ {
				i = runEnd(s, i, len(s), clsFastSegment)
				if i == len(s) || s[i] != ':' {
					break
				}
				if specialFold(strings.TrimLeft(afterParam(s[segStart:i]), "_")) {
					// "/redirect/https://…", "/go/http:evil.example",
					// "/out;u=http:/…", "/v3/__https://…": maybe a
					// nested URL (pathURLShaped); the full path decides.
					return false
				}
			}
			if seg := s[segStart:i]; seg == "." || seg == ".." {
				return false
			}
			if i == len(s) || s[i] != '/' {
				break
			}
		}
		if i < len(s) && s[i] != '?' && s[i] != '#' {
			return false
		}
	} else if !pathOptional {
		return false
	}
	if i < len(s) && s[i] == '?' {
		i++
		start := i
		i = runEnd(s, i, len(s), clsQuerySpecial) // "#" is not in it
		if i < len(s) && s[i] != '#' {
			return false
		}
		if queryMaybeNested(s[start:i]) {
			return false
		}
	}
	if i < len(s) && s[i] == '#' {
		start := i + 1
		if i = runEnd(s, start, len(s), clsFragment); i < len(s) {
			return false
		}
		if fragmentHoldsURL(s[start:]) {
			return false // a URL in the fragment: parseFragment flags it
		}
	}
	return i == len(s)
}

// queryMaybeNested reports whether a value of the query q may hold a
// URL (maybeNested). As parseQuery reads it, the value follows the first
// "=" of a parameter, or is the whole parameter if there is none.
func queryMaybeNested(q string) bool {
	for len(q) > 0 {
		end := strings.IndexByte(q, '&')
		if end < 0 {
			end = len(q)
		}
		v := q[:end]
		if k := strings.IndexByte(v, '='); k >= 0 {
			v = v[k+1:]
		}
		if maybeNested(v) {
			return true
		}
		if end == len(q) {
			break
		}
		q = q[end+1:]
	}
	return false
}

// afterParam returns the part of a path segment after its last ";" or
// "=", where a matrix parameter's value starts ("out;u=https").
func afterParam(seg string) string {
	return seg[strings.LastIndexAny(seg, ";=")+1:]
}
