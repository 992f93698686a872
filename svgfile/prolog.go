package svgfile

import (
	"bytes"
	"strings"
)

// skipProlog returns the offset of the root element's "<": past a byte
// order mark, the XML declaration, comments, processing instructions,
// white space and a doctype without an internal subset (XML 1.0 §2.8).
func skipProlog(b []byte) (int, error) {
	i := 0
	if bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
		i = 3
	}
	for {
		i = skipSpace(b, i)
		rest := b[i:]
		var end int
		var err error
		switch {
		case hasPrefixFold(rest, "<?xml") && len(rest) > 5 && (isSpace(rest[5]) || rest[5] == '?'):
			end, err = xmlDeclEnd(b, i)
		case bytes.HasPrefix(rest, []byte("<?")):
			end, err = closeAt(b, i, "?>")
		case bytes.HasPrefix(rest, []byte("<!--")):
			end, err = closeAt(b, i, "-->")
		case hasPrefixFold(rest, "<!doctype"):
			end, err = doctypeEnd(b, i)
		default:
			return i, rootCheck(b, i)
		}
		if err != nil {
			return 0, err
		}
		i = end
	}
}

// rootCheck refuses a document whose root element is not svg.
func rootCheck(b []byte, i int) error {
	rest := b[i:]
	if hasPrefixFold(rest, "<svg") && (len(rest) == 4 || isSpace(rest[4]) || rest[4] == '>' || rest[4] == '/') {
		return nil
	}
	return &Error{Offset: i, Reason: ReasonNotSVG}
}

// closeAt returns the offset past the first close after b[i:], or a
// ReasonProlog error.
func closeAt(b []byte, i int, close string) (int, error) {
	j := bytes.Index(b[i+2:], []byte(close))
	if j < 0 {
		return 0, &Error{Offset: i, Reason: ReasonProlog}
	}
	return i + 2 + j + len(close), nil
}

// xmlDeclEnd returns the offset past the XML declaration at b[i:],
// refusing any encoding but UTF-8 (and its subset US-ASCII): the
// pipeline reads UTF-8 only.
func xmlDeclEnd(b []byte, i int) (int, error) {
	end, err := closeAt(b, i, "?>")
	if err != nil {
		return 0, err
	}
	decl := strings.ToLower(string(b[i:end]))
	k := strings.Index(decl, "encoding")
	if k < 0 {
		return end, nil
	}
	v := strings.TrimLeft(decl[k+len("encoding"):], " \t\r\n=")
	if v == "" || v[0] != '"' && v[0] != '\'' {
		return 0, &Error{Offset: i + k, Reason: ReasonEncoding}
	}
	v, _, _ = strings.Cut(v[1:], v[:1])
	if v != "utf-8" && v != "utf8" && v != "us-ascii" && v != "ascii" {
		return 0, &Error{Offset: i + k, Reason: ReasonEncoding}
	}
	return end, nil
}

// doctypeEnd returns the offset past the doctype at b[i:]. Its quoted
// public and system literals are skipped; a "[" outside them opens an
// internal subset, which is refused.
func doctypeEnd(b []byte, i int) (int, error) {
	for j := i + len("<!doctype"); j < len(b); j++ {
		switch c := b[j]; c {
		case '"', '\'':
			k := bytes.IndexByte(b[j+1:], c)
			if k < 0 {
				return 0, &Error{Offset: i, Reason: ReasonProlog}
			}
			j += 1 + k
		case '[':
			if bytes.Contains(b[j:], []byte("<!ENTITY")) {
				return 0, &Error{Offset: j, Reason: ReasonEntity}
			}
			return 0, &Error{Offset: j, Reason: ReasonInternalSubset}
		case '>':
			return j + 1, nil
		}
	}
	return 0, &Error{Offset: i, Reason: ReasonProlog}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// isSpace reports XML's S (XML 1.0 §2.3).
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// hasPrefixFold reports whether b starts with the lower-case ASCII
// prefix, in any case.
func hasPrefixFold(b []byte, prefix string) bool {
	return len(b) >= len(prefix) && strings.EqualFold(string(b[:len(prefix)]), prefix)
}
