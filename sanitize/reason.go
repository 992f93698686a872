package sanitize

import (
	"slices"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// Reason says why the sanitiser made a [Change]. Its value is a stable,
// lower-case name ("event-handler"), which reports and JSON output print
// as it is; [Reasons] lists them all.
//
// A URL that urlnorm refuses carries urlnorm's reason under its own name
// ([URLReason]: "userinfo", "scheme-not-allowed", ...); two names are
// shared, with the same meaning in both: [ReasonTooLong] and
// [ReasonInvalidUTF8]. The zero value, "", is never reported.
type Reason string

// The sanitiser's own reasons, by what they concern. Each names the
// [Action] it comes with.
const (
	// ReasonNotAllowed: the policy does not allow the element (removed,
	// its text kept, or removed-content for elements whose content is not
	// text), the attribute, an end tag of such an element, a comment or a
	// doctype.
	ReasonNotAllowed Reason = "not-allowed"
	// ReasonForbidden: an element no policy may allow ([policy.Forbidden]:
	// script, style, iframe, base, ...), removed with its content where
	// that is not text.
	ReasonForbidden Reason = "forbidden"
	// ReasonMisplaced: an allowed element, or "</br>", where the HTML
	// parser would not put it (a table cell outside a table): removed;
	// an iframe with its content.
	ReasonMisplaced Reason = "misplaced"
	// ReasonNoAttributesLeft: an element that means nothing without its
	// attributes (a link whose href was refused, an image without src):
	// the tag is removed, its content kept.
	ReasonNoAttributesLeft Reason = "no-attributes-left"
	// ReasonUnterminated: a tag cut off by the end of the input, which
	// browsers drop too.
	ReasonUnterminated Reason = "unterminated"
	// ReasonCommentForm: a comment kept (comments: true) written in the
	// one form every reader reads alike, "<!--" data "-->": a bogus
	// comment ("<!x>", "</ x>"), one ended by "--!>", or one the end of
	// the input cut off.
	ReasonCommentForm Reason = "comment-form"
	// ReasonNothingOpen: an end tag with no open element to close.
	ReasonNothingOpen Reason = "nothing-open"
	// ReasonImplied: an element closed where the HTML parser would close it
	// too (a p before a div, an li before the next li).
	ReasonImplied Reason = "implied"
	// ReasonLeftOpen: an element left open, closed at the end of its
	// parent or of the input.
	ReasonLeftOpen Reason = "left-open"
	// ReasonEndTagAttributes: an end tag with attributes, written without
	// them.
	ReasonEndTagAttributes Reason = "end-tag-attributes"
	// ReasonEndTagBR: "</br>", which browsers read as a line break,
	// written "<br>".
	ReasonEndTagBR Reason = "end-tag-br"
	// ReasonEndTagP: "</p>" with no paragraph open, which browsers read
	// as an empty paragraph (HTML §13.2.6.4.7, "An end tag whose tag name
	// is p"), written "<p></p>".
	ReasonEndTagP Reason = "end-tag-p"
	// ReasonOtherHeading: the end tag of a heading ("</h2>") that closes
	// another open heading, as it does in a browser, written as that
	// heading's ("</h4>").
	ReasonOtherHeading Reason = "other-heading"
	// ReasonSelfClosingIgnored: an HTML element written "<div/>", which is
	// open to a browser, written "<div>".
	ReasonSelfClosingIgnored Reason = "self-closing-ignored"
	// ReasonAmbiguousSelfClosing: a tag x/net/html reads as self-closing
	// and a browser does not, written anew.
	ReasonAmbiguousSelfClosing Reason = "ambiguous-self-closing"
	// ReasonReopened: content a browser puts inside a copy of a formatting
	// element (font, big, ...) the policy drops with its content, which
	// the browser reopens after closing it without its end tag
	// ("reconstruct the active formatting elements", HTML §13.2.4.3):
	// removed with that content.
	ReasonReopened Reason = "reopened"
	// ReasonReconstructed: a copy of a formatting element a block closed
	// without its end tag, written before the text or inline element a
	// browser puts in a copy ("reconstruct the active formatting
	// elements", HTML §13.2.4.3): <p><b>a</p><p>b gives
	// <p><b>a</b></p><p><b>b</b></p>.
	ReasonReconstructed Reason = "reconstructed"
	// ReasonNotReopened: a formatting element a browser would reopen here,
	// closed for good instead: inside a link held for the link-text check,
	// in raw text, select or foreign content, or past what reopening may
	// write (reconstruct.go).
	ReasonNotReopened Reason = "not-reopened"
	// ReasonUnreadableAttributes: a tag whose attributes could not be
	// copied as written (a NUL in a name), written anew.
	ReasonUnreadableAttributes Reason = "unreadable-attributes"
)

// Reasons about attributes.
const (
	// ReasonEventHandler: an on* attribute, never allowed.
	ReasonEventHandler Reason = "event-handler"
	// ReasonValueNotAllowed: the value does not match the policy's pattern
	// for the attribute.
	ReasonValueNotAllowed Reason = "value-not-allowed"
	// ReasonTooLong: an attribute value longer than
	// limits.max_attribute_bytes; or, as urlnorm's reason, a URL longer
	// than its maximum.
	ReasonTooLong Reason = "too-long"
	// ReasonTooManyAttributes: the attributes of a tag past
	// limits.max_attributes (reported once, on the first dropped).
	ReasonTooManyAttributes Reason = "too-many-attributes"
	// ReasonDuplicate: a repeated attribute; browsers read the first. Or
	// a foreign link's xlink:href beside its href, which browsers follow
	// (SVG 2 §16.2.1).
	ReasonDuplicate Reason = "duplicate"
	// ReasonUnknownKind: an attribute whose kind the sanitiser does not
	// know how to check (a compiled policy never has one).
	ReasonUnknownKind Reason = "unknown-kind"
	// ReasonLinkPolicy: rel or target set, replaced or removed as the
	// policy's links settings say.
	ReasonLinkPolicy Reason = "link-policy"
	// ReasonCrossOrigin: crossorigin="anonymous" set on an img, audio or
	// video, in place of what the author wrote (crossorigin: anonymous).
	ReasonCrossOrigin Reason = "crossorigin-anonymous"
	// ReasonLinkTextMismatch: a link whose text names another host than
	// its href (links.text_mismatch): flagged, rewritten, marked with its
	// host ([MarkedLink]), or its href removed.
	ReasonLinkTextMismatch Reason = "link-text-mismatch"
	// ReasonLinkTextUnread: a link whose content outgrew what the pass
	// holds to read its text: its href removed, whatever
	// links.text_mismatch says, since it could not be checked.
	ReasonLinkTextUnread Reason = "link-text-unread"
	// ReasonReservedClass: an element of the input whose class names
	// [LinkHostClass], which only the sanitiser's own mark of a link's
	// host carries: removed with its content ([RemovedContent]), or
	// its tag alone where the pass drops no content there.
	ReasonReservedClass Reason = "reserved-class"
	// ReasonClassTokens: a class attribute filtered token by token
	// (policy classes), written with its allowed tokens only
	// ([RewroteAttribute]).
	ReasonClassTokens Reason = "class-tokens"
	// ReasonNoAllowedClass: a class attribute with no allowed token left.
	ReasonNoAllowedClass Reason = "no-allowed-class"
	// ReasonIDPrefix: an id or name written under the policy's ids.prefix
	// ([RewroteAttribute]), or a same-document link to one rewritten to
	// follow it ([RewroteURL]).
	ReasonIDPrefix Reason = "id-prefix"
	// ReasonBadID: an id or name that is not a valid id (empty, or with
	// anything but letters, digits, marks, "-", "_", ":" and "."), removed
	// under ids.prefix.
	ReasonBadID Reason = "bad-id"
	// ReasonClobbers: under ids.keep: unclobbered, an id or name whose
	// value could replace a built-in property of window, document or a
	// form (DOM clobbering), removed (clobber.go).
	ReasonClobbers Reason = "clobbers"
	// ReasonUndefinedID: under ids.prefix, a reference to an id (for,
	// form, list, headers, aria-labelledby, ...) that the document does
	// not define, removed so that it cannot name an element of the page
	// around the output; in a streamed document, also one defined only
	// after the reference.
	ReasonUndefinedID Reason = "undefined-id"
	// ReasonContainer: an element the policy's container does not admit
	// (container: p and a <div>, container: a and a link), removed with
	// its content kept: in the page's element, a browser would close that
	// element for it.
	ReasonContainer Reason = "container"
	// ReasonTopLayer: an attribute that would put the element in the top
	// layer, over the whole page and outside any container
	// (policy.Config.AllowTopLayer): popover, popovertarget,
	// popovertargetaction, interestfor and its earlier names, and a
	// command other than close, request-close or hide-popover.
	ReasonTopLayer Reason = "top-layer"
)

// Reasons about URLs, besides urlnorm's ([URLReason]).
const (
	// ReasonCanonical: a URL rewritten in its canonical form.
	ReasonCanonical Reason = "canonical"
	// ReasonSuspicious: a URL kept as written, with urlnorm flags to see
	// ([Change.Flags]).
	ReasonSuspicious Reason = "suspicious"
	// ReasonInvalidURL: a URL urlnorm could not read.
	ReasonInvalidURL Reason = "invalid-url"
	// ReasonEmptyURL: an empty URL (a link to the page itself that no
	// reader sees), or a srcset or URL list with no URL left.
	ReasonEmptyURL Reason = "empty-url"
	// ReasonBadDescriptor: a srcset candidate whose descriptor is not
	// "Nw", "Nx" or "Nh".
	ReasonBadDescriptor Reason = "bad-descriptor"
	// ReasonAmbiguousComma: a srcset candidate URL that starts or ends
	// with a comma, which browsers split differently.
	ReasonAmbiguousComma Reason = "ambiguous-comma"
)

// Reasons about CSS in a style or presentation attribute; each drops the
// whole attribute.
const (
	// ReasonCSSUnterminatedComment: a comment that runs to the end of the
	// value.
	ReasonCSSUnterminatedComment Reason = "css-unterminated-comment"
	// ReasonCSSBadString: a string ended by a newline.
	ReasonCSSBadString Reason = "css-bad-string"
	// ReasonCSSBadURL: a malformed url( token.
	ReasonCSSBadURL Reason = "css-bad-url"
	// ReasonCSSEscapedURL: "url(" spelled with escapes ("u\72l("), which
	// the browser reads as a url token.
	ReasonCSSEscapedURL Reason = "css-escaped-url"
	// ReasonCSSURLNotCanonical: a url() that urlnorm accepts but would
	// rewrite; CSS is not rewritten.
	ReasonCSSURLNotCanonical Reason = "css-url-not-canonical"
	// ReasonCSSExpression: expression(), which runs script in old
	// Internet Explorer.
	ReasonCSSExpression Reason = "css-expression"
	// ReasonCSSJavascript: "javascript:" anywhere in the value.
	ReasonCSSJavascript Reason = "css-javascript"
	// ReasonCSSVbscript: "vbscript:" anywhere in the value.
	ReasonCSSVbscript Reason = "css-vbscript"
	// ReasonCSSMozBinding: -moz-binding, which runs XBL in old Firefox.
	ReasonCSSMozBinding Reason = "css-moz-binding"
	// ReasonCSSBehavior: behavior, which runs HTC in old Internet
	// Explorer.
	ReasonCSSBehavior Reason = "css-behavior"
	// ReasonCSSImport: @import, which pulls in another style sheet.
	ReasonCSSImport Reason = "css-import"
	// ReasonCSSImageSet: image-set(), which takes URLs as plain strings.
	ReasonCSSImageSet Reason = "css-image-set"
	// ReasonCSSImage: image(), which takes URLs as plain strings.
	ReasonCSSImage Reason = "css-image"
	// ReasonCSSCrossFade: cross-fade(), which takes images as plain
	// strings.
	ReasonCSSCrossFade Reason = "css-cross-fade"
	// ReasonCSSSrc: src(), a URL function that takes a string.
	ReasonCSSSrc Reason = "css-src"
	// ReasonCSSElement: element(), which paints another element of the
	// page.
	ReasonCSSElement Reason = "css-element"
	// ReasonCSSOverlay: a declaration that lets content cover the page:
	// position fixed or sticky, a z-index beyond ±1000, a size of 90
	// viewport units or more; anchor positioning, view transition and
	// timeline names (stylesheet.CoversPage).
	ReasonCSSOverlay Reason = "css-overlay"
	// ReasonCSSNoAllowedDeclaration: a style attribute allowed property
	// by property (policy.Config.Styles) with no allowed declaration left.
	ReasonCSSNoAllowedDeclaration Reason = "css-no-allowed-declaration"
)

// ReasonCSSFiltered: a style attribute allowed property by property
// (policy.Config.Styles) written with only its allowed declarations
// ([RewroteAttribute]).
const ReasonCSSFiltered Reason = "css-filtered"

// Reasons about embeds (policy.Config.Embeds).
const (
	// ReasonEmbedURL: an iframe src that is not an absolute https URL
	// made of the host alone (no user info, no port): removed.
	ReasonEmbedURL Reason = "embed-url"
	// ReasonEmbedHost: an iframe src whose host is not one of the
	// policy's embeds.hosts: removed.
	ReasonEmbedHost Reason = "embed-host"
	// ReasonEmbedNoSrc: an iframe without an allowed src, removed with
	// its content.
	ReasonEmbedNoSrc Reason = "embed-no-src"
	// ReasonEmbedSandbox: an iframe's sandbox written with the policy's
	// tokens, replacing the input's or added ([RewroteAttribute]).
	ReasonEmbedSandbox Reason = "embed-sandbox"
	// ReasonEmbedContent: the content of a kept iframe (fallback text,
	// which browsers never show), removed.
	ReasonEmbedContent Reason = "embed-content"
)

// Reasons about text, written escaped ([ReencodedText]).
const (
	// ReasonNUL: a NUL byte, which the parser replaces or drops.
	ReasonNUL Reason = "nul"
	// ReasonInvalidUTF8: bytes that are not UTF-8, written as U+FFFD; or,
	// as urlnorm's reason, a URL that is not UTF-8.
	ReasonInvalidUTF8 Reason = "invalid-utf8"
	// ReasonMarkupChar: a "<" that could start a tag once the text lands
	// beside other markup.
	ReasonMarkupChar Reason = "markup-char"
	// ReasonJoinsText: a character escaped so that two texts, once the
	// markup between them is removed, do not join into markup.
	ReasonJoinsText Reason = "joins-text"
)

// Reasons of the policy's Go hooks (policy.Hooks).
const (
	// ReasonURLHook: a URL the URL hook rewrote ([RewroteURL]).
	ReasonURLHook Reason = "url-hook"
	// ReasonHookRefused: an attribute whose URL the URL hook refused.
	ReasonHookRefused Reason = "hook-refused"
	// ReasonHookURLRefused was the reason of an attribute whose URL, as
	// the URL hook rewrote it, urlnorm refused.
	//
	// Deprecated: the hook's URL goes through every URL rule as the
	// author's does, and one a rule refuses is reported with that rule's
	// reason ("scheme-not-allowed", "remote-blocked", "too-long", ...).
	// Nothing reports this reason.
	ReasonHookURLRefused Reason = "hook-url-refused"
	// ReasonElementHook: an element the element hook unwrapped
	// ([RemovedElement]) or dropped with its content ([RemovedContent]).
	ReasonElementHook Reason = "element-hook"
)

// ReasonFirstStageMissed: the policy's bluemonday stage changed what the
// first stage let through ([PolicyStage]); a bug in the first stage.
const ReasonFirstStageMissed Reason = "first-stage-missed"

// ownReasons are the sanitiser's reasons, in the order of their
// declaration.
var ownReasons = []Reason{
	ReasonNotAllowed, ReasonForbidden, ReasonMisplaced, ReasonNoAttributesLeft,
	ReasonUnterminated, ReasonCommentForm, ReasonNothingOpen, ReasonImplied, ReasonLeftOpen,
	ReasonEndTagAttributes, ReasonEndTagBR, ReasonEndTagP, ReasonOtherHeading, ReasonSelfClosingIgnored,
	ReasonAmbiguousSelfClosing, ReasonReopened, ReasonReconstructed, ReasonNotReopened, ReasonUnreadableAttributes,

	ReasonEventHandler, ReasonValueNotAllowed, ReasonTooLong,
	ReasonTooManyAttributes, ReasonDuplicate, ReasonUnknownKind,
	ReasonLinkPolicy, ReasonCrossOrigin, ReasonLinkTextMismatch, ReasonLinkTextUnread, ReasonReservedClass, ReasonClassTokens,
	ReasonNoAllowedClass, ReasonIDPrefix, ReasonBadID, ReasonClobbers, ReasonUndefinedID, ReasonContainer, ReasonTopLayer,

	ReasonCanonical, ReasonSuspicious, ReasonInvalidURL, ReasonEmptyURL,
	ReasonBadDescriptor, ReasonAmbiguousComma,

	ReasonCSSUnterminatedComment, ReasonCSSBadString, ReasonCSSBadURL,
	ReasonCSSEscapedURL, ReasonCSSURLNotCanonical, ReasonCSSExpression,
	ReasonCSSJavascript, ReasonCSSVbscript, ReasonCSSMozBinding,
	ReasonCSSBehavior, ReasonCSSImport, ReasonCSSImageSet, ReasonCSSImage,
	ReasonCSSCrossFade, ReasonCSSSrc, ReasonCSSElement, ReasonCSSOverlay,
	ReasonCSSNoAllowedDeclaration, ReasonCSSFiltered,

	ReasonEmbedURL, ReasonEmbedHost, ReasonEmbedNoSrc, ReasonEmbedSandbox,
	ReasonEmbedContent,

	ReasonNUL, ReasonInvalidUTF8, ReasonMarkupChar, ReasonJoinsText,

	ReasonURLHook, ReasonHookRefused, ReasonElementHook,

	ReasonFirstStageMissed,
}

// Reasons returns every reason a [Change] can carry: the sanitiser's own,
// in the order they are declared, then urlnorm's ([URLReason]) not
// already listed. The caller may change the slice.
func Reasons() []Reason {
	out := declaredReasons()
	for i := 1; i < 256; i++ {
		r := urlnorm.Reason(i)
		if _, ok := urlnorm.ParseReason(r.String()); ok && !slices.Contains(out, URLReason(r)) {
			out = append(out, URLReason(r))
		}
	}
	return out
}

// URLReason is the Reason of a URL that urlnorm refused with r: its name,
// [urlnorm.Reason.String].
func URLReason(r urlnorm.Reason) Reason { return Reason(r.String()) }

// String returns the reason's name.
func (r Reason) String() string { return string(r) }
