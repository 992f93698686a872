package policy

import (
	"slices"
	"strings"
)

// Config is a policy as written in a file or built in code. [Compile] turns
// it into an immutable [*Policy].
//
// A Config read with [ParseConfig] starts from the preset named by Extends:
// fields present in the file replace the preset's, absent ones keep it.
// Add and Remove then edit the element, attribute and scheme lists, which
// is how a file narrows a preset. [Policy.Config] returns the flattened
// result, with Extends, Add and Remove empty; it loads again unchanged.
//
// The zero Config allows no elements (text only) and no schemes, and uses
// the default URL rules and limits.
//
// Names (of elements, attributes and CSS properties) may be at most 1,024
// bytes long, and tokens (schemes, rel and class tokens, hosts, sandbox
// tokens, the id prefix) at most 256: [Compile] refuses longer ones.
type Config struct {
	// Extends names the preset a file starts from ("strict", "basic",
	// "ugc"). Only meaningful in a file.
	Extends string `yaml:"extends,omitempty" json:"extends,omitempty"`

	// Elements lists the allowed elements, lower case: "p", or with a
	// namespace prefix "svg:circle", "math:mi".
	Elements []string `yaml:"elements,flow,omitempty" json:"elements,omitempty"`

	// SVG, if "safe", adds a safe subset of SVG (shapes, paths, text,
	// gradients, ...; docs/policy.md lists it); MathML, if "core", what a
	// formula needs.
	SVG    SVGProfile    `yaml:"svg,omitempty" json:"svg,omitempty"`
	MathML MathMLProfile `yaml:"mathml,omitempty" json:"mathml,omitempty"`

	// Attributes lists the allowed attributes.
	Attributes []Attribute `yaml:"attributes,omitempty" json:"attributes,omitempty"`

	// Classes filter the class attribute per token: on the elements a
	// rule covers, a class value keeps the tokens some rule allows, in
	// their order, and drops the others.
	Classes []ClassRule `yaml:"classes,omitempty" json:"classes,omitempty"`

	// IDs keeps id and name attributes under a prefix, or where they
	// cannot clobber.
	IDs IDs `yaml:"ids,omitempty" json:"ids,omitempty"`

	// Container names the element the page places the output in when
	// its content model is narrower than a div's (p, span, a heading,
	// pre, a, button, label, form): the output keeps only the elements it
	// admits and unwraps the others, which would make a browser close the
	// page's element early. "", or a flow container (div, li, ...), changes
	// nothing.
	Container string `yaml:"container,omitempty" json:"container,omitempty"`

	// Add and Remove edit Elements, Attributes and URLs.Schemes after the
	// rest of the file has been applied: Remove wins over Add.
	Add    Change `yaml:"add,omitempty" json:"add,omitempty"`
	Remove Change `yaml:"remove,omitempty" json:"remove,omitempty"`

	// Styles allows CSS properties in style attributes, property by
	// property, each with a rule for its value (see [Style]).
	Styles []Style `yaml:"styles,omitempty" json:"styles,omitempty"`

	// Unlisted decides what becomes of an element the policy does not
	// allow: "unwrap" (the default: its tags go, its content stays) or
	// "drop" (removed with its content, where the HTML parser ends it, as
	// setHTML() does). [Forbidden] elements and those whose content is
	// never text (script, style, svg, ...) keep their own handling.
	Unlisted Unlisted `yaml:"unlisted,omitempty" json:"unlisted,omitempty"`
	// Drop lists elements removed with their content whatever Unlisted
	// says (setHTML()'s removeElements).
	Drop []string `yaml:"drop,flow,omitempty" json:"drop,omitempty"`
	// Unwrap lists elements that lose only their tags whatever Unlisted
	// says (setHTML()'s replaceWithChildrenElements). A name in Drop or
	// Unwrap may not be allowed, forbidden, or in both.
	Unwrap []string `yaml:"unwrap,flow,omitempty" json:"unwrap,omitempty"`

	// WordBreaks keeps words apart where a dropped element separated
	// them (a newline for a <br>, block or row, a space for a cell), as
	// innerText does. On in the strict preset.
	WordBreaks bool `yaml:"word_breaks,omitempty" json:"word_breaks,omitempty"`

	// BareElements decides what becomes of an element that means nothing
	// without attributes (a, img, area, source, font, ...) when it has
	// none left: "drop" (the default, as bluemonday) unwraps it; "keep"
	// writes it bare, as setHTML() does.
	BareElements BareElements `yaml:"bare_elements,omitempty" json:"bare_elements,omitempty"`

	// Comments keeps comments, written so that a browser reads each back
	// as one comment. Off, the default, every comment is dropped.
	Comments bool `yaml:"comments,omitempty" json:"comments,omitempty"`

	// AllowTopLayer keeps the attributes that put user content in the
	// top layer, over the whole page (popover, popovertarget,
	// popovertargetaction, interestfor and its earlier names, and the
	// command values that open one; rules.TopLayer). Off, the default,
	// each is dropped from the output (sanitize.ReasonTopLayer), and
	// command keeps only close, request-close and hide-popover.
	AllowTopLayer bool `yaml:"allow_top_layer,omitempty" json:"allow_top_layer,omitempty"`

	// Hooks are Go callbacks (see [Hooks]); a policy file has none.
	Hooks Hooks `yaml:"-" json:"-"`

	// Embeds allows iframe for the hosts it lists, sandboxed (see
	// [Embeds]). Never set in a preset.
	Embeds Embeds `yaml:"embeds,omitempty" json:"embeds,omitempty"`

	// MailConfig holds the settings for HTML e-mail; in a file its keys
	// stand at the top level (document, remote_content, proxy).
	MailConfig `yaml:",inline"`

	URLs   URLs   `yaml:"urls,omitempty" json:"urls,omitempty"`
	Links  Links  `yaml:"links,omitempty" json:"links,omitempty"`
	Limits Limits `yaml:"limits,omitempty" json:"limits,omitempty"`

	// CrossOrigin, if "anonymous" (the only value), writes
	// crossorigin="anonymous" on every img, audio and video, in place of
	// the author's: media is fetched without cookies.
	CrossOrigin CrossOrigin `yaml:"crossorigin,omitempty" json:"crossorigin,omitempty"`
}

