package main

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// excerptBytes is how much of a value a diagnostic quotes: enough to
// recognise it, short enough that one line stays one line on a terminal
// whatever the input holds (a minified page is one line of megabytes).
const excerptBytes = 60

// excerpt bounds a value from outside the command (a document's, a
// policy's, an argument to "htmlclean url" or "sm") for a diagnostic: cut
// after excerptBytes bytes on a rune boundary, with a marker giving the
// whole length, and control characters and invalid bytes written as Go
// escapes, so that the diagnostic stays one short line:
//
//	javascript:alert(1)
//	aaaa…aaaa…(1048576 bytes)
//
// A short, plain value is returned as it is. Work is bounded by the cut,
// not by the value's length.
func excerpt(raw string) string { return bound(raw, excerptBytes, false) }

// quoted is [excerpt] Go-quoted, for a value that diagnostics quote (as
// %q did before values were bounded): a short value reads as %q prints it.
func quoted(raw string) string { return bound(raw, excerptBytes, true) }

// clipBytes is how much of another package's error message a diagnostic
// prints. Such messages may quote values (a policy's, a document's); the
// command does not parse them, it bounds them as a whole.
const clipBytes = 400

// clip bounds an error message from another package, as [excerpt] bounds
// a value, after clipBytes bytes.
func clip(msg string) string { return bound(msg, clipBytes, false) }

// bound is [excerpt], [quoted] and [clip]: s cut after n bytes, escaped,
// quoted if quote is set, and marked with its length if it was cut.
func bound(s string, n int, quote bool) string {
	whole := len(s)
	s = cut(s, n)
	if quote {
		s = strconv.Quote(s)
	} else {
		s = escapeControls(s)
	}
	if whole > n {
		s += fmt.Sprintf("…(%d bytes)", whole)
	}
	return s
}

// cut returns the longest prefix of s of at most n bytes that does not
// end inside a rune (an invalid byte counts as a rune of its own).
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	// A rune is at most utf8.UTFMax bytes: step back to its start, and
	// drop it if it does not fit whole.
	for j := n; j > 0 && j > n-utf8.UTFMax; j-- {
		if utf8.RuneStart(s[j]) {
			i = j
			break
		}
	}
	if _, size := utf8.DecodeRuneInString(s[i:]); i+size <= n {
		i += size
	}
	return s[:i]
}

// escapeControls returns s with its control characters (C0, DEL, C1) and
// invalid bytes written as Go escapes, and everything else as it is.
func escapeControls(s string) string {
	clean := true
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r == utf8.RuneError {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b []byte
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = fmt.Appendf(b, `\x%02x`, s[i])
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
			q := strconv.QuoteRune(r)
			b = append(b, q[1:len(q)-1]...)
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}
