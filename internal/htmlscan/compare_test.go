package htmlscan

import (
	"bytes"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// tokenizer is what the comparison calls on an html.Tokenizer and a
// Scanner alike.
type tokenizer interface {
	Next() html.TokenType
	Raw() []byte
	TagName() ([]byte, bool)
	TagAttr() ([]byte, []byte, bool)
	Text() []byte
	Err() error
	SetMaxBuf(int)
	AllowCDATA(bool)
	NextIsNotRawText()
}

var (
	_ tokenizer = (*html.Tokenizer)(nil)
	_ tokenizer = (*Scanner)(nil)
)

// token is everything a tokenizer says about one token.
type token struct {
	Type       html.TokenType
	Raw        string
	Name       string
	NameNil    bool
	HasAttr    bool
	Attrs      []attr
	Text       string
	TextNil    bool
	TextAgain  string // a second call to Text
	Err        error
	AfterName2 string // a second call to TagName
}

type attr struct {
	Key, Val     string
	More, KeyNil bool
}

// Modes of a comparison, as bits: how the caller drives the tokenizer.
const (
	modeCDATA       = 1 << iota // AllowCDATA(true) from the start
	modeToggleCDATA             // flip AllowCDATA before every other token
	modeNotRaw                  // NextIsNotRawText after every third token
	modeAttrFirst               // TagAttr before TagName
	modeNoAccessors             // only Next and Raw
)

// collect drives t over a document of n bytes in the given mode and
// records every token up to and including the ErrorToken.
func collect(tb testing.TB, t tokenizer, n, maxBuf int, mode uint8) []token {
	t.SetMaxBuf(maxBuf)
	t.AllowCDATA(mode&modeCDATA != 0)
	var toks []token
	for i := 0; ; i++ {
		if mode&modeToggleCDATA != 0 {
			t.AllowCDATA((i%2 == 1) != (mode&modeCDATA != 0))
		}
		tok := token{Type: t.Next(), Raw: string(t.Raw())}
		var spans []AttrSpan
		spanned := false
		if z, ok := t.(*Scanner); ok {
			// Before TagName and TagAttr, which drop repeated keys.
			spans, spanned = z.AttrSpans(nil)
		}
		if mode&modeNoAccessors == 0 {
			if mode&modeAttrFirst != 0 {
				tok.Attrs = attrs(t)
			}
			name, has := t.TagName()
			tok.Name, tok.NameNil, tok.HasAttr = string(name), name == nil, has
			if mode&modeAttrFirst == 0 {
				tok.Attrs = attrs(t)
			}
			name, _ = t.TagName()
			tok.AfterName2 = string(name)
			text := t.Text()
			tok.Text, tok.TextNil = string(text), text == nil
			tok.TextAgain = string(t.Text())
			if spanned {
				checkSpans(tb, []byte(tok.Raw), spans, tok.Attrs)
			}
		}
		tok.Err = t.Err()
		if mode&modeNotRaw != 0 && i%3 == 0 {
			t.NextIsNotRawText()
		}
		toks = append(toks, tok)
		if tok.Type == html.ErrorToken {
			return toks
		}
		if i > n+2 {
			tb.Fatalf("more than %d tokens from %d bytes", i, n)
		}
	}
}

// attrs calls TagAttr until it says there are no more, and once more.
func attrs(t tokenizer) []attr {
	var as []attr
	for last := false; ; {
		k, v, more := t.TagAttr()
		as = append(as, attr{string(k), string(v), more, k == nil})
		if last {
			return as
		}
		last = !more
	}
}

// checkSpans fails tb unless the attribute places AttrSpans gave for the
// tag raw read, once repeated keys are dropped (ASCII case folded, the
// first kept), as the keys and values TagAttr returned: keys in lower
// case, and values as written where there is nothing to decode.
func checkSpans(tb testing.TB, raw []byte, spans []AttrSpan, as []attr) {
	tb.Helper()
	var kept []AttrSpan
next:
	for _, sp := range spans {
		for _, k := range kept {
			if a, b := raw[k.KeyStart:k.KeyEnd], raw[sp.KeyStart:sp.KeyEnd]; len(a) == len(b) && asciiFold(a, b) {
				continue next
			}
		}
		kept = append(kept, sp)
	}
	as = slices.DeleteFunc(slices.Clone(as), func(a attr) bool { return a.KeyNil })
	if len(kept) != len(as) {
		tb.Fatalf("%q: AttrSpans gives %d attributes once repeats are dropped, TagAttr %d", raw, len(kept), len(as))
	}
	for i, sp := range kept {
		key, val := raw[sp.KeyStart:sp.KeyEnd], raw[sp.ValStart:sp.ValEnd]
		lower := make([]byte, len(key))
		for j, c := range key {
			lower[j] = lowerByte(c)
		}
		if string(lower) != as[i].Key && bytes.IndexByte(key, 0) < 0 {
			tb.Fatalf("%q: attribute %d: AttrSpans key %q, TagAttr %q", raw, i, key, as[i].Key)
		}
		if !bytes.ContainsAny(val, "&\r\x00") && string(val) != as[i].Val {
			tb.Fatalf("%q: attribute %d: AttrSpans value %q, TagAttr %q", raw, i, val, as[i].Val)
		}
	}
}

// compare fails tb unless a Scanner tokenizes doc as an html.Tokenizer
// does; z, if not nil, is a Scanner to reuse. It also checks that the
// Scanner leaves doc alone.
func compare(tb testing.TB, z *Scanner, doc []byte, maxBuf int, mode uint8) {
	tb.Helper()
	want := collect(tb, html.NewTokenizer(bytes.NewReader(doc)), len(doc), maxBuf, mode)
	orig := bytes.Clone(doc)
	if z == nil {
		z = New(doc)
	} else {
		z.Reset(doc)
	}
	got := collect(tb, z, len(doc), maxBuf, mode)
	if !slices.EqualFunc(want, got, equalToken) {
		diff := cmp.Diff(want, got, cmp.Comparer(func(a, b error) bool { return a == b }))
		tb.Fatalf("Scanner(%q, maxBuf %d, mode %#x) mismatch (-Tokenizer +Scanner):\n%s", doc, maxBuf, mode, diff)
	}
	if !bytes.Equal(doc, orig) {
		tb.Fatalf("Scanner(%q) modified the document to %q", orig, doc)
	}
}

// equalToken is a == b, the errors by identity; cmp.Diff is slow.
func equalToken(a, b token) bool {
	return a.Type == b.Type && a.Raw == b.Raw && a.Name == b.Name && a.NameNil == b.NameNil &&
		a.HasAttr == b.HasAttr && slices.Equal(a.Attrs, b.Attrs) && a.Text == b.Text &&
		a.TextNil == b.TextNil && a.TextAgain == b.TextAgain && a.Err == b.Err && a.AfterName2 == b.AfterName2
}