// MailConfig is the settings for HTML e-mail (see mail.go and the mail
// preset). Its zero value reads a fragment and loads remote content.
type MailConfig struct {
	// Document is "fragment" (the default) or "wrap": the input is read
	// as a whole document, and the body's content is written inside one
	// wrapper element that carries what the body's attributes meant,
	// with the document's <style> sheets sanitised and scoped under it.
	Document DocumentMode `yaml:"document,omitempty" json:"document,omitempty"`
	// RemoteContent decides what becomes of every URL a mail loads as it
	// is shown (img src, backgrounds, CSS url()): "allow", "block"
	// (removed and reported) or "proxy" (rewritten into Proxy); cid: is
	// kept. Left out, it is "block" under Document "wrap" and "allow" for
	// a fragment.
	RemoteContent RemoteContent `yaml:"remote_content,omitempty" json:"remote_content,omitempty"`
	// Proxy is the URL template of remote_content: proxy, an absolute
	// http(s) URL in canonical form holding "{url}" once, in its path or
	// query, where the loaded URL goes, percent-encoded.
	Proxy string `yaml:"proxy,omitempty" json:"proxy,omitempty"`
}

// Attribute allows an attribute.
type Attribute struct {
	// Name is the attribute name, lower case ("title", "xlink:href"), or
	// a data-* wildcard ("data-*", "data-md-*") allowing every name with
	// that prefix as text, but names that say they hold a URL (data-src)
	// or are declared another kind.
	Name string `yaml:"name" json:"name"`
	// On lists the elements it is allowed on; empty means every allowed
	// element.
	On []string `yaml:"on,flow,omitempty" json:"on,omitempty"`
	// Match, if set, is a regular expression (RE2 syntax) the whole value
	// must match. It is anchored for you: "[0-9]+" means "^(?:[0-9]+)$".
	// For URL attributes it is matched against the canonical URL.
	Match string `yaml:"match,omitempty" json:"match,omitempty"`
	// Kind says what the value holds ("text", "enum", "boolean",
	// "number", "url", "url-list", "srcset" or "css"; see [Kind]) for an
	// attribute [KindOf] does not know, wherever the policy allows it.
	Kind string `yaml:"kind,omitempty" json:"kind,omitempty"`
}

