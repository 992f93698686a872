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
package htmltree
