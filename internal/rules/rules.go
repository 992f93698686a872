// Package rules holds a compiled policy as package sanitize reads it: the
// one value that crosses from package policy to package sanitize.
//
// Package policy builds a [Rules] when it compiles a policy and hands it
// out through policy.Policy.Rules, whose result only packages of this
// module can name. Settings are typed constants, not the strings of a
// policy file; the bluemonday stage is a function the policy fills in
// ([Rules.Stage]), so that package policy stays the only importer of
// bluemonday. A Rules is immutable once built: its maps and slices are
// shared by every copy and must not be modified.
package rules

import (
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// Key is what policy.Policy.Rules asks for: only packages of this module
// can name the type, so only they can write Key{} and call it. Code
// outside the module can neither read a policy's rules nor run its
// bluemonday stage alone.
type Key struct{ _ struct{} }

// Rules is a compiled policy: what the tokenizer pass enforces, and the
// stage that runs after it.
type Rules struct {
	// Elements are the allowed elements by name; Order lists their names
	// in the policy's order, the iframe of Embeds last.
	Elements map[string]*Element
	Order    []string

	URL    urlnorm.Options // every URL is normalised with these
	Report urlnorm.Flags   // the flags a URL is kept with and reported for
	Limits Limits
	Hooks  Hooks

	Rel         string          // the rel value written on links ("" for none)
	RelOn       RelOn           // which links get Rel
	TargetBlank bool            // external links get target="_blank"
	Internal    map[string]bool // canonical hosts of the site (urls.base, links.internal_hosts)
	Mismatch    TextMismatch    // what the link-text check does
	// StylesText says the policy keeps a way for content to colour, size
	// or hide text (a style attribute, document sheets, font and body
	// colours): a mark of a link's host, a sibling of the link, could be
	// made unreadable by it, so MismatchMark rejects instead.
	StylesText  bool
	Bare        BareElements      // what becomes of a link or image left without attributes
	WordBreaks  bool              // dropped elements leave their word break
	Comments    bool              // comments are kept (comments.go in sanitize)
	IDPrefix    string            // ids.prefix, or ""
	Unclobbered bool              // ids.keep: unclobbered: an id or name that Clobbers is dropped
	Sandbox     string            // the sandbox written on every iframe, or ""
	EmbedHosts  []string          // the hosts an iframe may load, sorted
	Removal     map[string]bool   // unlisted elements by name: true drops with content, false unwraps
	Unlisted    Unlisted          // what becomes of an unlisted element Removal does not name
	DropsAny    bool              // Unlisted drops, or Removal drops a name
	Forbidden   map[string]string // elements never allowed, with why
	Author      Author            // the author's rel, target and data: images the policy keeps
	AnyScheme   bool              // urls.schemes is ["*"]: URL.Schemes is nil, DenySchemes refuses
	DenySchemes map[string]bool   // schemes refused under AnyScheme, the safety floor included
	CrossOrigin bool              // img, audio and video get crossorigin="anonymous"
	Outside     map[string]bool   // allowed elements the policy's container does not admit: unwrapped
	Mail        Mail              // document: wrap and remote_content (mail.go)

	// Stage runs the policy's bluemonday allowlist over HTML from r and
	// writes the result to w. Alone it is not a sanitiser (it keeps URLs
	// the pass refuses), which is why it crosses here and nowhere public.
	Stage func(w io.Writer, r io.Reader) error
}

// TextMismatch is what links.text_mismatch says to do with a link whose
// text names another host than its href.
type TextMismatch uint8

// The links.text_mismatch settings; the zero value rejects.
const (
	MismatchReject TextMismatch = iota
	MismatchRewrite
	MismatchReport
	MismatchIgnore
	// MismatchMark keeps the link and writes its destination's host
	// after it, for the reader to see (sanitize/linkmark.go).
	MismatchMark
)

// RelOn is which links get the rel tokens (links.rel_on).
type RelOn uint8

// The links.rel_on settings; the zero value is every link.
const (
	RelAll RelOn = iota
	RelExternal
)

// BareElements is what becomes of an element that means nothing without
// its attributes (a link without href) when none is left (bare_elements).
type BareElements uint8

// The bare_elements settings; the zero value drops the tags.
const (
	BareDrop BareElements = iota
	BareKeep
)

// Unlisted is what becomes of an element the policy does not allow
// (unlisted).
type Unlisted uint8

// The unlisted settings; the zero value unwraps.
const (
	UnlistedUnwrap Unlisted = iota
	UnlistedDrop
)

// Limits bound one document; every limit is set (policy fills defaults).
type Limits struct {
	MaxInputBytes     int64 // -1 for none
	MaxDepth          int
	MaxTokenBytes     int
	MaxAttributeBytes int
	MaxAttributes     int
}

// Hooks are the policy's Go callbacks, or nil.
type Hooks struct {
	URL     func(element, attribute, url string, flags urlnorm.Flags) (string, bool)
	Element func(name string, attrs []html.Attribute) ElementAction
}

// ElementAction is what the element hook decides.
type ElementAction uint8

// The element hook's decisions, as policy.ElementAction numbers them.
const (
	Keep ElementAction = iota
	Unwrap
	Drop
)

// DropsContent reports whether the element name, which the policy does
// not allow, is removed with its content (unlisted: drop, or a name in
// drop) rather than unwrapped. It is false for an allowed or forbidden
// element, which the pass handles as it always does.
func (r *Rules) DropsContent(name string) bool {
	if !r.DropsAny {
		return false // most policies: no lookup per dropped tag
	}
	if r.Elements[name] != nil || r.Forbidden[name] != "" {
		return false
	}
	if drop, ok := r.Removal[name]; ok {
		return drop
	}
	return r.Unlisted == UnlistedDrop
}

// EmbedHost reports whether an iframe may load from host, in urlnorm's
// canonical form.
func (r *Rules) EmbedHost(host string) bool {
	_, ok := slices.BinarySearch(r.EmbedHosts, host)
	return ok
}

// PrefixID returns the value to write for an id or name attribute (or
// the fragment of a same-document link, decoded) under ids.prefix: v
// itself if it already starts with the prefix, so that sanitising again
// changes nothing, else the prefix and v. ok is false, and the attribute
// must go, when the policy has no prefix or v is not an id: empty, or
// holding anything but letters, digits, marks, "-", "_", ":" and ".".
func (r *Rules) PrefixID(v string) (out string, ok bool) {
	if r.IDPrefix == "" || !validID(v) {
		return "", false
	}
	if strings.HasPrefix(v, r.IDPrefix) {
		return v, true
	}
	return r.IDPrefix + v, true
}

// validID reports whether v may be an id: what Markdown processors and
// authors write (fn:1, fnref-2, überblick), and nothing that could read
// as markup, a URL or a selector combinator.
func validID(v string) bool {
	if v == "" {
		return false
	}
	for i := 0; i < len(v); {
		c := v[i]
		if c < utf8.RuneSelf {
			if !idByte[c] {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(v[i:])
		if r == utf8.RuneError || !unicode.In(r, unicode.L, unicode.N, unicode.M) {
			return false
		}
		i += size
	}
	return true
}

// idByte are the ASCII bytes an id may hold.
var idByte = func() (t [utf8.RuneSelf]bool) {
	for c := byte('a'); c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for c := byte('0'); c <= '9'; c++ {
		t[c] = true
	}
	t['-'], t['_'], t[':'], t['.'] = true, true, true, true
	return t
}()