// Change is a set of edits to a policy's lists. In Remove, an attribute
// without On is removed from every element; with On, only from those.
type Change struct {
	Elements   []string    `yaml:"elements,flow,omitempty" json:"elements,omitempty"`
	Attributes []Attribute `yaml:"attributes,omitempty" json:"attributes,omitempty"`
	Schemes    []string    `yaml:"schemes,flow,omitempty" json:"schemes,omitempty"`
}

// URLs configures how URL-bearing attributes are checked and rewritten.
// Every URL in an allowed attribute goes through urlnorm with these rules.
type URLs struct {
	// Schemes lists the allowed schemes, lower case, without ":"; ["*"]
	// allows every scheme but those never allowed (javascript, data, ...).
	Schemes []string `yaml:"schemes,flow,omitempty" json:"schemes,omitempty"`
	// Relative is "deny" (the default: drop relative references), "allow"
	// (keep them, normalised), "resolve" (rewrite them against Base) or
	// "fragment" (keep same-document references, "#id", drop the others).
	Relative Relative `yaml:"relative,omitempty" json:"relative,omitempty"`
	// Base is the absolute http(s) URL relative references resolve against
	// (required with Relative "resolve"). Its host also counts as internal
	// for Links.
	Base string `yaml:"base,omitempty" json:"base,omitempty"`
	// Userinfo is "reject" (the default: drop the URL), "strip" (remove the
	// user name and password) or "keep".
	Userinfo Userinfo `yaml:"userinfo,omitempty" json:"userinfo,omitempty"`
	// Flags maps urlnorm flag names ([urlnorm.Flags.Names]) to what a URL
	// carrying the flag gets: "reject" (the attribute is removed),
	// "report" (kept and reported) or "ignore". A flag left out gets the
	// presets' action: reject for the deceptive forms, report for the
	// rest (see Strict).
	Flags map[string]FlagAction `yaml:"flags,omitempty" json:"flags,omitempty"`
	// Strict makes every flag Flags does not name "reject" in place of
	// the presets' "report".
	Strict bool `yaml:"strict,omitempty" json:"strict,omitempty"`
	// Nested inspects URLs inside query values: the outer URL is dropped
	// if the inner one is refused. Nil means on; only new(false) is off.
	Nested *bool `yaml:"nested,omitempty" json:"nested,omitempty"`
	// DenySchemes lists schemes refused although Schemes is ["*"] (only
	// with "*").
	DenySchemes []string `yaml:"deny_schemes,flow,omitempty" json:"deny_schemes,omitempty"`
	// DataImages keeps data: images (see [DataImages]); anywhere else
	// data: is refused.
	DataImages DataImages `yaml:"data_images,omitempty" json:"data_images,omitempty"`
}

// DataImages allows inline images (data: URLs, RFC 2397) in img src and
// srcset and source srcset only: "data:TYPE;base64,BODY" with TYPE in
// Types and BODY strict, padded base64 of at most MaxBytes decoded bytes.
// A URL hook does not see them. The zero value keeps none.
type DataImages struct {
	// Types lists the allowed media types, from image/png, image/jpeg,
	// image/gif and image/webp (never image/svg+xml, a document).
	Types []string `yaml:"types,flow,omitempty" json:"types,omitempty"`
	// MaxBytes is the largest decoded image kept (required with Types;
	// the attribute must still fit limits.max_attribute_bytes).
	MaxBytes int `yaml:"max_bytes,omitempty" json:"max_bytes,omitempty"`
}

