package urlnorm

import (
	"bytes"
	"strings"
)

// lazybuf builds the canonical form. As long as every byte written equals
// the input byte at the same output position, it only advances an index:
// the output is then in[:w], so a canonical input costs no allocation. The
// first differing byte copies the prefix into a buffer. path.Clean in the
// standard library uses the same idea.
type lazybuf struct {
	in  string
	buf []byte // nil while the output equals in[:w]
	w   int
}

func (b *lazybuf) writeByte(c byte) {
	if b.buf == nil {
		if b.w < len(b.in) && b.in[b.w] == c {
			b.w++
			return
		}
		b.buf = make([]byte, b.w, len(b.in)+len(b.in)/2+16)
		copy(b.buf, b.in[:b.w])
	}
	if b.w < cap(b.buf) {
		// A reslice stores no pointer, so it runs no write barrier while
		// the garbage collector marks; append would store one each time.
		b.buf = b.buf[:b.w+1]
		b.buf[b.w] = c
	} else {
		b.buf = append(b.buf[:b.w], c)
	}
	b.w++
}

func (b *lazybuf) writeString(s string) {
	if b.buf == nil {
		if len(b.in)-b.w >= len(s) && b.in[b.w:b.w+len(s)] == s {
			b.w += len(s)
			return
		}
		for len(s) > 0 && b.buf == nil {
			b.writeByte(s[0])
			s = s[1:]
		}
		if s == "" {
			return
		}
	}
	// Diverged: len(b.buf) == b.w, so the rest goes in with one append.
	b.buf = append(b.buf[:b.w], s...)
	b.w = len(b.buf)
}

// copyIn appends the input bytes in[i:j]. When the output is still the
// input and in step with it, that only moves the index: the common case.
func (b *lazybuf) copyIn(i, j int) {
	if b.buf == nil && b.w == i {
		b.w = j
		return
	}
	b.writeString(b.in[i:j])
}

// writeEscape writes "%XX" with upper-case hex.
func (b *lazybuf) writeEscape(c byte) {
	if b.buf != nil {
		b.buf = append(b.buf[:b.w], '%', upperHex[c>>4], upperHex[c&15])
		b.w += 3
		return
	}
	b.writeByte('%')
	b.writeByte(upperHex[c>>4])
	b.writeByte(upperHex[c&15])
}

// at returns the output byte at position i < b.w.
func (b *lazybuf) at(i int) byte {
	if b.buf == nil {
		return b.in[i]
	}
	return b.buf[i]
}

// index returns the position of the first c in output [i, j), or -1.
func (b *lazybuf) index(c byte, i, j int) int {
	var k int
	if b.buf == nil {
		k = strings.IndexByte(b.in[i:j], c)
	} else {
		k = bytes.IndexByte(b.buf[i:j], c)
	}
	if k < 0 {
		return -1
	}
	return i + k
}

// truncate drops the output from position n on.
func (b *lazybuf) truncate(n int) {
	b.w = n
	if b.buf != nil {
		b.buf = b.buf[:n]
	}
}

// slice returns output bytes [i, j) as a string; it allocates only once the
// output has diverged from the input.
func (b *lazybuf) slice(i, j int) string {
	if b.buf == nil {
		return b.in[i:j]
	}
	return string(b.buf[i:j])
}

// contains reports whether the output from i to j holds sub, without
// copying it out of the buffer.
func (b *lazybuf) contains(i, j int, sub string) bool {
	if b.buf == nil {
		return strings.Contains(b.in[i:j], sub)
	}
	return bytes.Contains(b.buf[i:j], []byte(sub))
}

func (b *lazybuf) String() string {
	if b.buf == nil {
		return b.in[:b.w]
	}
	return string(b.buf[:b.w])
}
