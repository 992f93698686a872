package urlnorm

import (
	"strings"
	"unicode/utf8"
)

// Result is what [Inspect] reports about an accepted URL.
type Result struct {
	// URL is the canonical form, as [Normalize] returns it.
	URL string
	// Flags records the suspicious forms the input used.
	Flags Flags
	// Scheme is the lower-case scheme, or "" for a relative reference.
	Scheme string
	// Host is the canonical host (IPv6 in brackets), or "" if the URL has
	// no authority. A non-empty Host on a relative reference means a
	// protocol-relative one ("//host/path"): a link off the page's site.
	Host string
}

// Normalize returns the canonical form of raw, one URL-bearing attribute
// value after HTML character-reference decoding, or a *[RejectError].
//
// The canonical form has the meaning a browser (WHATWG URL Standard) gives
// raw, written so that Go's net/url reads the same scheme, host and port:
// scheme and host lower-case, the host IDNA-encoded and IPv4/IPv6 in their
// standard text forms, default ports dropped, dot segments resolved, "\"
// separators written as "/", escapes of unreserved characters decoded
// (except "%2D" in a query, SiteMinder's escape), every other escape kept
// with upper-case hex, and characters that may not appear raw encoded as
// UTF-8. Normalize is idempotent: Normalize(out, opts) == out. An input that
// is already canonical is returned without allocating.
//
// Normalize is safe for concurrent use.
func Normalize(raw string, opts Options) (string, error) {
	r, err := inspect(raw, opts, 0)
	if err != nil {
		return "", err
	}
	return r.URL, nil
}

// Inspect is [Normalize] that also reports the flags, scheme and host of the
// canonical URL, for callers that log or moderate on them, or decide whether
// a link leaves the site.
func Inspect(raw string, opts Options) (Result, error) {
	return inspect(raw, opts, 0)
}

// maxNestedDepth bounds nested inspection: a URL in a query value of a URL
// in a query value is as deep as any real redirect chain goes.
const maxNestedDepth = 3

func inspect(raw string, opts Options, depth int) (Result, error) {
	if r, ok := fastCanonical(raw, &opts); ok {
		return r, nil
	}
	return inspectSlow(raw, opts, depth)
}

// inspectSlow is the full normaliser, which decides every input.
func inspectSlow(raw string, opts Options, depth int) (Result, error) {
	n := normalizer{raw: raw, opts: opts, depth: depth, rejects: opts.rejected()}
	if len(raw) > opts.maxLength() {
		return Result{}, n.reject(ReasonTooLong, opts.maxLength())
	}
	if err := n.preprocess(); err != nil {
		return Result{}, err
	}
	if k := percentU(n.in); k >= 0 {
		return Result{}, n.reject(ReasonPercentU, k)
	}
	n.out.in = n.in
	if err := n.parse(); err != nil {
		return Result{}, err
	}
	if n.scheme == "data" && n.flags&FlagTabNewline != 0 {
		// Chromium keeps TAB, LF and CR in a data: URL (it does not apply
		// the URL Standard's removal there), so the canonical form would
		// not be what it reads: "data://\nhost/" is refused by it.
		return Result{}, n.reject(ReasonControlChar, strings.IndexAny(raw, "\t\n\r"))
	}
	if n.out.w > opts.maxLength() {
		// The limit holds for the canonical form too, or the output would
		// be refused where the input was not (encoding can triple a URL).
		return Result{}, n.reject(ReasonTooLong, 0)
	}
	res := Result{URL: n.out.String(), Flags: n.flags, Scheme: n.scheme}
	if n.hostEnd > n.hostStart {
		res.Host = res.URL[n.hostStart:n.hostEnd]
	}
	if res.Scheme == "" && opts.Relative == RelativeResolve {
		return n.resolve(res)
	}
	if err := n.enforce(res); err != nil {
		return Result{}, err
	}
	if res.URL != n.in {
		if err := n.selfCheck(res); err != nil {
			return Result{}, err
		}
	}
	return res, nil
}