// Links configures the rel and target attributes written on links (a and
// area elements with an href).
type Links struct {
	// Rel lists the tokens written to every link's rel (see RelOn), in
	// place of the author's: nofollow, ugc, noopener, sponsored, ... but
	// opener, which gives the linked page a handle on this one.
	Rel []string `yaml:"rel,flow,omitempty" json:"rel,omitempty"`
	// RelOn says which links get Rel: "all" (the default) or "external"
	// (those that leave the site; see InternalHosts).
	RelOn RelOn `yaml:"rel_on,omitempty" json:"rel_on,omitempty"`
	// TargetBlank opens external links in a new tab: target="_blank",
	// with noopener always added to rel.
	TargetBlank bool `yaml:"target_blank,omitempty" json:"target_blank,omitempty"`
	// AuthorRel lists the author's own rel tokens a link keeps, merged
	// with Rel into a sorted set; without it the author's rel is replaced.
	AuthorRel []string `yaml:"author_rel,flow,omitempty" json:"author_rel,omitempty"`
	// Targets lists the author's target values a link keeps (_blank,
	// _self, _parent, _top or a window name). A link opening another
	// window always gets noopener; TargetBlank wins over the author's.
	Targets []string `yaml:"targets,flow,omitempty" json:"targets,omitempty"`
	// InternalHosts lists hosts whose links are not external, besides the
	// host of URLs.Base. A link is external when a browser would leave the
	// page's site: it has a host ("https://x", "//x", "\\x") not listed.
	InternalHosts []string `yaml:"internal_hosts,flow,omitempty" json:"internal_hosts,omitempty"`
	// TextMismatch decides what happens to a link whose text names
	// another site than its href: "reject" (the default: the href is
	// dropped), "rewrite" (the text becomes the href), "mark" (the href's
	// host is written after it), "report" or "ignore" (docs/urls.md,
	// "What link text counts as naming a host").
	TextMismatch TextMismatch `yaml:"text_mismatch,omitempty" json:"text_mismatch,omitempty"`
}

// ClassRule allows class tokens on elements.
type ClassRule struct {
	// On lists the elements the rule covers; empty means every allowed
	// element.
	On []string `yaml:"on,flow,omitempty" json:"on,omitempty"`
	// Tokens lists allowed class tokens, exactly ("spoiler",
	// "prettyprint-override").
	Tokens []string `yaml:"tokens,flow,omitempty" json:"tokens,omitempty"`
	// Match, if set, is a regular expression (RE2 syntax) a whole token
	// may match instead: it is anchored for you ("lang-[a-z]+" allows
	// lang-go, not lang-go-x). It may not use ^, $, \A, \z, \b or \B.
	Match string `yaml:"match,omitempty" json:"match,omitempty"`
}

// IDs configures id and name attributes. Without a prefix or Keep they
// are not allowed at all (unless an attribute entry allows them as
// written): a user's id="x" or name="x" would clobber the page's own
// document.x and getElementById("x") (DOM clobbering).
type IDs struct {
	// Prefix, if set, allows id and name on every allowed element and
	// writes them under it: id="fn1" becomes id="user-content-fn1". A
	// same-document link to one (href="#fn1", also xlink:href), and an
	// image's usemap="#map", is rewritten to match, so footnotes and
	// image maps keep working; a value already under Prefix is kept.
	Prefix string `yaml:"prefix,omitempty" json:"prefix,omitempty"`
	// Keep, if "unclobbered", keeps an id or name value only where it
	// cannot replace a built-in property of window, document or a form:
	// it names none of theirs (any case), and is an id as Prefix writes
	// them, not only digits (internal/rules Clobbers). Every id and name
	// is checked, those attribute entries allow too; where no entry names
	// id or name, Keep allows both on every allowed element. "" (the
	// default) checks nothing: id and name are kept as entries allow them,
	// as written. With Prefix, the value under the prefix is checked.
	Keep IDKeep `yaml:"keep,omitempty" json:"keep,omitempty"`
}

