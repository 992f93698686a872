package sanitize

import (
	"bytes"
	"unicode/utf8"
)

// comment writes a comment token the policy keeps (comments: true), in
// both forms as appendComment writes it. A comment inside what is
// dropped, or inside an iframe, goes with it; a comment opens no
// formatting element again (the tree builder inserts it at the current
// node, HTML §13.2.6.4.7 "A comment token"). A comment the policy does
// not keep, or one in an element whose content is kept as text only
// (titleText), is reported and dropped.
func (s *pass) comment() {
	switch {
	case s.drop.skip != "" || s.inEmbed():
		return
	case !s.r.Comments, piLike(s.in.z.Raw()), titleText(&s.tree):
		s.change(Change{Element: "#comment", Action: RemovedComment, Reason: ReasonNotAllowed})
		return
	}
	plain := plainComment(s.in.z.Raw())
	text := s.in.z.Text()
	if !utf8.Valid(text) {
		text = bytes.ToValidUTF8(text, []byte("\uFFFD"))
		s.change(Change{Element: "#comment", Action: ReencodedText, Reason: ReasonInvalidUTF8})
	}
	var changed bool
	s.out.tagBuf, changed = appendComment(s.out.tagBuf[:0], text)
	if changed {
		s.change(Change{Element: "#comment", Action: ReencodedText, Reason: ReasonMarkupChar})
	}
	if !plain {
		s.change(Change{Element: "#comment", Action: RewroteTag, Reason: ReasonCommentForm})
	}
	s.out.dst.f.Write(s.out.tagBuf)
	s.out.dst.c.Write(s.out.tagBuf)
	s.out.hazard, s.out.run = noHazard, 0
}

// piLike reports whether raw, a comment token as written, is "<?...":
// x/net/html reads it as a bogus comment, but a browser that parses
// processing instructions in HTML (Chromium 156: "<?x y?>" is a
// ProcessingInstruction node, "<?xml ...?>" still a comment) makes most
// of them one, which a SanitizerConfig keeps only by its target.
// htmlclean keeps none, and so none of these comments either.
func piLike(raw []byte) bool { return len(raw) > 1 && raw[0] == '<' && raw[1] == '?' }

// plainComment reports whether raw, a comment token as written, is in
// the form appendComment writes: "<!--", at least one byte that is not
// part of the opening, "-->" (an abrupt "<!-->" or "<!--->" is not).
func plainComment(raw []byte) bool {
	return len(raw) >= 7 && bytes.HasPrefix(raw, []byte("<!--")) && bytes.HasSuffix(raw, []byte("-->"))
}

// appendComment appends "<!--", data and "-->" to dst, changing data
// where it must so that a browser reads back one comment holding exactly
// the data written, and x/net/html, reading it back, writes it unchanged
// (the policy stage's Token.String; idempotence). It reports whether it
// changed data.
//
// data is the tokenizer's comment text: newlines normalised, NUL as
// U+FFFD, character references decoded (x/net/html decodes them in
// comments, and writes "&" back as "&amp;", where a browser reads
// comment text as written). So:
//
//   - "&" becomes U+FFFD: no character reference can be written in a
//     comment, and a bare "&" would not survive the policy stage;
//   - ">" at the start of data, or after "-" or "!", gets a space before
//     it: "<!-->" and "<!--->" end the comment at once (abrupt closing of
//     empty comment), "-->" and "--!>" end it (HTML §13.2.5.43 to
//     §13.2.5.52, comment start and comment end states), and x/net/html
//     escapes exactly these ">" (escapeComment).
//
// Nothing else can end a comment early: "--" alone, "<!--" inside one (a
// nested-comment parse error) and a data ending in "-", "--", "--!" or
// "<!-" are read back unchanged, as the comment tests' re-parses check.
func appendComment(dst, data []byte) ([]byte, bool) {
	dst = append(dst, "<!--"...)
	changed := false
	for i, c := range data {
		switch {
		case c == '&':
			dst = append(dst, "\uFFFD"...)
			changed = true
			continue
		case c == '>' && (i == 0 || data[i-1] == '-' || data[i-1] == '!'):
			dst = append(dst, ' ')
			changed = true
		}
		dst = append(dst, c)
	}
	return append(dst, "-->"...), changed
}
