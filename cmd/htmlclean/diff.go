package main

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// diffContext is the number of unchanged lines shown around a change, as
// in "diff -u".
const diffContext = 3

// An edit is one line of an edit script: ' ' kept, '-' deleted from the
// old text, '+' inserted from the new. a and b are the line indexes in the
// old and new text where the edit applies.
type edit struct {
	kind byte
	a, b int
}

// unifiedDiff returns the unified diff ("diff -u" format) that turns old
// into new, with the headers "--- oldName" and "+++ newName", or nil if
// they are equal.
func unifiedDiff(oldName, newName string, old, new []byte) []byte {
	a, b := splitLines(old), splitLines(new)
	edits := diffLines(a, b)
	var out bytes.Buffer
	for _, h := range hunks(edits) {
		if out.Len() == 0 {
			fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
		}
		writeHunk(&out, edits[h[0]:h[1]], a, b)
	}
	if out.Len() == 0 {
		return nil
	}
	return out.Bytes()
}

// splitLines splits s after each "\n"; the last line may lack one.
func splitLines(s []byte) []string {
	var lines []string
	for len(s) > 0 {
		i := bytes.IndexByte(s, '\n') + 1
		if i == 0 {
			i = len(s)
		}
		lines = append(lines, string(s[:i]))
		s = s[i:]
	}
	return lines
}

// diffLines returns a minimal edit script from a to b: a longest common
// subsequence of lines is kept, every other line deleted or inserted.
//
// The common prefix and suffix are matched first (sanitised output is
// mostly its input). In the middle, a line that does not occur on the
// other side can be in no common subsequence, so it is an edit for sure
// and is left out of the search, as GNU diff does; the search is then
// over far fewer lines, with far fewer edits (sanitised text differs
// from its input mostly by lines it rewrote). That search is Myers'
// O((N+M)·D) algorithm with linear memory, from diffmatchpatch, run over
// one rune per distinct line and with no deadline, so the result is
// minimal and the same on every run. Removing lines that can match
// nothing keeps the LCS length, so the script stays minimal. The worst
// case, many lines found on both sides but in another order, costs
// O((N+M)·D); a sanitiser keeps what it keeps in order, so its D is
// small.
func diffLines(a, b []string) []edit {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	edits := make([]edit, 0, max(len(a), len(b)))
	for i := range pre {
		edits = append(edits, edit{' ', i, i})
	}
	edits = appendMiddle(edits, a[pre:len(a)-suf], b[pre:len(b)-suf], pre, pre, maxLineIDs)
	for i := range suf {
		edits = append(edits, edit{' ', len(a) - suf + i, len(b) - suf + i})
	}
	return edits
}

// maxLineIDs is the number of distinct lines the search can tell apart:
// one valid Unicode scalar value each (diffmatchpatch returns its result
// as strings, where a surrogate or an out-of-range rune would become
// U+FFFD and merge with other lines).
const maxLineIDs = utf8.MaxRune + 1 - (0xE000 - 0xD800)

// appendMiddle appends to edits the script from a to b, whose lines start
// at offA and offB in the whole texts. Past limit distinct lines shared by
// both sides, it gives up on minimality rather than on correctness: every
// line of a is deleted and every line of b inserted.
func appendMiddle(edits []edit, a, b []string, offA, offB, limit int) []edit {
	ka, kb, ra, rb, ok := lineRunes(a, b, limit)
	x, y := 0, 0 // next line of a and b not yet in the script
	// emit writes the edits up to the kept pair a[i], b[j].
	emit := func(i, j int) {
		for ; x < i; x++ {
			edits = append(edits, edit{'-', offA + x, offB + y})
		}
		for ; y < j; y++ {
			edits = append(edits, edit{'+', offA + x, offB + y})
		}
	}
	if ok {
		d := diffmatchpatch.New()
		d.DiffTimeout = 0 // no deadline: minimal and deterministic
		ia, ib := 0, 0    // positions in ra and rb
		for _, op := range d.DiffMainRunes(ra, rb, false) {
			n := utf8.RuneCountInString(op.Text)
			switch op.Type {
			case diffmatchpatch.DiffDelete:
				ia += n
			case diffmatchpatch.DiffInsert:
				ib += n
			default:
				for range n {
					emit(ka[ia], kb[ib])
					edits = append(edits, edit{' ', offA + x, offB + y})
					x, y, ia, ib = x+1, y+1, ia+1, ib+1
				}
			}
		}
	}
	emit(len(a), len(b))
	return edits
}

// lineRunes returns the lines of a and b that also occur on the other
// side, as their indexes ka and kb and as one rune per distinct line, ra
// and rb. ok is false if there are more than limit such distinct lines.
func lineRunes(a, b []string, limit int) (ka, kb []int, ra, rb []rune, ok bool) {
	inA := make(map[string]bool, len(a))
	for _, l := range a {
		inA[l] = true
	}
	ids := make(map[string]rune)
	for j, l := range b {
		if !inA[l] {
			continue
		}
		id, seen := ids[l]
		if !seen {
			if len(ids) >= limit {
				return nil, nil, nil, nil, false
			}
			id = lineRune(len(ids))
			ids[l] = id
		}
		kb, rb = append(kb, j), append(rb, id)
	}
	for i, l := range a {
		if id, seen := ids[l]; seen {
			ka, ra = append(ka, i), append(ra, id)
		}
	}
	return ka, kb, ra, rb, true
}

// lineRune returns the n-th valid Unicode scalar value, skipping the
// surrogates U+D800–U+DFFF.
func lineRune(n int) rune {
	if n >= 0xD800 {
		n += 0xE000 - 0xD800
	}
	return rune(n)
}

// hunks returns the ranges [lo, hi) of edits that form the hunks: each
// change with diffContext kept lines around it, changes closer than twice
// that merged into one hunk.
func hunks(edits []edit) [][2]int {
	var out [][2]int
	lo, last := -1, -1 // the current hunk's start, its last change
	for i, e := range edits {
		if e.kind == ' ' {
			continue
		}
		if lo >= 0 && i-last-1 > 2*diffContext {
			out = append(out, [2]int{lo, last + 1 + diffContext})
			lo = -1
		}
		if lo < 0 {
			lo = max(i-diffContext, 0)
		}
		last = i
	}
	if lo >= 0 {
		out = append(out, [2]int{lo, min(last+1+diffContext, len(edits))})
	}
	return out
}

// writeHunk writes one hunk: its "@@ -a,n +b,m @@" header and lines.
func writeHunk(out *bytes.Buffer, edits []edit, a, b []string) {
	var na, nb int
	for _, e := range edits {
		if e.kind != '+' {
			na++
		}
		if e.kind != '-' {
			nb++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(edits[0].a, na), hunkRange(edits[0].b, nb))
	for _, e := range edits {
		var line string
		if e.kind == '+' {
			line = b[e.b]
		} else {
			line = a[e.a]
		}
		out.WriteByte(e.kind)
		out.WriteString(line)
		if len(line) == 0 || line[len(line)-1] != '\n' {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange formats the range of a hunk header as diff -u does: "3,4" for
// four lines from line 3, "3" for one, "2,0" for none (after line 2).
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
