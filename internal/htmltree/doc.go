// Package htmltree follows the tree a browser builds from a sanitiser's
// output (WHATWG HTML §13.2.6, tree construction), as far as it decides
// where each tag lands: the stack of open elements, with the indices of
// the scopes, fences, links, markers and templates the rules look up, the
// insertion mode, and the namespace of each start tag.
//
// A [Builder] never writes output and never reads a policy. Its caller
// asks where a tag lands and acts on the answer: the frames to close
// (each rule that closes answers with a depth, and the caller writes an
// end tag for every frame above it), the elements a browser implies
// ([TableRule]), whether the tag is placed, its namespace
// ([Builder.StartNS]) and its insertion mode ([Builder.Mode]). The
// caller numbers the names it looks up (slots), so that
// [Builder.LastOpen] finds the innermost open element of a name in O(1).
//
// The caller writes an explicit end tag for every element a browser
// would close by itself, so that the browser's stack of open elements
// stays the builder's; where the browser would ignore a tag, move it
// (foster parenting) or take an element off the stack from the middle
// (the adoption agency), the caller drops the tag instead, or cuts the
// element where it can tell the agency's result ([Builder.Cut]).
//
// # What it does not model
//
// The builder follows the stack of a document's body as a caller that
// closes every element explicitly sees it; the html5lib tree-construction
// tests check it (TestHTML5Lib) on every document whose tree that
// decides, and skip the others, counting why:
//   - the document level: doctype, html, head, body and frameset, what
//     goes in the head, comments outside the body, fragments;
//   - foster parenting: content misplaced in a table, which the caller
//     drops;
//   - the adoption agency beyond a formatting element with no special
//     element inside it, and nested links past one;
//   - reconstructing the active formatting elements, and Noah's Ark: the
//     caller closes a formatting element with an end tag, and the browser
//     reopens nothing of it;
//   - select, plaintext, isindex: insertion modes and rules of their
//     own;
//   - end tags whose rules take an element off the stack from the middle
//     or make one (</form>, </p>, </br>), and those the browser ignores
//     past a special element, which the builder closes;
//   - where it closes more than a browser, which an explicit end tag makes
//     the browser follow: an item past a special element, a <p> before a
//     table in quirks mode, ruby parts without a ruby, any <font> in
//     foreign content, a scope that stops at a button or an SVG or MathML
//     element.
package htmltree
