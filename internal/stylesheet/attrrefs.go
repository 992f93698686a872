package stylesheet

import (
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
)

// Refs writes the same-document references of a checked CSS value under
// the caller's id prefix: "url(#g)" in an SVG presentation attribute
// (fill, stroke, clip-path, mask, filter, marker-*) or a style names the
// element with id g, which the prefix renamed, so unprefixed it would
// paint with the page's own gradient or clip by the page's own path. A
// reference is rewritten only in the plain form authors and tools write,
// url(#name) or url("#name") with a name of letters, digits, "-" and
// "_"; any other spelling of one drops the value (ok false), so no
// reference leaves the prefix (prefix: the id an id is written as, or
// false if it goes). changed says a reference was rewritten. v has
// passed [Check] or [Filter]: its url tokens are canonical and escaped
// url functions are refused. It reads v as written, not preprocessed.
func Refs(v string, prefix func(id string) (string, bool)) (out string, changed, ok bool) {
	if !strings.Contains(v, "#") {
		return v, false, true
	}
	lex := css.NewLexer(parse.NewInputString(v))
	var b strings.Builder
	for {
		tt, raw := lex.Next()
		if tt == css.ErrorToken {
			break
		}
		if tt != css.URLToken {
			b.Write(raw)
			continue
		}
		u := URLValue(raw)
		if !strings.HasPrefix(u, "#") {
			b.Write(raw)
			continue
		}
		id, ok := prefix(u[1:])
		if !ok || !plainRef(u[1:]) {
			return "", false, false
		}
		if id != u[1:] {
			changed = true
		}
		b.WriteString("url(#")
		b.WriteString(id)
		b.WriteString(")")
	}
	if !changed {
		return v, false, true
	}
	return b.String(), true, true
}

// plainRef reports whether id is written with ASCII letters, digits, "-"
// and "_" only, so that url(#id) needs neither quotes nor escapes.
func plainRef(id string) bool {
	if id == "" || '0' <= id[0] && id[0] <= '9' || id[0] == '-' {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
