package linktext

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/publicsuffix"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// Hosts appends to dst the hosts that text names (see the package
// documentation), in the order they appear, each in urlnorm's canonical
// form (lower case, Punycode, IPv4 dotted-decimal), and returns the
// extended slice. Its time is linear in len(text).
func Hosts(dst []string, text string) []string {
	if !mayName(text) {
		return dst // most link text: ASCII without ". : @ /"
	}
	dst = sentenceHosts(dst, Read(text))
	if v, ok := overridden(text); ok {
		// Text in a RIGHT-TO-LEFT OVERRIDE is shown reversed:
		// "\u202emoc.lapyap" looks like "paypal.com". Both readings count.
		dst = sentenceHosts(dst, Read(v))
	}
	return dst
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

// sentenceHosts appends the hosts that the words of t name.
func sentenceHosts(dst []string, t string) []string {
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
			dst = wordHosts(dst, t[start:i])
			start = -1
		case !space && start < 0:
			start = i
		}
		i += n
	}
	if start >= 0 {
		dst = wordHosts(dst, t[start:])
	}
	return dst
}

// asciiSpace marks the ASCII white space of unicode.IsSpace.
var asciiSpace = [utf8.RuneSelf]bool{' ': true, '\t': true, '\n': true, '\v': true, '\f': true, '\r': true}

// wordHosts appends the hosts that one word names.
func wordHosts(dst []string, w string) []string {
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
		return appendHost(dst, w[at+1:], true)
	}
	return appendHost(dst, w, false)
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
		dst = appendHost(dst, user, false)
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
// its ending (an e-mail domain).
func appendHost(dst []string, w string, strong bool) []string {
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
	if !strong && !hasPort && labels == 2 && len(last) == 2 && upper(last) {
		return dst // a nickname: "stats.SE", "CS.SE"
	}
	if !strong && ascii(last) && !asciiTLDMayName(last, hasPort) {
		return dst // before the parse, which most such words never need
	}
	h, ok := canonical(host)
	if !ok {
		return dst
	}
	tld := h[strings.LastIndexByte(h, '.')+1:]
	if !strong && !tldMayName(tld, hasPort) || !knownTLD(tld) { // last: the list's look-up allocates
		return dst
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

// legacyTLDs are the generic top-level domains created before 2012,
// which readers know as endings of addresses.
var legacyTLDs = map[string]bool{
	"com": true, "org": true, "net": true, "edu": true, "gov": true, "mil": true,
	"int": true, "info": true, "biz": true,
}

// fileExtensions are top-level domains that are also common file-name
// extensions (Python, Markdown, Rust, shell, Perl, PostScript, C++,
// make, ML, shared objects, archives, QuickTime, and the inputs of
// autoconf, automake and pip-tools: configure.ac, Makefile.am,
// MANIFEST.in, requirements.in).
var fileExtensions = map[string]bool{
	"ac": true, "am": true, "cc": true, "in": true, "md": true, "mk": true, "ml": true,
	"mov": true, "pl": true, "pm": true, "ps": true, "py": true, "rs": true, "sh": true,
	"so": true, "zip": true,
}

// tldMayName reports whether a name with no scheme, "www." or path, and
// the top-level domain tld, may name a host: not a file name ("setup.py",
// "main.rs:42"), and, without a port, not code ("model.fit").
func tldMayName(tld string, hasPort bool) bool {
	return !fileExtensions[tld] && (hasPort || readableTLD(tld))
}

// asciiTLDMayName is tldMayName for an ASCII ending in any case,
// without allocating.
func asciiTLDMayName(last string, hasPort bool) bool {
	var buf [len("localhost")]byte
	if len(last) > len(buf) {
		return hasPort // longer than any readable or file-name ending
	}
	for i := 0; i < len(last); i++ {
		buf[i] = last[i] | 0x20 // letters, digits and '-' only
	}
	b := buf[:len(last)]
	return !fileExtensions[string(b)] && (hasPort || len(b) == 2 || legacyTLDs[string(b)] || reservedTLDs[string(b)])
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

// readableTLD reports whether readers take a bare name with ending tld
// for an address: a country code, an old generic domain or a reserved
// one. An internationalised ending needs more: "世界" is a top-level
// domain, and "こんにちは。世界" a greeting.
func readableTLD(tld string) bool {
	return len(tld) == 2 || legacyTLDs[tld] || reservedTLDs[tld]
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
