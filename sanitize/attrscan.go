package sanitize

import "bytes"

// rawAttr is an attribute as scanAttrs found it in a start tag's raw
// bytes: its lower-cased name, its value, and the whole "name=value" text
// as written (which can be copied to the output unchanged).
type rawAttr struct {
	key, val, text []byte
}

// scanAttrs reads the attributes of the start tag raw ("<name ...>")
// exactly as x/net/html's Tokenizer.readTag does (HTML §13.2.5.32–.39):
// the tag name runs to whitespace, "/" or ">"; an attribute name to
// whitespace, "/", ">" or "=" (a leading "=" belongs to the name); a
// value is quoted, or runs to whitespace or ">"; a repeated name (ASCII
// case-folded) is ignored. It does not decode anything, so it reports
// ok = false for a tag holding "&" (character references), "\r" (newline
// normalisation) or NUL (replacement), which Tokenizer.TagAttr must read.
// FuzzAttrScan checks that it agrees with TagAttr on everything else.
//
// It exists because TagAttr copies every name and value (x/net/html
// v0.62 replaces NUL bytes with bytes.ReplaceAll, which always copies):
// the pass reads attributes of most tags on the hot path.
func scanAttrs(raw []byte, dst []rawAttr, keys *[]byte) ([]rawAttr, bool) {
	if bytes.IndexByte(raw, '&') >= 0 || bytes.IndexByte(raw, '\r') >= 0 || bytes.IndexByte(raw, 0) >= 0 {
		return dst, false
	}
	*keys = (*keys)[:0]
	n := len(raw)
	i := 1
	for i < n && !tagNameEnds[raw[i]] {
		i++
	}
	i = skipSpace(raw, i)
	for i < n && raw[i] != '>' {
		start := i
		if raw[i] == '=' {
			i++ // a leading "=" is part of the name
		}
		for i < n && !attrNameEnds[raw[i]] {
			i++
		}
		keyEnd := i
		var val []byte
		end := i
		if j := skipSpace(raw, i); j < n && raw[j] == '/' {
			i = j + 1 // the "/" is consumed; the value is empty
		} else if j < n && raw[j] == '=' {
			j = skipSpace(raw, j+1)
			switch {
			case j >= n || raw[j] == '>':
				i = j
			case raw[j] == '"' || raw[j] == '\'':
				k := n
				if e := bytes.IndexByte(raw[j+1:], raw[j]); e >= 0 {
					k = j + 1 + e
				}
				val = raw[j+1 : k]
				i, end = min(k+1, n), min(k+1, n)
			default:
				k := j
				for k < n && !unquotedEnds[raw[k]] {
					k++
				}
				val = raw[j:k]
				i, end = k, k
				if k < n && spaces[raw[k]] {
					i = k + 1
				}
			}
		} else {
			i = j
		}
		if keyEnd > start {
			key := lowerInto(keys, raw[start:keyEnd])
			if !seenKey(dst, key) {
				dst = append(dst, rawAttr{key: key, val: val, text: raw[start:end]})
			}
		}
		i = skipSpace(raw, i)
	}
	return dst, true
}

// attrNameEnds end an attribute name: whitespace, "/", ">", "=".
var attrNameEnds = [256]bool{' ': true, '\n': true, '\r': true, '\t': true, '\f': true, '/': true, '>': true, '=': true}

// unquotedEnds end an unquoted attribute value: whitespace, ">".
var unquotedEnds = [256]bool{' ': true, '\n': true, '\r': true, '\t': true, '\f': true, '>': true}

// spaces are HTML's ASCII whitespace.
var spaces = [256]bool{' ': true, '\n': true, '\r': true, '\t': true, '\f': true}

func skipSpace(b []byte, i int) int {
	for i < len(b) && spaces[b[i]] {
		i++
	}
	return i
}

// lowerInto returns b with ASCII upper case folded: b itself when it has
// none, otherwise a copy appended to *keys.
func lowerInto(keys *[]byte, b []byte) []byte {
	upper := false
	for _, c := range b {
		upper = upper || 'A' <= c && c <= 'Z'
	}
	if !upper {
		return b
	}
	start := len(*keys)
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		*keys = append(*keys, c)
	}
	return (*keys)[start:len(*keys):len(*keys)]
}

func seenKey(attrs []rawAttr, key []byte) bool {
	for _, a := range attrs {
		if bytes.Equal(a.key, key) {
			return true
		}
	}
	return false
}
