package sanitize

import (
	"errors"
	"strings"
)

// output is the part of the pass that writes: the document's two forms
// (faithful.go says what each holds), where tokens go now, and what the
// faithful form's next bytes must not join.
type output struct {
	main  twin         // the document's two forms
	dst   twin         // where tokens go now: main, or the held link's
	flush func() error // hands main on as a segment, when streaming
	seg   int          // the size at which main is flushed
	werr  error
	// maxToken is the policy's max_token_bytes: a tag written anew as long
	// (escapes, rel, a wrapper's style), or a text run the faithful form
	// ends in as long (escapes, texts joined where the pass dropped what
	// was between them), sets werr to errTokenGrew.
	maxToken int
	run      int // the faithful length of the text the faithful form ends in

	hazard hazard // how the faithful form's last text could join the next
	gap    byte   // what dropped elements left between texts (wordBreak), or 0
	last1  byte   // the last byte of text written, or 0
	marked bool   // fragmentMark was written since the last segment
	endRaw []byte // the end tag being matched, as written, or nil
	endLen int    // the faithful length of the last end tag written

	tagBuf []byte // a tag or escaped text being written (faithful)
	lastF  []byte // the faithful form of the last tag writeTag wrote
	cBuf   []byte // a tag being written (canonical)
}

// reset starts writing a document to out.
func (o *output) reset(out twin) {
	o.main, o.dst, o.werr = out, out, nil
	o.flush, o.seg = nil, 0
	o.hazard, o.endRaw, o.marked, o.run = 0, nil, false, 0
	o.gap, o.last1 = 0, 0
}

// release lets go of the forms and the flush.
func (o *output) release() {
	o.flush, o.main, o.dst, o.endRaw, o.lastF = nil, twin{}, twin{}, nil, nil
}

// oversized reports whether a hostile document grew a buffer past what a
// pooled pass keeps.
func (o *output) oversized() bool {
	return cap(o.tagBuf) > maxPooledBytes || cap(o.cBuf) > maxPooledBytes
}

// writeString writes markup to both forms.
func (o *output) writeString(str string) {
	o.dst.f.WriteString(str)
	o.dst.c.WriteString(str)
	o.hazard, o.run = noHazard, 0
}

// writeTag writes a start tag, tag as written, with attrs: in the faithful
// form as written if asRaw, or else with each attribute as written where
// it is unchanged and escaped where it is new; in the canonical form as
// x/net/html's Token.String writes it. foreign says it is an SVG
// element, whose name, written anew, keeps its case (writtenName).
// selfClosing says the faithful form ends in "/>" as x/net/html reads it. Both forms carry fragmentMark after
// each empty fragment, inside the value (see fragmentMark).
func (o *output) writeTag(name string, attrs []attr, tag []byte, selfClosing, asRaw, foreign bool) {
	c := append(o.cBuf[:0], '<')
	c = append(c, name...)
	marks := false
	for _, a := range attrs {
		c = append(c, ' ')
		c = append(c, a.key...)
		c = append(c, '=', '"')
		if a.stage != "" {
			c = appendEscaped(c, a.stage)
		} else {
			c = appendEscaped(c, a.val)
		}
		if a.mark {
			c = append(c, fragmentMark...)
			marks = true
		}
		c = append(c, '"')
	}
	if selfClosing {
		c = append(c, '/')
	}
	o.cBuf = append(c, '>')
	o.dst.c.Write(o.cBuf)
	o.hazard, o.run = noHazard, 0
	o.marked = o.marked || marks
	switch {
	case asRaw && !marks:
		o.dst.f.Write(tag)
		o.lastF = tag
	case asRaw:
		b, last := o.tagBuf[:0], 0
		for _, a := range attrs {
			if a.mark {
				b = append(b, tag[last:a.valEnd]...)
				b = append(b, fragmentMark...)
				last = a.valEnd
			}
		}
		o.tagBuf = append(b, tag[last:]...)
		o.dst.f.Write(o.tagBuf)
		o.lastF = o.tagBuf
	case foreign:
		o.writeTagAnew(name, writtenName(name, tag), attrs, selfClosing)
		o.lastF = o.tagBuf
	default:
		o.writeTagAnew(name, nil, attrs, selfClosing)
		o.lastF = o.tagBuf
	}
}

// err returns the error that stopped the output: the writer's, a
// limit's, or, for a token that grew past max_token_bytes, the limit's
// error where in read it.
func (o *output) err(in *input) error {
	if o.werr == errTokenGrew {
		in.locate()
		return &LimitError{Limit: "max_token_bytes", Value: int64(o.maxToken), Line: in.line, Column: in.col}
	}
	return o.werr
}

// errTokenGrew is the error a pass returns (as a [LimitError]) for a tag
// or a text run it would write as long as max_token_bytes allows no
// token to be: its output would be refused when sanitised again. A token
// as written is shorter than the limit, or the tokenizer would have
// refused it.
var errTokenGrew = errors.New("a token written grew past max_token_bytes")

