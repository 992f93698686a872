package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
)

// seqLen is the length of the well-formed UTF-8 sequence b starts with,
// or 0 if it starts with none, by the table of RFC 3629 §4 (written out
// here, so that it shares no code with unicode/utf8, which textReader
// uses).
func seqLen(b []byte) int {
	in := func(i int, lo, hi byte) bool { return i < len(b) && b[i] >= lo && b[i] <= hi }
	tail := func(from, to int) bool {
		for i := from; i < to; i++ {
			if !in(i, 0x80, 0xbf) {
				return false
			}
		}
		return true
	}
	switch c := b[0]; {
	case c < 0x80:
		return 1
	case c >= 0xc2 && c <= 0xdf && tail(1, 2):
		return 2
	case c == 0xe0 && in(1, 0xa0, 0xbf) && tail(2, 3),
		(c >= 0xe1 && c <= 0xec || c == 0xee || c == 0xef) && tail(1, 3),
		c == 0xed && in(1, 0x80, 0x9f) && tail(2, 3):
		return 3
	case c == 0xf0 && in(1, 0x90, 0xbf) && tail(2, 4),
		c >= 0xf1 && c <= 0xf3 && tail(1, 4),
		c == 0xf4 && in(1, 0x80, 0x8f) && tail(2, 4):
		return 4
	}
	return 0
}

// wantPosition is the line and byte column of the first byte of b that
// starts no well-formed sequence, or 0, 0 if b is UTF-8.
func wantPosition(b []byte) (line, col int) {
	line, start := 1, 0
	for i := 0; i < len(b); {
		n := seqLen(b[i:])
		if n == 0 {
			return line, i - start + 1
		}
		if b[i] == '\n' {
			line, start = line+1, i+1
		}
		i += n
	}
	return 0, 0
}

// chunkReader returns its input in chunks of random sizes, 1 to max bytes,
// as pipes and sockets do.
type chunkReader struct {
	b   []byte
	rng *rand.Rand
	max int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(c.b), 1+c.rng.IntN(c.max))
	copy(p, c.b[:n])
	c.b = c.b[n:]
	return n, nil
}

// pieces are what the generated inputs are made of: ASCII, newlines,
// well-formed sequences of every length, and the ways UTF-8 goes wrong
// (lone continuation, overlong, surrogate, over U+10FFFF, truncated,
// Latin-1).
var pieces = []string{
	"<p>", "text ", "\n", "\r\n", "é", "€", "𝄞", "\u07ff", "\uffff", "\U0010ffff",
	"\x80", "\xbf", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf5",
	"\xe2\x82", "\xf0\x9d\x84", "\xc3", "caf\xe9", "\xff", "\xfe",
}

// genText returns an input of about n bytes; bad says whether it may hold
// invalid sequences.
func genText(rng *rand.Rand, n int, bad bool) []byte {
	var b bytes.Buffer
	b.WriteString("<") // no byte order mark: the sniff is tested apart
	for b.Len() < n {
		p := pieces[rng.IntN(len(pieces))]
		if !bad && seqLen([]byte(p)) != len(p) && p != "\r\n" && p != "<p>" && p != "text " {
			continue
		}
		if bad && rng.IntN(20) != 0 && seqLen([]byte(p)) == 0 {
			continue // keep invalid bytes rare, so some come late
		}
		b.WriteString(p)
	}
	return b.Bytes()
}

// checkTextReader reads in through a textReader in random chunks and
// compares the outcome with the oracle.
func checkTextReader(t *testing.T, in []byte, rng *rand.Rand, maxChunk int) {
	t.Helper()
	tr := newTextReader(&chunkReader{b: in, rng: rng, max: maxChunk})
	var passed bytes.Buffer
	buf := make([]byte, 1+rng.IntN(2*maxChunk))
	var err error
	for err == nil {
		var n int
		n, err = tr.Read(buf)
		passed.Write(buf[:n])
	}
	line, col := wantPosition(in)
	var te *textError
	switch {
	case line == 0 && err != io.EOF:
		t.Fatalf("valid input %q: error %v", in, err)
	case line == 0:
		if !bytes.Equal(passed.Bytes(), in) || tr.n != int64(len(in)) {
			t.Fatalf("valid input %q: passed %q (n=%d)", in, passed.Bytes(), tr.n)
		}
		if sum := sha256.Sum256(in); !bytes.Equal(tr.sum.Sum(nil), sum[:]) {
			t.Fatalf("valid input %q: wrong hash", in)
		}
	case !errors.As(err, &te):
		t.Fatalf("input %q: error %v, want invalid UTF-8 at %d:%d", in, err, line, col)
	case te.line != line || te.column != col:
		t.Fatalf("input %q: invalid UTF-8 at %d:%d, want %d:%d", in, te.line, te.column, line, col)
	case !bytes.HasPrefix(in, passed.Bytes()):
		t.Fatalf("input %q: passed %q, not a prefix", in, passed.Bytes())
	}
}

// TestTextReaderMatchesOracle is the property: whatever the chunking, the
// textReader passes a valid input whole, with its hash, and stops an
// invalid one at the line and column of its first bad byte, found by an
// independent reading of RFC 3629. Inputs cross the sniff's read-ahead.
func TestTextReaderMatchesOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		size := 1 + rng.IntN(64)
		if i%10 == 0 {
			size = sniffLen - 64 + rng.IntN(3*sniffLen)
		}
		in := genText(rng, size, i%2 == 1)
		checkTextReader(t, in, rng, []int{1, 3, 7, 4096}[i%4])
	}
}