// selfCheck normalises the canonical form again, with the caller's own
// options, and refuses the URL unless that gives the same URL with no
// flag the input did not have: Normalize(Normalize(x, o), o) must equal
// Normalize(x, o) for every o (with Reject or Strict, a flag that appears
// only in the output would make the output rejected). The fuzz target
// FuzzNormalize, which draws random Options, shows this never fires; if it
// ever does, the URL is refused rather than passed.
func (n *normalizer) selfCheck(res Result) error {
	again, err := inspect(res.URL, n.opts, n.depth)
	if err != nil || again.URL != res.URL || again.Flags&^res.Flags != 0 {
		return n.reject(ReasonSelfCheck, 0)
	}
	return nil
}

// enforce applies the scheme allowlist and Options.Reject (or Strict) to an
// accepted URL.
func (n *normalizer) enforce(res Result) error {
	o := &n.opts
	switch {
	case res.Scheme != "":
		if !o.schemeAllowed(res.Scheme) {
			return n.reject(ReasonSchemeNotAllowed, 0)
		}
	case res.Host != "":
		// "//host" takes the page's scheme, which may be either.
		if !o.schemeAllowed("http") || !o.schemeAllowed("https") {
			return n.reject(ReasonSchemeNotAllowed, 0)
		}
	}
	if bad := res.Flags & n.rejects; bad != 0 {
		e := n.reject(ReasonFlagged, n.flagPos)
		e.Flags = bad
		return e
	}
	return nil
}

// normalizer holds the state of one Normalize call.
type normalizer struct {
	raw     string // the input as given
	in      string // raw trimmed, with TAB/LF/CR deleted
	trimmed int    // offset of in[0] in raw
	cleaned bool   // TAB/LF/CR were deleted, so offsets need mapping
	opts    Options
	depth   int

	out       lazybuf
	flags     Flags
	rejects   Flags // the flags that refuse the URL (Options.rejected)
	flagPos   int   // input position of the first rejected flag, for errors
	scheme    string
	special   bool // "\" is a separator and the host is a domain
	authority bool // "//" and an authority were written

	hostStart, hostEnd int // the host's position in the output
}

func (n *normalizer) flag(f Flags, pos int) {
	if n.flags&n.rejects == 0 && f&n.rejects != 0 {
		n.flagPos = pos
	}
	n.flags |= f
}

// reject builds the error for a problem at position pos of n.in (or of raw,
// before preprocessing has set n.in).
func (n *normalizer) reject(r Reason, pos int) *RejectError {
	return &RejectError{Input: n.raw, Offset: n.rawOffset(pos), Reason: r}
}

// rawOffset maps a position in n.in back to raw.
func (n *normalizer) rawOffset(pos int) int {
	if !n.cleaned {
		return n.trimmed + pos
	}
	// pos counts the bytes kept; find the raw byte it names.
	kept := 0
	for i := n.trimmed; i < len(n.raw); i++ {
		if c := n.raw[i]; c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		if kept == pos {
			return i
		}
		kept++
	}
	return len(n.raw)
}

func isASCIIWhitespace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// preprocess applies the whole-string rules: trim ASCII whitespace (HTML
// strips it from URL attributes), refuse other controls and invalid UTF-8,
// and delete interior TAB/LF/CR as the WHATWG basic URL parser does.
func (n *normalizer) preprocess() error {
	s := n.raw
	start, end := 0, len(s)
	for start < end && isASCIIWhitespace(s[start]) {
		start++
	}
	for end > start && isASCIIWhitespace(s[end-1]) {
		end--
	}
	s = s[start:end]
	n.trimmed = start
	tabs, high := false, false
	for i := 0; i < len(s); i++ {
		if i+8 <= len(s) && plainWord(load64(s[i:i+8])) {
			i += 7
			continue
		}
		switch c := s[i]; {
		case c == '\t' || c == '\n' || c == '\r':
			tabs = true
		case c < 0x20 || c == 0x7F:
			return n.reject(ReasonControlChar, i)
		case c >= 0x80:
			high = true
		}
	}
	if high && !utf8.ValidString(s) {
		i := 0
		for i < len(s) {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			i += size
		}
		return n.reject(ReasonInvalidUTF8, i)
	}
	if tabs {
		n.flag(FlagTabNewline, strings.IndexAny(s, "\t\n\r"))
		s = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' {
				return -1
			}
			return r
		}, s)
		n.cleaned = true
	}
	n.in = s
	return nil
}

