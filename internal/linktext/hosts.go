package linktext

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/publicsuffix"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// Hosts is [HostsFor] for a link whose href names no file: every bare
// name on a real top-level domain is a host.
func Hosts(dst []string, text string) []string {
	return HostsFor(dst, text, "")
}

// HostsFor appends to dst the hosts that the text of a link to href
// names (see the package documentation), in the order they appear, each
// in urlnorm's canonical form (lower case, Punycode, IPv4
// dotted-decimal), and returns the extended slice. href is the link's
// URL in urlnorm's canonical form, absolute or a path; only the last
// segment of its path is used, to tell a file name from a host: a bare
// word equal to it ("report.zip" for ".../dl/report.zip") is a file
// name. Its time is linear in len(text) and len(href).
func HostsFor(dst []string, text, href string) []string {
	if !mayName(text) {
		return dst // most link text: ASCII without ". : @ /"
	}
	l := link{href: href}
	dst = sentenceHosts(dst, Read(text), l)
	if v, ok := overridden(text); ok {
		// Text in a RIGHT-TO-LEFT OVERRIDE is shown reversed:
		// "\u202emoc.lapyap" looks like "paypal.com". Both readings count.
		dst = sentenceHosts(dst, Read(v), l)
	}
	return dst
}

// link is the href HostsFor reads the text of; what the rules take from
// it is found when a word needs it (most text names no file).
type link struct{ href string }

// file returns the last segment of the href's path (fileSegment).
func (l link) file() string { return fileSegment(l.href) }

// stackExchange reports whether the href leads to a Stack Exchange site
// (stackExchangeHost).
func (l link) stackExchange() bool { return stackExchangeHost(hrefHost(l.href)) }

// hrefHost returns the host of an absolute or protocol-relative href in
// canonical form, or "".
func hrefHost(href string) string {
	i := strings.Index(href, "//")
	if i < 0 || i > 0 && !afterScheme(href[:i]) {
		return ""
	}
	a := href[i+2:]
	if j := strings.IndexAny(a, "/?#"); j >= 0 {
		a = a[:j]
	}
	a = a[strings.LastIndexByte(a, '@')+1:]
	if j := strings.LastIndexByte(a, ':'); j >= 0 && !strings.HasSuffix(a, "]") {
		a = a[:j]
	}
	return a
}

// stackExchangeSites are the registrable domains of the Stack Exchange
// network, whose communities are named "stats.SE", "CS.SE", and the host
// of the images posted there.
var stackExchangeSites = [...]string{
	"stackexchange.com", "stackoverflow.com", "superuser.com", "serverfault.com",
	"askubuntu.com", "mathoverflow.net", "stackapps.com", "stack.imgur.com",
}

// stackExchangeHost reports whether the canonical host is on a Stack
// Exchange site.
func stackExchangeHost(host string) bool {
	for _, d := range stackExchangeSites {
		if host == d || strings.HasSuffix(host, d) && host[len(host)-len(d)-1] == '.' {
			return true
		}
	}
	return false
}

// fileSegment returns the last segment of href's path, with escapes of
// unreserved characters decoded ("report%2Ezip" is "report.zip"; other
// escapes stay), or "" if the path ends in "/" or there is none.
func fileSegment(href string) string {
	if i := strings.IndexAny(href, "?#"); i >= 0 {
		href = href[:i]
	}
	if i := strings.Index(href, "//"); i >= 0 && (i == 0 || afterScheme(href[:i])) {
		// Skip the authority: "https://files.example" has no path.
		rest := href[i+2:]
		j := strings.IndexByte(rest, '/')
		if j < 0 {
			return ""
		}
		href = rest[j:]
	}
	seg := href[strings.LastIndexByte(href, '/')+1:]
	if strings.IndexByte(seg, '%') < 0 {
		return seg
	}
	b := make([]byte, 0, len(seg))
	for i := 0; i < len(seg); i++ {
		if c, ok := unreservedEscape(seg, i); ok {
			b = append(b, c)
			i += 2
			continue
		}
		b = append(b, seg[i])
	}
	return string(b)
}