// Limits bound the work and memory of one document. Zero means the
// default.
type Limits struct {
	// MaxInputBytes is the largest document accepted (default 16 MiB; -1
	// for no limit, when streaming).
	MaxInputBytes int64 `yaml:"max_input_bytes,omitempty" json:"max_input_bytes,omitempty"`
	// MaxDepth is the deepest element nesting accepted (default 256).
	MaxDepth int `yaml:"max_depth,omitempty" json:"max_depth,omitempty"`
	// MaxTokenBytes is the longest single tag, text run or comment
	// (default 1 MiB). It bounds memory: the tokenizer holds one token.
	MaxTokenBytes int `yaml:"max_token_bytes,omitempty" json:"max_token_bytes,omitempty"`
	// MaxAttributeBytes is the longest attribute value kept; longer values
	// are dropped and reported (default 64 KiB, or MaxTokenBytes if that
	// is smaller).
	MaxAttributeBytes int `yaml:"max_attribute_bytes,omitempty" json:"max_attribute_bytes,omitempty"`
	// MaxAttributes is the most attributes kept on one element; the rest
	// are dropped and reported (default 256).
	MaxAttributes int `yaml:"max_attributes,omitempty" json:"max_attributes,omitempty"`
}

// The default limits.
const (
	DefaultMaxInputBytes     = 16 << 20
	DefaultMaxDepth          = 256
	DefaultMaxTokenBytes     = 1 << 20
	DefaultMaxAttributeBytes = 64 << 10
	DefaultMaxAttributes     = 256
)

// withDefaults fills zero limits with the defaults.
func (l Limits) withDefaults() Limits {
	if l.MaxInputBytes == 0 {
		l.MaxInputBytes = DefaultMaxInputBytes
	}
	if l.MaxDepth == 0 {
		l.MaxDepth = DefaultMaxDepth
	}
	if l.MaxTokenBytes == 0 {
		l.MaxTokenBytes = DefaultMaxTokenBytes
	}
	if l.MaxAttributeBytes == 0 {
		// Never more than a tag may hold: a file that lowers only
		// max_token_bytes must not fail over a limit it did not set.
		l.MaxAttributeBytes = DefaultMaxAttributeBytes
		if l.MaxTokenBytes > 0 {
			l.MaxAttributeBytes = min(l.MaxAttributeBytes, l.MaxTokenBytes)
		}
	}
	if l.MaxAttributes == 0 {
		l.MaxAttributes = DefaultMaxAttributes
	}
	return l
}

// The words of the enumerated settings. Each type's zero value is the
// safe choice its [Config] field describes.
const (
	UnlistedUnwrap, UnlistedDrop Unlisted     = "unwrap", "drop"
	BareDrop, BareKeep           BareElements = "drop", "keep"

	DocumentFragment, DocumentWrap DocumentMode = "fragment", "wrap"

	RemoteAllow, RemoteBlock, RemoteProxy RemoteContent = "allow", "block", "proxy"

	RelativeDeny, RelativeAllow, RelativeResolve, RelativeFragment Relative = "deny", "allow", "resolve", "fragment"

	UserinfoReject, UserinfoStrip, UserinfoKeep Userinfo = "reject", "strip", "keep"

	RelOnAll, RelOnExternal RelOn = "all", "external"

	MismatchReject, MismatchRewrite, MismatchMark TextMismatch = "reject", "rewrite", "mark"
	MismatchReport, MismatchIgnore                TextMismatch = "report", "ignore"

	CrossOriginAnonymous CrossOrigin = "anonymous"

	IDKeepUnclobbered IDKeep = "unclobbered"
)