// plainWord reports whether the eight bytes x (see load64) are printable
// ASCII (0x20-0x7E): the usual case, which preprocess can skip.
func plainWord(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// A byte >= 0x80 sets its high bit in x. Where none does, x - n*ones
	// sets a high bit exactly when some byte is below n ("hasless", Bit
	// Twiddling Hacks): a control byte below 0x20, or DEL, which y turns
	// into zero.
	y := x ^ 0x7F*ones
	return (x|(x-0x20*ones)|(y-ones))&highs == 0
}

// load64 returns the eight bytes of w as a little-endian word: with
// constant indices, one 64-bit load. plainWord and load64 are apart so
// that both are inlined.
func load64(w string) uint64 {
	_ = w[7]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// schemeEnd returns the index of the ":" that ends a scheme at the start of
// s, or -1 (WHATWG "scheme start state": ASCII alpha, then alphanumerics or
// "+ - .", then ":"; anything else, such as "%", means no scheme).
func schemeEnd(s string) int {
	if len(s) == 0 || !isAlpha(s[0]) {
		return -1
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			return i
		}
		if chars[c]&clsScheme == 0 {
			return -1
		}
	}
	return -1
}

func (n *normalizer) parse() error {
	s := n.in
	colon := schemeEnd(s)
	if colon < 0 {
		return n.parseRelative()
	}
	for i := 0; i < colon; i++ {
		n.out.writeByte(lower(s[i]))
	}
	n.scheme = n.out.slice(0, colon)
	n.out.writeByte(':')
	if isActiveScheme(n.scheme) {
		n.flag(FlagActiveScheme, 0)
	}
	p := colon + 1
	switch {
	case n.scheme == "file":
		return n.reject(ReasonFileScheme, 0)
	case isSpecial(n.scheme):
		n.special = true
		slashes := n.slashes(p)
		if slashes < 2 {
			// "https:evil.example" is a path on an https page and a host
			// anywhere else (WHATWG "special relative or authority state").
			return n.reject(ReasonBaseDependent, p)
		}
		return n.parseHierarchical(p+slashes, true)
	case strings.HasPrefix(s[p:], "//"):
		return n.parseHierarchical(p+2, true)
	case strings.HasPrefix(s[p:], "/"):
		return n.parseHierarchical(p, false)
	}
	return n.parseOpaque(p)
}

// slashes counts the "/" and "\" at s[p:] of a special URL and flags forms
// other than "//".
func (n *normalizer) slashes(p int) int {
	s := n.in
	q := p
	for q < len(s) && (s[q] == '/' || s[q] == '\\') {
		if s[q] == '\\' {
			n.flag(FlagBackslash, q)
		}
		q++
	}
	if q-p > 2 {
		n.flag(FlagSlashes, p)
	}
	return q - p
}

func isSlash(c byte, special bool) bool { return c == '/' || c == '\\' && special }

