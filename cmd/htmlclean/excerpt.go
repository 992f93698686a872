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
// policy's, an argument to "htmlclean url" or "sm") for a diagnostic:
// control characters and invalid bytes written as Go escapes, cut on a
// rune boundary before it prints more than excerptBytes bytes, and then
// marked with its whole length, so that the diagnostic stays one short
// line:
//
//	javascript:alert(1)
//	aaaaaaaa…(1048576 bytes)
//
// A short, plain value is returned as it is. The work is bounded by
// excerptBytes, not by the value's length.
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

// bound is [excerpt], [quoted] and [clip]: the longest prefix of s,
// whole runes, that takes at most n bytes once escaped, quoted if quote
// is set, and marked with the whole length if it was cut. It looks at no
// more of s than it prints.
func bound(s string, n int, quote bool) string {
	var b []byte
	i := 0
	for i < len(s) {
		size := runeLen(s[i:])
		piece := escape(s[i:i+size], quote)
		if len(b)+len(piece) > n {
			break
		}
		b = append(b, piece...)
		i += size
	}
	out := string(b)
	if quote {
		out = `"` + out + `"`
	}
	if i < len(s) {
		out += fmt.Sprintf("…(%d bytes)", len(s))
	}
	return out
}

// runeLen is the length of the rune s starts with; an invalid byte is a
// rune of its own.
func runeLen(s string) int {
	_, size := utf8.DecodeRuneInString(s)
	return size
}

// escape returns one rune, or one invalid byte, as a diagnostic shows
// it: as strconv.Quote writes it inside the quotes if quote is set (or
// if it is a control character or an invalid byte), else as it is.
func escape(r string, quote bool) string {
	c, size := utf8.DecodeRuneInString(r)
	invalid := c == utf8.RuneError && size == 1
	control := c < 0x20 || c == 0x7f || c >= 0x80 && c < 0xa0
	if !quote && !invalid && !control {
		return r
	}
	q := strconv.Quote(r)
	return q[1 : len(q)-1]
}