// unreservedEscape returns the character the escape at s[i] stands for,
// if it is an unreserved one (RFC 3986 §2.3: letters, digits, "-._~").
func unreservedEscape(s string, i int) (byte, bool) {
	if i+2 >= len(s) || s[i] != '%' {
		return 0, false
	}
	hi, lo := unhex(s[i+1]), unhex(s[i+2])
	if hi < 0 || lo < 0 {
		return 0, false
	}
	c := byte(hi<<4 | lo)
	return c, isLetter(c) || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return int(c|0x20-'a') + 10
	}
	return -1
}

// mayName reports whether text may name a host: it holds a character
// every host-naming word holds (". : @ /", see wordHosts) or a
// non-ASCII one, which may read as one.
func mayName(text string) bool {
	for i := 0; i < len(text); i++ {
		if nameByte[text[i]] {
			return true
		}
	}
	return false
}

// nameByte marks the bytes mayName looks for: ". : @ /" and every byte
// of a non-ASCII character.
var nameByte = func() (t [256]bool) {
	for c := utf8.RuneSelf; c < len(t); c++ {
		t[c] = true
	}
	t['.'], t[':'], t['@'], t['/'] = true, true, true, true
	return t
}()

// trimPunct returns w without the characters around a word that are not
// part of it: quotes and brackets, and sentence punctuation after it
// ("Visit paypal.com.").
func trimPunct(w string) string {
	for len(w) > 0 {
		r, n := utf8.DecodeRuneInString(w)
		switch r {
		case '(', '[', '{', '<', '"', '\'', '*', '_', '¡', '¿', '«', '‹', '“', '‘', '„':
			w = w[n:]
			continue
		}
		break
	}
	for len(w) > 0 {
		r, n := utf8.DecodeLastRuneInString(w)
		switch r {
		case '.', ',', ';', ':', '!', '?', ')', ']', '}', '>', '"', '\'', '*', '_', '»', '›', '”', '’', '…':
			w = w[:len(w)-n]
			continue
		}
		break
	}
	return w
}

// sentenceHosts appends the hosts that the words of t, the text of link
// l, name.
func sentenceHosts(dst []string, t string, l link) []string {
	start := -1 // where the current word starts
	for i := 0; i < len(t); {
		var space bool
		n := 1
		if c := t[i]; c < utf8.RuneSelf {
			space = asciiSpace[c]
		} else {
			var r rune
			r, n = utf8.DecodeRuneInString(t[i:])
			space = unicode.IsSpace(r)
		}
		switch {
		case space && start >= 0:
			dst = wordHosts(dst, t[start:i], l)
			start = -1
		case !space && start < 0:
			start = i
		}
		i += n
	}
	if start >= 0 {
		dst = wordHosts(dst, t[start:], l)
	}
	return dst
}

// asciiSpace marks the ASCII white space of unicode.IsSpace.
var asciiSpace = [utf8.RuneSelf]bool{' ': true, '\t': true, '\n': true, '\v': true, '\f': true, '\r': true}

// wordHosts appends the hosts that one word names.
func wordHosts(dst []string, w string, l link) []string {
	if !mayName(w) {
		return dst // quick exit: most words name nothing
	}
	w = trimPunct(w)
	if i := strings.Index(w, "//"); i == 0 || i > 0 && afterScheme(w[:i]) {
		return authorityHosts(dst, w[i+2:])
	}
	if len(w) > len("mailto:") && strings.EqualFold(w[:len("mailto:")], "mailto:") {
		w = w[len("mailto:"):]
	}
	if at := strings.LastIndexByte(w, '@'); at > 0 {
		// An e-mail address: its domain is a host whatever its ending.
		// The local part is not read ("wang.li@example.com").
		return appendHost(dst, w[at+1:], true, link{})
	}
	return appendHost(dst, w, false, l)
}