// Enumerated settings: see the [Config] field of the same name.
type (
	Unlisted      string
	BareElements  string
	DocumentMode  string
	RemoteContent string
	Relative      string
	Userinfo      string
	RelOn         string
	TextMismatch  string
	SVGProfile    string
	MathMLProfile string
	CrossOrigin   string
	FlagAction    string
	IDKeep        string
)

// choices is the table of an enumerated setting: its key and its words,
// in the order its error and docs/policy.md list them. Validation and
// error messages read it, and a test checks docs/policy.md against it.
type choices[T ~string] struct {
	key   string
	words []T
}

// The tables of the enumerated settings.
var (
	unlistedWords     = choices[Unlisted]{"unlisted", []Unlisted{UnlistedUnwrap, UnlistedDrop}}
	bareWords         = choices[BareElements]{"bare_elements", []BareElements{BareDrop, BareKeep}}
	documentWords     = choices[DocumentMode]{"document", []DocumentMode{DocumentFragment, DocumentWrap}}
	remoteWords       = choices[RemoteContent]{"remote_content", []RemoteContent{RemoteAllow, RemoteBlock, RemoteProxy}}
	relativeWords     = choices[Relative]{"urls.relative", []Relative{RelativeAllow, RelativeDeny, RelativeResolve, RelativeFragment}}
	userinfoWords     = choices[Userinfo]{"urls.userinfo", []Userinfo{UserinfoReject, UserinfoStrip, UserinfoKeep}}
	relOnWords        = choices[RelOn]{"links.rel_on", []RelOn{RelOnAll, RelOnExternal}}
	textMismatchWords = choices[TextMismatch]{"links.text_mismatch", []TextMismatch{MismatchReject, MismatchRewrite, MismatchMark, MismatchReport, MismatchIgnore}}
	svgWords          = choices[SVGProfile]{"svg", []SVGProfile{SVGSafe}}
	mathMLWords       = choices[MathMLProfile]{"mathml", []MathMLProfile{MathMLCore}}
	crossOriginWords  = choices[CrossOrigin]{"crossorigin", []CrossOrigin{CrossOriginAnonymous}}
	flagWords         = choices[FlagAction]{"urls.flags", []FlagAction{FlagReject, FlagReport, FlagIgnore}}
	idKeepWords       = choices[IDKeep]{"ids.keep", []IDKeep{IDKeepUnclobbered}}
)

// check fails v unless it is one of the words, or "" where empty is
// allowed, and reports whether it passed.
func (c choices[T]) check(k *compiler, v T, empty bool) bool {
	return c.checkAt(k, c.key, v, empty)
}

// checkAt is check for a setting that stands at field, under the
// table's key (urls.flags.confusable).
func (c choices[T]) checkAt(k *compiler, field string, v T, empty bool) bool {
	if v == "" && empty || c.has(v) {
		return true
	}
	k.fail(field, "%q is not one of %s", string(v), c)
	return false
}

// has reports whether v is one of the words.
func (c choices[T]) has(v T) bool { return slices.Contains(c.words, v) }

// String lists the words as an error does: "allow, deny, resolve".
func (c choices[T]) String() string {
	s := make([]string, len(c.words))
	for i, w := range c.words {
		s[i] = string(w)
	}
	return strings.Join(s, ", ")
}

// settingWords lists the words of every enumerated setting by key, as
// its error lists them: docs/policy.md's key table is checked against it.
func settingWords() map[string]string {
	m := map[string]string{}
	for _, c := range []interface{ table() (string, string) }{unlistedWords, bareWords, documentWords,
		remoteWords, relativeWords, userinfoWords, relOnWords, textMismatchWords,
		svgWords, mathMLWords, crossOriginWords, flagWords, idKeepWords} {
		k, words := c.table()
		m[k] = words
	}
	return m
}

// table returns the setting's key and its words.
func (c choices[T]) table() (string, string) { return c.key, c.String() }
