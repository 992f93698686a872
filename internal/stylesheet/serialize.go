package stylesheet

import (
	"strings"

	"github.com/tdewolff/parse/v2/css"

	"github.com/htmlclean/htmlclean/internal/ascii"
)

// valueWriter re-serialises the tokens of a value or media query. Tokens
// are separated by one space except after "(" and before ")" and ",", so
// that no two tokens can run together into a different one ("/" and "*"
// into a comment, a number and an ident into a dimension).
type valueWriter struct {
	b     strings.Builder
	depth int
	sep   bool // a token was written that the next must be parted from
	o     *Options
	media bool // a media query: no strings, URLs or functions; colons allowed
}

// writeValue checks and serialises vals (o is nil for a media query).
func writeValue(vals []css.Token, o *Options, media bool) (string, Reason, bool) {
	w := valueWriter{o: o, media: media}
	for _, t := range vals {
		if r, ok := w.token(t); !ok {
			return "", r, false
		}
	}
	if w.depth != 0 {
		return "", ReasonValue, false // an unclosed "(" would swallow what follows
	}
	return w.b.String(), 0, w.b.Len() > 0
}

// mediaQuery checks and serialises an @media prelude: media types,
// features and numbers; no range syntax ("<" would be written out).
func mediaQuery(prelude []css.Token) (string, bool) {
	q, _, ok := writeValue(prelude, nil, true)
	return q, ok
}

func (w *valueWriter) space() {
	if w.sep {
		w.b.WriteByte(' ')
	}
	w.sep = true
}

// token writes one token; the second result is false if it is refused.
func (w *valueWriter) token(t css.Token) (Reason, bool) {
	data := string(t.Data)
	switch t.TokenType {
	case css.WhitespaceToken:
		return 0, true
	case css.IdentToken:
		name := decode(data, false)
		if ascii.Lower(name) == "expression" {
			return ReasonScript, false // old IE also read "expression (…)"
		}
		w.space()
		writeIdent(&w.b, name)
	case css.NumberToken, css.PercentageToken:
		if strings.Trim(data, "0123456789.eE+-%") != "" {
			return ReasonValue, false
		}
		w.space()
		w.b.WriteString(data)
	case css.DimensionToken:
		num, unit, ok := splitDimension(data)
		if !ok || strings.Trim(num, "0123456789.eE+-") != "" {
			return ReasonValue, false
		}
		w.space()
		w.b.WriteString(num + unit)
	case css.CommaToken, css.ColonToken:
		if t.TokenType == css.ColonToken && !w.media {
			return ReasonValue, false
		}
		w.b.WriteByte(t.Data[0])
		w.sep = true
	case css.LeftParenthesisToken:
		w.space()
		w.b.WriteByte('(')
		w.depth++
		w.sep = false
	case css.RightParenthesisToken:
		if w.depth == 0 {
			return ReasonValue, false
		}
		w.depth--
		w.b.WriteByte(')')
		w.sep = true
	default:
		return w.other(t)
	}
	return 0, true
}

// other writes delimiters, hashes, strings, URLs and functions.
func (w *valueWriter) other(t css.Token) (Reason, bool) {
	data := string(t.Data)
	switch t.TokenType {
	case css.DelimToken:
		if strings.IndexByte("/+-*", data[0]) < 0 || w.media && data[0] != '/' {
			return ReasonValue, false
		}
		w.space()
		w.b.WriteByte(data[0])
	case css.HashToken:
		if w.media {
			return ReasonMediaQuery, false
		}
		w.space()
		w.b.WriteByte('#')
		writeName(&w.b, decode(data[1:], false))
	case css.StringToken:
		if w.media {
			return ReasonMediaQuery, false
		}
		w.space()
		writeString(&w.b, decodeString(data))
	case css.URLToken:
		return w.url(decodeURL(data))
	case css.FunctionToken:
		return w.function(lowerName(t.Data, 0))
	default:
		return ReasonValue, false // bad strings and URLs, brackets, braces, "!", CDO, CDC
	}
	return 0, true
}

// url writes url("…") with what Options.URL made of raw.
func (w *valueWriter) url(raw string) (Reason, bool) {
	if w.media || w.o.URL == nil {
		return ReasonURL, false
	}
	u, ok := w.o.URL(raw)
	if !ok {
		return ReasonURL, false
	}
	w.space()
	w.b.WriteString("url(")
	writeString(&w.b, u)
	w.b.WriteByte(')')
	return 0, true
}

// function writes an allowed function's name and "(".
func (w *valueWriter) function(name string) (Reason, bool) {
	switch {
	case name == "expression":
		return ReasonScript, false
	case w.media || !functions[name]:
		return ReasonFunction, false
	}
	w.space()
	w.b.WriteString(name + "(")
	w.depth++
	w.sep = false
	return 0, true
}