// FuzzTextReader checks the same property on any input and chunking.
func FuzzTextReader(f *testing.F) {
	for _, p := range pieces {
		f.Add([]byte("<"+p), uint64(1))
	}
	f.Add([]byte("<a\n\xe2\x82\xacb\xe2\x82"), uint64(7))
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) {
		in = append([]byte("<"), in...) // no byte order mark, no NUL: the sniff is tested apart
		in = bytes.ReplaceAll(in, []byte{0}, []byte{' '})
		rng := rand.New(rand.NewPCG(seed, seed>>7))
		checkTextReader(t, in, rng, 1+int(seed%64))
	})
}

// TestTextReaderBoundaries are the boundaries that a chunked check must
// get right, each with its position.
func TestTextReaderBoundaries(t *testing.T) {
	tests := []struct {
		name, in string
		chunk    int
	}{
		{"rune-cut-then-bad-continuation", "<ab\xe2\x82A", 4},
		{"rune-cut-over-three-chunks", "<\xf0\x9d\x84\x9e\n\xff", 1},
		{"truncated-at-eof", "<abc\n\xe2\x82", 2},
		{"newline-before-bad-in-same-chunk", "<a\nb\nc\xc0", 64},
		{"surrogate", "<\xed\xa0\x80", 2},
		{"valid-cut-at-sniff-boundary", "<" + strings.Repeat("a", sniffLen-2) + "€x", 4096},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkTextReader(t, []byte(tc.in), rand.New(rand.NewPCG(3, 4)), tc.chunk)
		})
	}
}

// TestSniff checks how the first bytes classify an input.
func TestSniff(t *testing.T) {
	tests := []struct {
		name, in string
		want     string // textError.msg, "" for text
	}{
		{"html", "<p>hello</p>", ""},
		{"stray-nul", "<p>a\x00b</p>", ""},
		{"stray-nuls-apart", "<p>\x00 one</p>\n<p>two\x00</p>\n", ""},
		{"nul-by-newline", "<p>\n\x00\n</p>", ""},
		{"png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary file"},
		{"nul-run", "ustar\x00\x00\x00\x00", "binary file"},
		{"nul-by-control", "<p>a picture\x00\x01\x02</p>", "binary file"},
		{"latin1-and-nul", "caf\xe9\x00", "binary file"},
		{"utf16le-bom", "\xff\xfe<\x00", "UTF-16 text, not UTF-8"},
		{"utf16be-bom", "\xfe\xff\x00<", "UTF-16 text, not UTF-8"},
		{"utf32le-bom", "\xff\xfe\x00\x00<\x00\x00\x00", "UTF-32 text, not UTF-8"},
		{"utf32be-bom", "\x00\x00\xfe\xff\x00\x00\x00<", "UTF-32 text, not UTF-8"},
		{"utf16le", "<\x00p\x00>\x00h\x00i\x00<\x00/\x00p\x00>\x00", "UTF-16LE text without a byte order mark, not UTF-8"},
		{"utf16be", "\x00<\x00p\x00>\x00h\x00i\x00<\x00/\x00p\x00>", "UTF-16BE text without a byte order mark, not UTF-8"},
		{"utf16le-cjk-half", "<\x00\x2b\x4e>\x00\x2d\x4e<\x00/\x00p\x00>\x00", "UTF-16LE text without a byte order mark, not UTF-8"},
		{"utf16le-too-short", "<\x00p\x00>\x00", ""}, // seven bytes: too few to tell from stray NULs
		{"stray-nul-even", "'>\x00\n", ""},
		{"utf32le", "<\x00\x00\x00p\x00\x00\x00", "binary file"},
		{"latin1-no-nul", "caf\xe9", ""}, // invalid UTF-8, found by the check with its position
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ""
			if te := sniff([]byte(tc.in), true); te != nil {
				got = te.msg
			}
			if got != tc.want {
				t.Errorf("sniff(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestSniffCutRune checks that a rune cut by the end of the read-ahead
// does not make a text with a stray NUL binary.
func TestSniffCutRune(t *testing.T) {
	head := []byte("<p>\x00" + strings.Repeat("a", sniffLen-6) + "\xe2\x82")
	if te := sniff(head, false); te != nil {
		t.Errorf("sniff of a head ending in a cut rune = %q, want text", te.msg)
	}
	if te := sniff(head, true); te == nil || te.msg != "binary file" {
		t.Errorf("sniff of a whole input ending in a cut rune = %v, want binary file", te)
	}
}

// TestTextReaderLinear checks that checking grows linearly with the input,
// for text with many lines, a rune cut at every chunk, and an invalid byte
// at the very end (which is searched for once).
func TestTextReaderLinear(t *testing.T) {
	gens := map[string]func(n int) string{
		"lines":       func(n int) string { return strings.Repeat("<p>é\n", n/6) },
		"runes":       func(n int) string { return strings.Repeat("€", n/3) },
		"bad-at-end":  func(n int) string { return strings.Repeat("a\n", n/2) + "\xff" },
		"nul-at-head": func(n int) string { return "<p>\x00" + strings.Repeat("a", n) },
	}
	for name, gen := range gens {
		t.Run(name, func(t *testing.T) {
			buf := make([]byte, 4099) // an odd size cuts runes
			growth.Check(t, 1<<16, gen, func(s string) {
				tr := newTextReader(strings.NewReader(s))
				for {
					if _, err := tr.Read(buf); err != nil {
						break
					}
				}
			})
		})
	}
}