// parseRelative handles a reference without a scheme, read as on an http(s)
// page: "\" is a separator and "//host" is protocol-relative.
func (n *normalizer) parseRelative() error {
	s := n.in
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '/' || c == '\\' || c == '?' || c == '#' {
			break
		}
		if c == ':' {
			// A browser resolves "java%73cript:x" as a relative path; a
			// filter and Go see a scheme. Neither reading is a real link.
			return n.reject(ReasonScheme, i)
		}
	}
	if n.opts.Relative == RelativeReject || n.opts.Relative == RelativeFragment && (s == "" || s[0] != '#') {
		return n.reject(ReasonRelative, 0)
	}
	n.special = true
	slashes := 0
	for slashes < len(s) && isSlash(s[slashes], true) {
		slashes++
	}
	if slashes > 2 || startsWithDriveLetter(s[slashes:]) {
		return n.reject(ReasonBaseDependent, 0)
	}
	if slashes == 2 {
		return n.parseHierarchical(n.slashes(0), true)
	}
	p, err := n.parsePath(0, len(s) == 0 || !isSlash(s[0], true))
	if err != nil {
		return err
	}
	// Decoding may have made a drive letter ("/%41:" is "/A:"), which a
	// file: page reads as one where the input was plain text.
	k := 0
	for k < n.out.w && n.out.at(k) == '/' {
		k++
	}
	if n.out.w-k >= 2 && startsWithDriveLetter(n.out.slice(k, min(k+3, n.out.w))) {
		return n.reject(ReasonBaseDependent, 0)
	}
	return n.parseQueryFragment(p)
}

// startsWithDriveLetter is the URL Standard's "starts with a Windows drive
// letter": a letter, ":" or "|", then the end or one of "/ \ ? #".
func startsWithDriveLetter(s string) bool {
	return len(s) >= 2 && isAlpha(s[0]) && (s[1] == ':' || s[1] == '|') &&
		(len(s) == 2 || strings.IndexByte("/\\?#", s[2]) >= 0)
}

// parseHierarchical parses what follows "scheme:" (or "scheme://" when
// authority is set): authority, path, query and fragment.
func (n *normalizer) parseHierarchical(p int, authority bool) error {
	if authority {
		n.authority = true
		n.out.writeString("//")
		var err error
		if p, err = n.parseAuthority(p); err != nil {
			return err
		}
	}
	p, err := n.parsePath(p, false)
	if err != nil {
		return err
	}
	return n.parseQueryFragment(p)
}

// parseOpaque handles an opaque path ("mailto:x", "javascript:x"): browsers
// keep it byte for byte, so do we, apart from encoding space and non-ASCII
// (WHATWG's C0 control percent-encode set; controls are already refused).
// Space is encoded because the 2025 URL Standard encodes some spaces here
// and Go's net/url callers (bluemonday) refuse raw ones.
func (n *normalizer) parseOpaque(p int) error {
	s := n.in
	for ; p < len(s) && s[p] != '?' && s[p] != '#'; p++ {
		if c := s[p]; c == ' ' || c >= 0x80 {
			n.out.writeEscape(c)
		} else {
			n.out.writeByte(c)
		}
	}
	return n.parseQueryFragment(p)
}

// parseAuthority writes the canonical userinfo, host and port that start
// at s[p] and returns the position where the authority ends.
func (n *normalizer) parseAuthority(p int) (int, error) {
	s := n.in
	end := authorityEnd(s, p, n.special)
	at := -1
	if strings.IndexByte(s[p:end], '@') >= 0 {
		at = p + strings.LastIndexByte(s[p:end], '@')
	}
	hp := p
	// The last "@" ends the userinfo (WHATWG authority state), so
	// "user@good.example@evil.example" goes to evil.example.
	if at >= 0 {
		hp = at + 1
		switch n.opts.Userinfo {
		case UserinfoReject:
			return 0, n.reject(ReasonUserinfo, p)
		case UserinfoStrip:
			n.flag(FlagUserinfo, p)
		case UserinfoKeep:
			n.flag(FlagUserinfo, p)
			if err := n.writeUserinfo(p, hp-1); err != nil {
				return 0, err
			}
			n.out.writeByte('@')
		}
	}
	hostEnd := hostPortSplit(s, hp, end)
	n.hostStart = n.out.w
	var err error
	if n.special {
		err = n.writeHost(hp, hostEnd)
	} else {
		err = n.writeOpaqueHost(hp, hostEnd)
	}
	if err != nil {
		return 0, err
	}
	n.hostEnd = n.out.w
	if hostEnd < end {
		if err := n.writePort(hostEnd+1, end); err != nil {
			return 0, err
		}
	}
	return end, nil
}

