package policy

import (
	"slices"
	"strings"
)

// Kind says what an attribute's value holds, which decides how package
// sanitize checks it: the URL kinds go through urlnorm, CSS through the
// style checker, and the other kinds are inert (never fetched or
// followed). Every attribute a compiled [Policy] allows has a kind other
// than [KindUnknown]: the built-in table ([KindOf]) or the policy's own
// declaration. The zero Kind is KindUnknown.
type Kind uint8

// The kinds. Their String forms are the values of a policy file's
// `kind:` setting.
const (
	KindUnknown Kind = iota // not known: no compiled rule has it
	KindURL                 // one URL: href, src, cite, poster, ...
	KindURLList             // URLs separated by spaces: ping, itemtype, ...
	KindSrcset              // image candidates: srcset, imagesrcset
	KindCSS                 // CSS that may hold url(): style, SVG fill, ...
	KindText                // free text, names, tokens, references
	KindEnum                // a keyword from a fixed list: dir, align, ...
	KindBool                // present or absent: controls, muted, ...
	KindNumber              // a number, length or list of them: width, ...
)

var kindNames = [...]string{
	KindUnknown: "unknown", KindURL: "url", KindURLList: "url-list",
	KindSrcset: "srcset", KindCSS: "css", KindText: "text",
	KindEnum: "enum", KindBool: "boolean", KindNumber: "number",
}

// declarable lists the kinds a policy file may name, for messages.
const declarable = "text, enum, boolean, number, url, url-list, srcset, css"

// String returns the kind's name as a policy file writes it ("url-list").
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Inert reports whether values of this kind are never fetched, followed
// or parsed as CSS: text, enum, boolean and number. KindUnknown is not
// inert.
func (k Kind) Inert() bool {
	return k >= KindText && k <= KindNumber
}

// parseKind reads a kind name as written in a policy file.
func parseKind(s string) (Kind, bool) {
	for k, name := range kindNames {
		if name == s && Kind(k) != KindUnknown {
			return Kind(k), true
		}
	}
	return KindUnknown, false
}

// KindOf returns the built-in kind of a lower-case attribute name, or
// [KindUnknown] for a name the table does not hold. The table covers the
// WHATWG HTML attribute index (including obsolete attributes browsers
// still honour and microdata), SVG 2's attribute index (presentation
// attributes are CSS) and every aria-* name.
func KindOf(name string) Kind {
	if k, ok := builtinKinds[name]; ok {
		return k
	}
	if rest, ok := strings.CutPrefix(name, "aria-"); ok && rest != "" && lowerAlpha(rest) {
		return KindText // WAI-ARIA states and properties: tokens, IDs, text
	}
	return KindUnknown
}

// KnownAttributes returns the names in the built-in table, sorted (every
// aria-* name is known too, without being listed).
func KnownAttributes() []string {
	names := make([]string, 0, len(builtinKinds))
	for name := range builtinKinds {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func lowerAlpha(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// urlWords are the name parts that say an attribute holds a URL
// (data-src, data-href, x-image-url, data-bg): lazy loaders and widgets
// copy such values into src or href, so a policy may declare them only
// as a URL kind. A part matches if it ends with one of urlSuffixes or
// equals one of urlParts.
var (
	urlSuffixes = []string{"href", "src", "srcset", "url", "urls", "uri", "uris"}
	urlParts    = nameSet("link", "poster", "background", "bg", "ping",
		// Names lazy loaders, galleries and widgets use for a URL they copy
		// into src or href (data-original, data-action, data-img, ...).
		"action", "img", "image", "original", "icon", "avatar", "thumb", "thumbnail",
		"redirect", "location", "lazy", "cover", "logo", "photo", "file", "download")
)

func nameSet(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// urlish reports whether an attribute name says it holds a URL: one of
// its parts, split at "-", "_", "." and ":", is a URL word.
func urlish(name string) bool {
	for part := range strings.FieldsFuncSeq(name, func(r rune) bool {
		return r == '-' || r == '_' || r == '.' || r == ':'
	}) {
		if urlParts[part] {
			return true
		}
		for _, s := range urlSuffixes {
			if strings.HasSuffix(part, s) {
				return true
			}
		}
	}
	return false
}
