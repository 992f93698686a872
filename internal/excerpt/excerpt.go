// Package excerpt bounds what an error message of package policy or
// policy/sanitizerapi quotes from its input, so that an error stays one
// short line whatever the input holds, and counts the errors a call
// reports. Both packages format their *policy.ConfigError values with it,
// so a policy file and a SanitizerConfig are reported alike.
package excerpt

import (
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// MaxErrors is the most errors one call of policy's Compile, Load and
// ParseConfig, or of sanitizerapi's Parse, reports; the rest are counted
// in a last error ([More]). A file with 100,000 bad values gets a
// readable answer, and the work of formatting and locating errors stays
// bounded.
const MaxErrors = 20

// maxQuoted is the most bytes of a user's value an error quotes (%q);
// maxMessagePart bounds any other text formatted into an error (%s, %v),
// such as a regexp error that itself quotes the pattern.
const (
	maxQuoted      = 60
	maxMessagePart = 400
)

// Text is a user's value as an error quotes it. With %q: at most
// maxQuoted bytes, cut on a rune boundary, quoted, then "…(N bytes)"
// giving the whole length. With %s or %v it is written as is when short
// and printable, otherwise escaped and cut at maxMessagePart the same
// way. Either way an error stays one short line whatever the input.
type Text string

// Format writes the excerpt for the verbs q, s and v.
func (e Text) Format(f fmt.State, verb rune) {
	s, limit := string(e), maxMessagePart
	if verb == 'q' {
		limit = maxQuoted
	} else if len(s) <= limit && utf8.ValidString(s) && !hasControl(s) {
		_, _ = io.WriteString(f, s)
		return
	}
	cut := len(s) > limit
	if cut {
		n := limit
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n]
	}
	q := strconv.Quote(s)
	if verb != 'q' {
		q = q[1 : len(q)-1]
	}
	if cut {
		q += "…(" + strconv.Itoa(len(e)) + " bytes)"
	}
	_, _ = io.WriteString(f, q)
}

// Args wraps the strings and errors among args, the values an error
// message quotes, as a [Text] each.
func Args(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case string:
			a = Text(v)
		case error:
			a = Text(v.Error())
		}
		out[i] = a
	}
	return out
}

// Path bounds a setting's path, which holds the keys a user wrote: a
// path longer than a few excerpts is quoted and cut as [Text] is.
func Path(path string) string {
	if len(path) <= 4*maxQuoted && utf8.ValidString(path) && !hasControl(path) {
		return path
	}
	return fmt.Sprintf("%q", Text(path))
}

func hasControl(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return true
		}
	}
	return false
}

// More is the message of the last error of a list that left more errors
// out: "... and 1,234 more errors".
func More(more int) string {
	noun := "errors"
	if more == 1 {
		noun = "error"
	}
	return fmt.Sprintf("... and %s more %s", Commas(more), noun)
}

// Commas writes n with thousands separators: 99,980.
func Commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
