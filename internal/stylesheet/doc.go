// Package stylesheet is the CSS that HTML carries, read as a browser
// reads it: it sanitises the style sheet of an HTML e-mail (the text of
// a <style> element) so that it can only style the mail's own content,
// written inside one wrapper element, and it checks style attributes and
// SVG presentation attributes ([Check] whole, [Filter] property by
// property, [Refs] for url(#id) under an id prefix). All of them read
// CSS after the one preprocessing of CSS Syntax §3.3 ([Preprocess]) and
// decode escapes with the one decoder of §4.3.7 (escape.go).
//
// [Sanitize] parses the style sheet with github.com/tdewolff/parse/v2/css
// after the preprocessing of CSS Syntax §3.3, decodes every escape before
// any name is checked, and writes back only what it checked, in a
// canonical serialisation: what the browser reads is what was checked.
//
// # Selectors
//
// Kept: type, universal, class, id (renamed by Options.ID, or dropped
// without it), bare attribute presence ([name]), the four
// combinators, selector lists, the pseudo-classes :hover, :focus,
// :focus-visible, :active, :first-child, :last-child, :only-child,
// :first-of-type, :last-of-type, :only-of-type, :empty, :nth-child(),
// :nth-last-child(), :nth-of-type(), :nth-last-of-type() (An+B only),
// :not() of a list of compound selectors, and the pseudo-elements
// ::before, ::after, ::first-line and ::first-letter (last in the
// selector; single-colon spellings are accepted).
//
// Every kept selector is prefixed by Options.Scope and a descendant
// combinator. A leading html, body, :root or the scope itself, with or
// without ":scope" (or a chain of them joined by " " or ">"), is the
// wrapper: "body > div" becomes "<scope> > div", and an output
// sanitised again is unchanged. A sibling combinator after it
// ("body ~ p", ":root + *") would leave the wrapper and is refused, as
// are :scope anywhere else and the scope's class or id on any other
// compound (only the wrapper has it).
// Declarations for the wrapper itself (body { … }) are written as a rule
// of their own and limited to paint and text properties (colour,
// background, font, text, padding): its position, size, margins and
// overflow are the host page's; its padding is capped
// (MaxWrapperPaddingPx and kin, [WrapperValue]). A selector list loses
// only its refused selectors; a rule loses its block when none is left.
//
// # Declarations
//
// Each declaration's value is re-serialised from its tokens; functions
// come from an allowlist, every url() goes through Options.URL, and the
// result must pass Options.Decl. "!important" is kept.
//
// # At-rules
//
// @media is kept, its prelude re-serialised (media types, features,
// numbers; no range syntax), nested up to Options.MaxDepth. Every other
// at-rule is removed with its block: @import (an unchecked second
// sheet), @font-face and @keyframes (their names are global, so a mail
// could replace the host page's fonts or animations), @supports, @page,
// @layer, @namespace, @charset, @container, @document and unknown ones.
//
// # Using it
//
// With a Scope of ":scope" and the wrapper's class (as package sanitize
// uses it), the caller writes the result inside "@scope{" and "}", as
// the text of one <style> element that is the wrapper's last child: a
// prelude-less @scope rule's scoping root is the <style> element's
// parent (CSS Cascade 6 §2.5.1), so no selector matches outside the
// wrapper, and several mails on one page cannot style each other. (Inside
// @scope a selector without :scope is read as a descendant of :scope, so
// ".wrapper p" would match nothing there.) A browser without @scope drops
// the whole rule: the mail is unstyled. A sheet that is one such rule is
// read as the rule's content, so that the output as written is a fixed
// point. The caller must:
//
//   - give the wrapper the Scope's class or id and refuse that class and
//     id inside the mail, so that only the wrapper matches a leading scope;
//   - make the wrapper clip what the mail draws (position: relative;
//     overflow: hidden, or contain: paint);
//   - pass the policy's id rewriting as Options.ID and urlnorm (with the
//     policy's URL options) as Options.URL, so that the sheet and the
//     markup agree, and the per-property rules as Options.Decl; Decl sees
//     values in this package's canonical spacing ("12px / 1.5 Arial, serif").
//
// # Style attributes
//
// A style attribute is not rewritten where [Check] reads it: every url
// token's URL must be accepted as written by the caller's check, and
// bad strings, bad URLs, unterminated comments, escaped url( names,
// script and URL-taking functions (expression(), behavior,
// -moz-binding, image-set() and kin, "javascript:") and the declarations
// that cover the page ([CoversPage]) drop the whole attribute, with a
// [Fault] saying why. [Filter] keeps the declarations the caller allows
// and reads what it keeps again with Check.
//
// # Security considerations
//
//   - Attribute selectors with a value ([value^="a"]) are refused: with a
//     background URL per prefix they read an attribute character by
//     character. :visited and :link (history), :checked and other form
//     state pseudo-classes, :has() and :is() are refused too. A bare
//     [name] only tests presence, on the mail's own elements, and
//     newsletters need it (a[x-apple-data-detectors]).
//   - ::before and ::after are kept: their boxes belong to an element
//     inside the wrapper, and their content is checked like any value
//     (url() through Options.URL, attr() refused).
//   - Scoping keeps selectors inside the wrapper: every combinator after
//     "<scope> " moves among the wrapper's descendants, and a sibling of a
//     root compound (":root ~ *") is refused. :is(), :where() and :has()
//     are refused whole, and :not() takes compounds only, so no
//     combinator hides in an argument. Under @scope the browser adds its
//     own bound: a rule's subject must be inside the scoping root.
//   - expression(), behavior, -moz-binding and binding are script; every
//     function outside the allowlist (image-set(), cross-fade(),
//     element(), src(), var(), env(), attr(), an escaped url() name) is
//     refused. Custom properties are dropped, so var() has nothing to carry.
//   - Escapes and comments cannot hide a name: escapes are decoded before
//     the check, a comment splits tokens as the browser does, and the
//     output is written from the decoded tokens.
//   - The output never contains "<": strings and identifiers escape it in
//     hex, and media queries refuse it, so "</style" cannot end the
//     element early. Sanitize checks this before returning.
//   - position: fixed and sticky, z-index beyond ±MaxZIndex, and
//     width/height/min-*/inline-size/block-size summing 90 viewport units
//     or more are refused. position: absolute is kept: the integrator must
//     make the wrapper its containing block and clip it (position:
//     relative; overflow: hidden, or contain: paint) so that nothing
//     drawn by the mail leaves the wrapper's box.
//   - Work is linear in the input; MaxBytes, MaxRules and MaxDepth bound
//     it further.
package stylesheet