// authorityEnd returns the position of the first "/", "?" or "#" (or, in
// a special URL, "\\") at or after p: where the authority ends.
func authorityEnd(s string, p int, special bool) int {
	end := len(s)
	for _, c := range [...]byte{'/', '?', '#', '\\'} {
		if c == '\\' && !special {
			break
		}
		if k := strings.IndexByte(s[p:end], c); k >= 0 {
			end = p + k
		}
	}
	return end
}

// hostPortSplit returns the position of the ":" that starts the port in
// s[hp:end], or end. A ":" inside brackets belongs to an IPv6 address
// (URL Standard host state).
func hostPortSplit(s string, hp, end int) int {
	if strings.IndexByte(s[hp:end], '[') < 0 {
		if k := strings.IndexByte(s[hp:end], ':'); k >= 0 {
			return hp + k
		}
		return end
	}
	inBrackets := false
	for i := hp; i < end; i++ {
		switch s[i] {
		case ':':
			if !inBrackets {
				return i
			}
		case '[':
			inBrackets = true
		case ']':
			inBrackets = false
		}
	}
	return end
}

// writeUserinfo writes s[p:end] canonicalised: unreserved escapes decoded,
// other escapes upper-cased, characters outside RFC 3986 userinfo encoded;
// the first ":" separates user and password.
func (n *normalizer) writeUserinfo(p, end int) error {
	s := n.in
	colon := false
	for i := p; i < end; i++ {
		c := s[i]
		switch {
		case c == '%':
			v, ok := escapeAt(s, i)
			if !ok || i+2 >= end {
				return n.reject(ReasonBadEscape, i)
			}
			if chars[v]&clsUnreserved != 0 {
				n.out.writeByte(v)
			} else {
				n.out.writeEscape(v)
			}
			i += 2
		case c == ':' && !colon:
			colon = true
			n.out.writeByte(c)
		case c < 0x80 && chars[c]&clsUserinfo != 0:
			n.out.writeByte(c)
		default:
			n.out.writeEscape(c)
		}
	}
	return nil
}

// writePort writes ":port" for the digits s[p:end], without leading zeros,
// unless the port is empty or the scheme's default.
func (n *normalizer) writePort(p, end int) error {
	s := n.in
	v := 0
	for i := p; i < end; i++ {
		if !isDigit(s[i]) {
			return n.reject(ReasonPort, i)
		}
		if v = v*10 + int(s[i]-'0'); v > 65535 {
			return n.reject(ReasonPort, p)
		}
	}
	if p == end {
		return nil
	}
	var digits [5]byte
	i := len(digits)
	for {
		i--
		digits[i] = byte('0' + v%10)
		if v /= 10; v == 0 {
			break
		}
	}
	port := digits[i:]
	if n.scheme != "" && string(port) == defaultPort(n.scheme) {
		return nil
	}
	n.out.writeByte(':')
	for _, c := range port {
		n.out.writeByte(c)
	}
	return nil
}

// percentU returns the position of the first "%uXXXX" escape in s, or -1.
// Only IIS and classic ASP decode it (to the UTF-16 unit XXXX); refusing
// it everywhere, even in opaque URLs and SiteMinder values, leaves no
// component where a back end could read different text from the browser.
func percentU(s string) int {
	for i := 0; ; {
		k := strings.IndexByte(s[i:], '%')
		if k < 0 {
			return -1
		}
		i += k
		if i+5 < len(s) && (s[i+1] == 'u' || s[i+1] == 'U') &&
			unhex(s[i+2]) >= 0 && unhex(s[i+3]) >= 0 && unhex(s[i+4]) >= 0 && unhex(s[i+5]) >= 0 {
			return i
		}
		i++
	}
}