// afterScheme reports whether s ends in "scheme:", as before the "//"
// of an absolute URL; a word may carry a prefix ("URL:https://...").
func afterScheme(s string) bool {
	if len(s) < 2 || s[len(s)-1] != ':' {
		return false
	}
	i := len(s) - 1
	for i > 0 && isSchemeChar(s[i-1]) {
		i--
	}
	for ; i < len(s)-1; i++ {
		if isLetter(s[i]) {
			return true // a scheme starts with a letter
		}
	}
	return false
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isSchemeChar(c byte) bool {
	return isLetter(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
}

// authorityHosts appends the hosts named by the authority at the start
// of a: its host, and a user name that reads as a host (a reader takes
// "https://paypal.com@evil.example/" for paypal.com).
func authorityHosts(dst []string, a string) []string {
	if i := strings.IndexAny(a, `/?#\`); i >= 0 {
		a = a[:i]
	}
	if at := strings.LastIndexByte(a, '@'); at >= 0 {
		user := a[:at]
		if c := strings.IndexByte(user, ':'); c >= 0 {
			user = user[:c]
		}
		dst = appendHost(dst, user, false, link{})
		a = a[at+1:]
	}
	host := a
	if strings.HasPrefix(a, "[") {
		if end := strings.IndexByte(a, ']'); end > 0 {
			host = a[:end+1]
		}
	} else if c := strings.LastIndexByte(a, ':'); c >= 0 {
		host = a[:c]
	}
	if h, ok := canonical(host); ok {
		dst = append(dst, h)
	}
	return dst
}

// appendHost appends the host that the scheme-less word w names, if it
// names one. strong says the word's form marks it as an address whatever
// its ending (an e-mail domain). l is what the href says: a bare file
// name the href's path ends in names no host, nor does a site nickname
// on a link to Stack Exchange.
func appendHost(dst []string, w string, strong bool, l link) []string {
	hostport, hasPath := w, false
	if i := strings.IndexAny(w, `/?#\`); i >= 0 {
		hostport, hasPath = w[:i], true
	}
	host, hasPort := hostport, false
	if c := strings.LastIndexByte(hostport, ':'); c >= 0 {
		if !digits(hostport[c+1:]) {
			return dst // "std::vector", "a.b:c": not host and port
		}
		host, hasPort = hostport[:c], true
	}
	labels := strings.Count(host, ".") + 1
	if labels < 2 || !domainChars(host) {
		return dst
	}
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" || strings.Contains(host, "..") || host[0] == '.' {
		return dst
	}
	if digits(last) {
		if labels == 4 && dottedDecimal(host) {
			return append(dst, host)
		}
		return dst // "3.14", "1.2.3", "v1.2"
	}
	www := len(host) > 4 && strings.EqualFold(host[:4], "www.")
	strong = strong || hasPath || www
	if !strong && fileExtension(last) && strings.EqualFold(host, l.file()) {
		return dst // the file the link leads to: "report.zip", "main.rs:42"
	}
	if !strong && !hasPort && l.stackExchange() && labels == 2 && len(last) == 2 && upper(last) {
		return dst // a Stack Exchange nickname on a link there: "stats.SE"
	}
	if ascii(last) && !asciiTLDMayBe(last) {
		return dst // before the parse, which most such words never need
	}
	h, ok := canonical(host)
	if !ok {
		return dst
	}
	tld := h[strings.LastIndexByte(h, '.')+1:]
	if !strong && strings.HasPrefix(tld, "xn--") || !knownTLD(tld) { // last: the list's look-up allocates
		return dst // a bare name on an internationalised ending: "こんにちは。世界"
	}
	return append(dst, h)
}

// canonical returns host in urlnorm's canonical form, if it is a valid
// host.
func canonical(host string) (string, bool) {
	if host == "" {
		return "", false
	}
	if plainASCII(host) {
		// A name of ASCII letters, digits and hyphens, no label Punycode:
		// its canonical form is its lower case (URL Standard, domain to
		// ASCII), without a parse.
		return strings.ToLower(host), true
	}
	r, err := urlnorm.Inspect("http://"+host+"/", urlnorm.Options{})
	if err != nil || r.Host == "" {
		return "", false
	}
	return r.Host, true
}

// plainASCII reports whether host is a domain name of ASCII letters,
// digits and hyphens with no Punycode label and no empty one, which is
// canonical once lower-cased. A last label that starts with a digit
// ("0x7f.1", "127.1") makes the host an IPv4 address to the URL
// parser (URL Standard, ends in a number): not plain.
func plainASCII(host string) bool {
	if i := strings.LastIndexByte(host, '.') + 1; i < len(host) && '0' <= host[i] && host[i] <= '9' {
		return false
	}
	label := 0
	for i := 0; i < len(host); i++ {
		switch c := host[i]; {
		case c == '.':
			if label == 0 {
				return false
			}
			label = 0
			continue
		case c == '-' && label == 3 && host[i-1] == '-':
			return false // "xn--", and every "??--" label, go through IDNA
		case !isLetter(c) && !('0' <= c && c <= '9') && c != '-':
			return false
		}
		label++
	}
	return label > 0
}

// domainChars reports whether s holds only what a domain name written
// out holds: ASCII letters, digits, "-" and ".", and non-ASCII letters,
// marks and digits (an internationalised name).
func domainChars(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if !isLetter(c) && !('0' <= c && c <= '9') && c != '-' && c != '.' {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.In(r, unicode.L, unicode.M, unicode.Nd) {
			return false
		}
		i += n
	}
	return true
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func upper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// dottedDecimal reports whether s is four decimal numbers up to 255.
func dottedDecimal(s string) bool {
	for part := range strings.SplitSeq(s, ".") {
		if !digits(part) || len(part) > 3 || len(part) > 1 && part[0] == '0' {
			return false
		}
		if atoi(part) > 255 {
			return false
		}
	}
	return true
}

func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// reservedTLDs are the top-level names reserved for documentation,
// tests and local use (RFC 2606, RFC 6761, RFC 7686), which the public
// suffix list leaves out but which documents and examples use.
var reservedTLDs = map[string]bool{
	"example": true, "test": true, "invalid": true, "localhost": true, "local": true, "onion": true,
}

// asciiTLDMayBe reports whether an ASCII ending, in any case, may be a
// top-level domain at all: two to 63 letters or digits and hyphens, or
// an "xn--" label. It spares the public suffix list's look-up for "js",
// "x" and the like in most text, and does not allocate.
func asciiTLDMayBe(last string) bool {
	if len(last) < 2 || len(last) > 63 {
		return false
	}
	for i := 0; i < len(last); i++ {
		if c := last[i]; !isLetter(c) && !('0' <= c && c <= '9') && c != '-' {
			return false
		}
	}
	return true
}

// fileExtensions are top-level domains that are also common file-name
// extensions (Python, Markdown, Rust, shell, Perl, PostScript, C++,
// make, ML, shared objects, archives, QuickTime, and the inputs of
// autoconf, automake and pip-tools: configure.ac, Makefile.am,
// MANIFEST.in, requirements.in). Only a bare name on one of them can be
// a file name: "bank.example" and "paypal.com" at the end of a path are
// hosts still.
var fileExtensions = map[string]bool{
	"ac": true, "am": true, "cc": true, "in": true, "md": true, "mk": true, "ml": true,
	"mov": true, "pl": true, "pm": true, "ps": true, "py": true, "rs": true, "sh": true,
	"so": true, "zip": true,
}

// fileExtension reports whether the ASCII ending last, in any case, is
// one of fileExtensions, without allocating.
func fileExtension(last string) bool {
	var buf [3]byte
	if len(last) > len(buf) {
		return false
	}
	for i := 0; i < len(last); i++ {
		buf[i] = last[i] | 0x20
	}
	return fileExtensions[string(buf[:len(last)])]
}

// knownTLD reports whether tld (canonical) is run by an ICANN registry,
// per the public suffix list, or reserved.
func knownTLD(tld string) bool {
	if reservedTLDs[tld] {
		return true
	}
	_, icann := publicsuffix.PublicSuffix(tld)
	return icann
}

// Handle returns the account a link's text names when the text is one
// fediverse handle, "@user@host" (the form Mastodon, GoToSocial and
// WriteFreely write mentions in), as "user@host"; ok is false for any
// other text. An instance links a remote account to its own page for it
// ("https://write.as/@/alice@example.social"), so a caller may take the
// handle as satisfied by a link whose path names the same account.
func Handle(text string) (acct string, ok bool) {
	w := trimPunct(strings.TrimSpace(Read(text)))
	if len(w) < len("@a@b") || w[0] != '@' || strings.IndexFunc(w, unicode.IsSpace) >= 0 {
		return "", false
	}
	acct = w[1:]
	at := strings.IndexByte(acct, '@')
	if at <= 0 || at == len(acct)-1 || strings.IndexByte(acct[at+1:], '@') >= 0 {
		return "", false
	}
	return acct, true
}
