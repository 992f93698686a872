// Package sanitize makes untrusted HTML safe to include in a page: no
// script can run, and every URL is in its canonical form and allowed by
// the policy.
//
// A comment system takes a preset ([policy.UGC]) or builds a
// [policy.Policy] once, and calls [String], [Bytes], [HTML] (for
// html/template) or [Sanitize] (streaming) per request; all are safe for
// concurrent use with a shared policy. [SanitizeWith] and [StringWith]
// take the per-call [Options]: a report, which says what was removed or
// rewritten, where, and why (each [Change] has a [Reason], and [Reasons]
// lists them all), and a context that stops the call. One options value,
// rather than a function per combination of them, keeps the entry points
// from doubling with each per-call setting; [Bytes] and [HTML] take none,
// being conveniences over [String].
//
// # How it works
//
// One tokenizer pass walks the input (internal/htmlscan's Scanner over a
// document in memory, x/net/html's Tokenizer over a stream; the two
// tokenize alike, which a differential fuzz target checks) and enforces the
// whole policy: elements and attributes not allowed are dropped (the text
// of a dropped element is kept, except for elements whose content is not
// text a reader should see: script, style, templates, plugins, foreign
// content); event handlers are always dropped; every URL-bearing attribute
// (href, src, srcset per candidate, action, formaction, poster, cite,
// xlink:href, ping per URL, url() in style: every attribute whose kind,
// from the policy, is a URL, URL list, srcset or CSS; a policy cannot allow
// an attribute of unknown kind) goes through urlnorm with the policy's options, which
// enforce the scheme allowlist on all of them; links get the policy's rel
// and target; the output is balanced (stray end tags dropped, elements left
// open closed). The policy's bluemonday allowlist then runs over the result
// as a second line of defence; the tests check that it finds nothing left
// to remove.
//
// The output is faithful: every token the policy leaves alone is written
// as it was in the input (quotes, entity spelling, attribute order, line
// endings), so a document that is already clean comes out byte for byte,
// and every byte that changes has a [Change]. To keep that and the second
// stage, the pass writes each document in two forms: as written, and as
// bluemonday serialises it (x/net/html's Token.String). bluemonday runs
// over the first, and its output is compared with the second; where they
// are equal, the first is written; from where they differ, bluemonday's
// own output is, with a [PolicyStage] change (a first-stage bug). The raw bytes of a token are kept only where
// they read as that token wherever they land; text that could join its
// neighbour once markup between them is removed is escaped.
//
// # Where each step lives
//
//	sanitize.go   the entry points; the two stages, in memory or streamed
//	context.go    Options.Context: reads that stop once a context is done
//	template.go   HTML, the output as html/template's HTML
//	writeerr.go   WriteError: a failure of the caller's writer
//	pass.go       the pass: its parts, the walk over tokens, text
//	input.go      reading: the tokenizer, the current tag, positions
//	attrscan.go   attributes read as written, from a tag's raw bytes
//	tags.go       start and end tags: allowed, placed, dropped
//	container.go  elements the policy's container does not admit, unwrapped
//	tree.go       the element tree (internal/htmltree): frames pushed,
//	              end tags written, implied end tags
//	insert.go     insertion modes: tables, lists, forms, foreign content
//	templatecontents.go  template contents: their own insertion modes
//	adoption.go   the adoption agency, where setHTML()'s tree needs it
//	reconstruct.go  formatting elements a block closed, reopened where a
//	              browser reopens them (the list of active formatting elements)
//	foreign.go    SVG and MathML: the namespace each start tag gets
//	attrs.go      each attribute's verdict (check), links' rel and target
//	tokens.go     class tokens, ids.prefix and same-document links
//	idref.go      id references (for, form, aria-labelledby, ...) under
//	              ids.prefix: the table, and which ids a document defines
//	clobber.go    ids.keep: unclobbered: an id or name that clobbers goes
//	css.go        style and presentation attributes: the calls into
//	              internal/stylesheet (whole, per property), their reasons
//	embeds.go     iframe embeds: host, sandbox, content
//	maildocument.go  document: wrap, the wrapper; mailsheet.go, its sheets
//	mailremote.go remote_content: block, proxy, tracking pixels
//	hooks.go      the policy's URL and element hooks
//	authored.go   the author's rel and target, data: images in sources
//	animation.go  SVG animation: what attributeName and values may set
//	comments.go   comments the policy keeps
//	hidden.go     what is dropped with its content while the tree goes on
//	unlisted.go   unlisted elements dropped with their content, and the
//	              formatting elements a browser reopens after them
//	linktext.go   links held until their text is known (text_mismatch)
//	linkreading.go  the readings of a held link's text, and its verdict
//	linklayout.go a link's text as laid out: lines, hidden parts, bidi
//	linkmark.go   the mark of a link's host (text_mismatch: mark), the reserved class
//	output.go     writing both forms: tags, escaping, word breaks
//	faithful.go   the two forms, and the follower that compares the
//	              policy stage's output with them
//	fragment.go   fragmentMark, which carries empty fragments through
//	report.go     Change and Action; reason.go, Reason; mailreason.go,
//	              the reasons of the mail settings
//	names.go      the element-name lookup table
//
// # Where caller code runs
//
// Everything of the caller's, the reader, the writer, the policy's hooks
// ([policy.Hooks]) and report, runs on the goroutine that called, in
// input order. A streamed document (over 256 KiB, or from a reader
// without a length) runs the bluemonday stage on a goroutine of the
// package's, which calls nothing of the caller's: its output is handed
// back and written on the caller's goroutine after each 32 KiB segment.
// That goroutine ends before the call returns, whether the call succeeds,
// fails or panics.
//
// A panic in caller code is not recovered: it goes on, with its own
// stack, to the caller's recover (net/http's, in a handler), as it would
// from any other function, and the call leaves nothing behind. Recovering
// it here and returning an error would hide a bug behind an error that
// reads like bad input, and would leave caller state that the panic cut
// short looking consistent. A panic in the package's own goroutine, a bug
// of its own or bluemonday's, is raised again on the caller's goroutine.
//
// [Options.Context] bounds a call's time: [SanitizeWith] and [StringWith]
// check the context before each read of at most 32 KiB, and so stop
// within that much more input with an error for which errors.Is(err,
// ctx.Err()) holds, never with partial output and a nil error.
//
// # Security considerations
//
// The guarantee is about the output's parse in a browser, in an HTML body
// context, in a UTF-8 page: no script element, no event handler, no
// javascript:, vbscript: or data: URL (but a raster image's in img and
// picture sources, under urls.data_images; nor any scheme outside the
// policy's list) in any attribute a browser fetches or follows, no base, meta,
// iframe srcdoc or SVG animation of links; no iframe unless the policy's
// embeds list hosts, and then only an https frame of one of them with the
// policy's sandbox (never top navigation, popups, dialogs or forms). The
// browser tests in
// browsertest run every corpus vector through each preset in Chromium and
// check that none executes.
//
// Not guaranteed: output inserted in another context (an attribute value,
// a script, a style element, a noscript or other raw-text element, foreign
// content, an XML document) is not safe; [HTML] says what that means for
// html/template. CSS in an allowed style attribute can still restyle or
// overlay the page; a link can still point at a harmful site, though
// never disguised (userinfo, encoded hosts and confusable hosts are
// refused or flagged by urlnorm).
//
// Containment: the output's elements stay inside the element the page
// places it in when that element admits flow content (a div, a list item,
// a cell); for a p, a heading, a link or a button, the policy must name
// it (container), or a block or a link in the output closes it. Under
// ids.prefix, ids and every attribute that names one (for, form, list,
// headers, popovertarget, aria-labelledby, ...) stay under the prefix, and
// a reference to an id the document does not define is removed, so the
// output binds to none of the page's elements; a streamed document keeps
// only references to ids defined before them.
//
// Raw-text elements (script, style, textarea, title, xmp, noscript, ...)
// are never allowed: a token stream cannot follow how browsers parse
// inside them (bluemonday CVE-2021-42576). Their content is dropped. An
// SVG animation a policy allows keeps its attributeName only for a
// harmless geometry or presentation attribute, and its values only then
// (animation.go). SVG and MathML elements a policy allows are kept only in
// the namespace the tree builder gives them on the output (integration
// points, breakout tags, annotation-xml encodings, mglyph and malignmark
// in text integration points: foreign.go), so no reading of the output
// puts an element in another namespace than the pass did (ammonia
// RUSTSEC-2021-0074, DOMPurify's namespace-confusion advisories).
// The one exception, an iframe of the policy's embeds, is kept only in
// HTML content and always without its content (embeds.go).
// A mail's <style> sheets (policy.Config.Document "wrap") are no
// exception: the pass takes their text out of the token stream, and
// internal/stylesheet writes a new sheet from what it parsed and checked,
// every selector under the wrapper's class, after the policy stage's
// output (maildocument.go). The wrapper clips what the mail draws;
// position: fixed and sticky, page-sized boxes and huge z-index are
// refused in sheets and style attributes alike, as are CSS anchor
// positioning and the other names the whole document shares
// (view-transition-name, timelines), which would let the page's own
// anchored UI move to the output or the output sit over the page.
//
// The top layer is outside every container: the attributes that put an
// element there (popover, popovertarget, popovertargetaction,
// interestfor, command but for close, request-close and hide-popover)
// are dropped, reported as [ReasonTopLayer], unless the policy sets
// allow_top_layer.
//
// Limits (input size, nesting depth, token size, attribute count and
// length) bound time and memory; exceeding the first three is a
// *[LimitError], the others drop what is over the limit.
package sanitize
