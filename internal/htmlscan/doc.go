// Package htmlscan tokenizes an HTML document held in memory exactly as
// golang.org/x/net/html's Tokenizer does, at a fraction of its cost.
//
// A [Scanner] gives the same tokens as an [html.Tokenizer] reading the same
// bytes: the same token types, the same Raw bytes, the same tag names,
// attribute keys and values, text and errors, in raw-text, RCDATA, script
// data and PLAINTEXT content, in comments, bogus comments, doctypes and
// (with [Scanner.AllowCDATA]) CDATA sections, with NUL bytes and invalid
// UTF-8, and with [Scanner.SetMaxBuf] limits. That equivalence, not the
// WHATWG HTML standard, is the contract: a pass that swaps one for the
// other must see the same spans. The differential fuzz target
// FuzzDifferential and the html5lib tokenizer tests check it.
//
// It is faster because the document is already in memory: Raw is a
// subslice of the document, text, comments and raw text are skipped with
// bytes.IndexByte, and attributes are decoded (and duplicates dropped) only
// when [Scanner.TagAttr] asks for them. A Scanner that is [Scanner.Reset]
// for each document allocates nothing for documents like the ones before.
//
// # Differences from html.Tokenizer
//
// The slices a Scanner returns may alias the document, so callers must not
// modify them; they stay valid until the next call to [Scanner.Next].
// The Scanner never modifies the document (Tokenizer.Text decodes in place,
// under Raw). There is no io.Reader, Buffered or Token.
package htmlscan
