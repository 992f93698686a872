package policy

import (
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// Kind says what an attribute's value holds, and so how package sanitize
// checks it (see the package doc). The zero Kind is [KindUnknown], which
// no allowed attribute has. String gives its name in a policy file
// ("url-list"); Inert reports text, enum, boolean and number.
type Kind = rules.Kind

// The kinds. Their String forms are the values of a policy file's
// `kind:` setting.
const (
	KindUnknown = rules.KindUnknown // not known: no compiled rule has it
	KindURL     = rules.KindURL     // one URL: href, src, cite, poster, ...
	KindURLList = rules.KindURLList // URLs separated by spaces: ping, itemtype, ...
	KindSrcset  = rules.KindSrcset  // image candidates: srcset, imagesrcset
	KindCSS     = rules.KindCSS     // CSS that may hold url(): style, SVG fill, ...
	KindText    = rules.KindText    // free text, names, tokens, references
	KindEnum    = rules.KindEnum    // a keyword from a fixed list: dir, align, ...
	KindBool    = rules.KindBool    // present or absent: controls, muted, ...
	KindNumber  = rules.KindNumber  // a number, length or list of them: width, ...
)

// declarable lists the kinds a policy file may name, for messages.
const declarable = "text, enum, boolean, number, url, url-list, srcset, css"

// parseKind reads a kind name as written in a policy file.
func parseKind(s string) (Kind, bool) { return rules.ParseKind(s) }

// KindOf returns the built-in kind of a lower-case attribute name (HTML,
// microdata and obsolete ones, SVG 2, aria-*), or [KindUnknown].
func KindOf(name string) Kind {
	if k, ok := rules.BuiltinKind(name); ok {
		return k
	}
	if k, ok := rules.MathKind(name); ok {
		return k // MathML Core
	}
	if rest, ok := strings.CutPrefix(name, "aria-"); ok && rest != "" && lowerAlpha(rest) {
		return KindText // WAI-ARIA states and properties: tokens, IDs, text
	}
	return KindUnknown
}

// KnownAttributes returns the names in the built-in table, sorted (every
// aria-* name is known too, without being listed).
func KnownAttributes() []string { return rules.BuiltinNames() }

func lowerAlpha(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// urlish reports whether an attribute name says it holds a URL: one of
// its parts, split at "-", "_", "." and ":", is a URL word.
func urlish(name string) bool { return rules.URLish(name) }
