package rules

import (
	_ "embed"
	"slices"
	"strings"
)

// clobberNamesText is the property names, one a line ("#" lines are
// comments), of the objects an element's id or name adds named
// properties to: window, document, HTMLFormElement and the collections a
// repeated name gives, own and inherited, as Chromium enumerates them
// (browsertest TestClobberNamesCurrent writes the file and fails when
// Chromium has a name it lacks).
//
//go:embed clobber-names.txt
var clobberNamesText string

// clobberNames are those names in ASCII lower case, for Clobbers, and
// clobberMaxLen the longest: a longer value matches none.
var clobberNames, clobberMaxLen = func() (map[string]struct{}, int) {
	m := map[string]struct{}{}
	n := 0
	for _, line := range strings.Split(clobberNamesText, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		m[strings.ToLower(line)] = struct{}{}
		n = max(n, len(line))
	}
	return m, n
}()

// ClobberNames returns the stored property names, sorted, as written.
func ClobberNames() []string {
	var out []string
	for _, line := range strings.Split(clobberNamesText, "\n") {
		if line != "" && line[0] != '#' {
			out = append(out, line)
		}
	}
	slices.Sort(out)
	return out
}

// maxClobberName is the longest value Clobbers folds in a buffer on the
// stack (the stored names are all shorter; a test checks it).
const maxClobberName = 96

// Clobbers reports whether an id or name attribute of value v could
// replace a built-in property of the page (DOM clobbering), so that
// ids.keep: unclobbered drops it. It fails closed: v clobbers when it
//   - is empty, or not an id PrefixID would write (letters, digits, marks,
//     "-", "_", ":", "."; no space, quote or other punctuation);
//   - is all ASCII digits: an array index, which window, a form and the
//     collections answer with their indexed getters (window[0] is a frame,
//     form[0] a control);
//   - equals one of the stored names, ignoring ASCII case (named access is
//     case-sensitive; refusing "Cookie" too costs an author little and
//     holds for a script that reads a name in another case).
//
// It does one map lookup and allocates nothing.
func Clobbers(v string) bool {
	if !validID(v) || allDigits(v) {
		return true
	}
	switch {
	case len(v) > clobberMaxLen:
		return false // longer than every name
	case len(v) > maxClobberName:
		_, ok := clobberNames[strings.ToLower(v)]
		return ok
	}
	var buf [maxClobberName]byte
	for i := 0; i < len(v); i++ {
		c := v[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	_, ok := clobberNames[string(buf[:len(v)])]
	return ok
}

// allDigits reports whether v, not empty, is all ASCII digits.
func allDigits(v string) bool {
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return false
		}
	}
	return true
}
