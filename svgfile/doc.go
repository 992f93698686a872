// Package svgfile sanitises a standalone SVG document (an uploaded avatar,
// logo or diagram) and writes it back as a well-formed SVG file, to serve
// as image/svg+xml.
//
// [Clean] reads the prolog itself (an optional XML declaration, doctype,
// comments and processing instructions, none of which is kept), hands
// the root <svg> element to package sanitize under the caller's policy
// (usually [policy.SVGUpload]: the pass and the bluemonday stage, as for
// any HTML, with the SVG as foreign content), and writes what the policy
// kept as XML: attributes quoted, empty elements as "/>", names in their
// SVG case (viewBox, linearGradient), the SVG namespace on the root and
// the XLink one where an xlink: attribute remains, and an XML declaration
// always. Nothing is sanitised a second time here: this package only
// changes the serialisation.
//
// # Entities and the DTD
//
// No DTD is read or processed. The five XML entities and numeric
// references are decoded, and so are HTML's named ones (&nbsp;), as
// the HTML parser the pipeline uses decodes them; the output uses only
// &amp; &lt; &gt; &quot; and numeric references. A doctype with an
// internal subset is refused with an [*Error]: [ReasonEntity] when it
// declares entities (billion laughs, external SYSTEM entities: XXE), else
// [ReasonInternalSubset]. Refusing rather than dropping the references
// keeps a file from coming out silently different from what its author
// drew. An external DTD (the usual SVG 1.1 doctype) is never fetched; the
// doctype is dropped.
//
// # What the output holds
//
// Elements outside the SVG namespace left inside the root (HTML in an
// integration point such as <desc>, names with an undeclared prefix such
// as sodipodi:namedview) are left out with their content, and so are
// attributes with an undeclared prefix (inkscape:label), comments and
// whatever follows the root element: XML has no place for them or the
// file would need a namespace this package does not know to be safe.
// Characters XML 1.0 does not allow become U+FFFD.
//
// # Security considerations
//
// The guarantees are the policy's: with [policy.SVGUpload] no script,
// event handler, foreignObject, style sheet, external reference or
// javascript: URL survives, and same-document references (url(#g),
// href="#g") are kept together with the ids they name. Serve the result
// with Content-Type: image/svg+xml, X-Content-Type-Options: nosniff and a
// Content-Security-Policy of default-src 'none'; style-src 'unsafe-inline'
// (docs/svg.md says why), so that a file opened on its own can load and
// run nothing even if a later policy change let something through.
//
// # Where each step lives
//
//	svgfile.go  the entry points, Error and its reasons
//	prolog.go   the prolog: XML declaration, doctype, comments, PIs
//	xml.go      the sanitised tree written as XML
package svgfile