// writtenName returns the tag name as tag, the start tag as written,
// spells it, if it is name in another case, or else nil: a start tag written anew
// keeps it, so that it agrees with its end tag, which the faithful form
// keeps as written (<textPath …>…</textPath>, not <textpath …>…
// </textPath>). A browser lower-cases both and then adjusts an SVG
// element's name to its camel case (HTML §13.2.6.5), so either spelling
// builds the same element; only a reader or a tool that reads the output
// as XML sees the difference.
func writtenName(name string, tag []byte) []byte {
	if len(tag) <= len(name)+1 || tag[0] != '<' || !tagNameEnds[tag[len(name)+1]] {
		return nil
	}
	w := tag[1 : len(name)+1]
	for i := range w {
		if w[i]|0x20 != name[i]|0x20 {
			return nil
		}
	}
	return w
}

// writeTagAnew writes a start tag the pass changed in the faithful form,
// named as written if written is not nil (see writtenName):
// each attribute as written where it is unchanged, escaped where it is
// new, with fragmentMark after each empty fragment.
func (o *output) writeTagAnew(name string, written []byte, attrs []attr, selfClosing bool) {
	b := append(o.tagBuf[:0], '<')
	if written != nil {
		b = append(b, written...)
	} else {
		b = append(b, name...)
	}
	for _, a := range attrs {
		b = append(b, ' ')
		switch {
		case a.text != "" && a.mark:
			// As written, with the mark where the value ends.
			at := a.valEnd - a.start
			b = append(b, a.text[:at]...)
			b = append(b, fragmentMark...)
			b = append(b, a.text[at:]...)
		case a.text != "":
			// As written: a browser reads it as the pass did, since
			// attrScan.scan reads it as the tokenizer does.
			b = append(b, a.text...)
		default:
			b = append(b, a.key...)
			b = append(b, '=', '"')
			b = appendEscaped(b, a.val)
			if a.mark {
				b = append(b, fragmentMark...)
			}
			b = append(b, '"')
		}
	}
	if selfClosing {
		if n := len(attrs); n > 0 && attrs[n-1].unquotedEnd() {
			b = append(b, ' ') // or the "/" would join an unquoted value
		}
		b = append(b, '/')
	}
	o.tagBuf = append(b, '>')
	o.dst.f.Write(o.tagBuf)
	if len(o.tagBuf) >= o.maxToken && o.werr == nil {
		o.werr = errTokenGrew
	}
}

// unquotedEnd reports whether the attribute is written as it was, ending
// in an unquoted value or a bare name: a "/" right after it would be read
// as part of it ("x=0/" is the value "0/").
func (a attr) unquotedEnd() bool {
	return a.text != "" && a.valEnd-a.start == len(a.text)
}

// separate writes the gap a dropped element left, before text starting
// with first, if the texts either side would otherwise run together.
func (s *pass) separate(first byte) {
	if s.out.last1 != 0 && !htmlSpace[s.out.last1] && !htmlSpace[first] {
		sep := " \n"[s.out.gap-1 : s.out.gap]
		s.writeTextF([]byte(sep))
		s.out.dst.c.WriteString(sep)
	}
	s.out.gap = 0
}

// wordBreak is what separates the text either side of an element in a
// browser's innerText (HTML §3.2.7.2, "rendered text collection steps")
// with the default style sheet (§15.3): a line break (2) for <br>,
// block-level elements and table rows, a space (1) for a table cell; max
// keeps the stronger.
var wordBreak = newNameMap(func() (m map[string]byte) {
	m = map[string]byte{"td": 1, "th": 1}
	for _, n := range strings.Fields(`address article aside blockquote body br caption center dd details
		dialog dir div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup
		hr html legend li listing main menu nav ol p plaintext pre search section summary table tbody
		tfoot thead tr ul xmp`) {
		m[n] = 2
	}
	return m
}())

// htmlSpace are HTML's ASCII whitespace bytes.
var htmlSpace = [256]bool{' ': true, '\t': true, '\n': true, '\f': true, '\r': true}

// appendEscaped appends v escaped for text or a double-quoted attribute,
// as x/net/html's EscapeString does, and with NUL as U+FFFD (browsers
// show it so; x/net/html keeps it).
func appendEscaped(b []byte, v string) []byte {
	last := 0
	for i := 0; i < len(v); i++ {
		i += plainValue(v[i:])
		if i == len(v) {
			break
		}
		b = append(b, v[last:i]...)
		b = append(b, escapes[v[i]]...)
		last = i + 1
	}
	return append(b, v[last:]...)
}

// escaped are the bytes appendEscaped escapes.
var escaped = [256]uint8{'&': 1, '"': 1, '\'': 1, '<': 1, '>': 1, '\r': 1, 0: 1}

// plainValue returns how many bytes at the start of v are not escaped.
// It is the loop most bytes of a document go through (text and attribute
// values): eight bytes a step, on a table of 0 and 1, in registers (not
// inlined: in a larger function the loop loses them to spills).
//
//go:noinline
func plainValue(v string) int {
	n := len(v)
	for len(v) >= 8 {
		if escaped[v[0]]|escaped[v[1]]|escaped[v[2]]|escaped[v[3]]|
			escaped[v[4]]|escaped[v[5]]|escaped[v[6]]|escaped[v[7]] != 0 {
			break
		}
		v = v[8:]
	}
	for len(v) > 0 && escaped[v[0]] == 0 {
		v = v[1:]
	}
	return n - len(v)
}

// escapes are what appendEscaped writes for the bytes it escapes.
var escapes = [256]string{'&': "&amp;", '"': "&#34;", '\'': "&#39;", '<': "&lt;", '>': "&gt;", '\r': "&#13;", 0: "\uFFFD"}
