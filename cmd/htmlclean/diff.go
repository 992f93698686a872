package main

import (
	"bytes"
	"fmt"
)

// diffContext is the number of unchanged lines shown around a change, as
// in "diff -u".
const diffContext = 3

// maxEdits bounds the work of the line diff: past this many inserted and
// deleted lines the rest of the changed region is shown as one block
// replaced by another. The diff is still correct, only not minimal, and
// the memory of the search (about maxEdits² ints) stays small.
const maxEdits = 1000

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

// diffLines returns an edit script from a to b: the longest common
// subsequence of lines is kept, the rest deleted or inserted. The common
// prefix and suffix are matched first (sanitised output is mostly its
// input); the middle is Myers' O(ND) greedy search for the shortest edit
// script, which is the complement of an LCS.
func diffLines(a, b []string) []edit {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var edits []edit
	for i := range pre {
		edits = append(edits, edit{' ', i, i})
	}
	edits = append(edits, myers(a[pre:len(a)-suf], b[pre:len(b)-suf], pre, pre)...)
	for i := range suf {
		edits = append(edits, edit{' ', len(a) - suf + i, len(b) - suf + i})
	}
	return edits
}

// myers returns the shortest edit script from a to b, whose lines start at
// offA and offB in the whole texts.
func myers(a, b []string, offA, offB int) []edit {
	n, m := len(a), len(b)
	limit := min(n+m, maxEdits)
	// v[k+limit] is the furthest x reached on diagonal k = x - y; trace
	// keeps v's diagonals -d..d after each step d, for the walk back.
	v := make([]int, 2*limit+2)
	var trace [][]int
	for d := 0; d <= limit; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[k-1+limit] < v[k+1+limit]) {
				x = v[k+1+limit] // down: insert b[y-1]
			} else {
				x = v[k-1+limit] + 1 // right: delete a[x-1]
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[k+limit] = x
			if x >= n && y >= m {
				trace = append(trace, append([]int(nil), v[limit-d:limit+d+1]...))
				return backtrack(trace, n, m, offA, offB)
			}
		}
		trace = append(trace, append([]int(nil), v[limit-d:limit+d+1]...))
	}
	// Too different: delete everything, insert everything.
	edits := make([]edit, 0, n+m)
	for i := range n {
		edits = append(edits, edit{'-', offA + i, offB})
	}
	for j := range m {
		edits = append(edits, edit{'+', offA + n, offB + j})
	}
	return edits
}

// backtrack walks the trace of myers from (n, m) back to (0, 0) and returns
// the edits in order.
func backtrack(trace [][]int, n, m, offA, offB int) []edit {
	at := func(d, k int) int { return trace[d][k+d] }
	var rev []edit
	x, y := n, m
	for d := len(trace) - 1; d > 0; d-- {
		k := x - y
		var prevK int
		if k == -d || (k != d && at(d-1, k-1) < at(d-1, k+1)) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := at(d-1, prevK)
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			rev = append(rev, edit{' ', offA + x, offB + y})
		}
		if x == prevX {
			y--
			rev = append(rev, edit{'+', offA + x, offB + y})
		} else {
			x--
			rev = append(rev, edit{'-', offA + x, offB + y})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		rev = append(rev, edit{' ', offA + x, offB + y})
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
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
