package rules

import "strings"

// Kind says what an attribute's value holds, which decides how package
// sanitize checks it; package policy documents the kinds (policy.Kind is
// this type). The zero Kind is KindUnknown.
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

// URL reports whether values of this kind hold URLs, which sanitize
// rewrites to their canonical form.
func (k Kind) URL() bool {
	return k == KindURL || k == KindSrcset || k == KindURLList
}

// ParseKind reads a kind name as written in a policy file.
func ParseKind(s string) (Kind, bool) {
	for k, name := range kindNames {
		if name == s && Kind(k) != KindUnknown {
			return Kind(k), true
		}
	}
	return KindUnknown, false
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

// URLish reports whether an attribute name says it holds a URL: one of
// its parts, split at "-", "_", "." and ":", is a URL word.
func URLish(name string) bool {
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
