package urlnorm

import (
	"math/rand/v2"
	"testing"
)

// TestPlainWord checks the word-at-a-time test against the byte-at-a-time
// one: every byte value at every position of a printable word, then
// random words, which mix controls, DEL and high bytes.
func TestPlainWord(t *testing.T) {
	printable := func(w []byte) bool {
		for _, c := range w {
			if c < 0x20 || c > 0x7E {
				return false
			}
		}
		return true
	}
	check := func(w []byte) {
		if got, want := plainWord(load64(string(w))), printable(w); got != want {
			t.Errorf("plainWord(%q) = %v, want %v", w, got, want)
		}
	}
	for pos := range 8 {
		for b := range 256 {
			w := []byte("abcd/?#%")
			w[pos] = byte(b)
			check(w)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		var w [8]byte
		for i := range w {
			switch r.IntN(4) {
			case 0:
				w[i] = byte(r.IntN(256))
			case 1:
				w[i] = []byte{0x00, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xFF}[r.IntN(7)]
			default:
				w[i] = byte(0x20 + r.IntN(0x5F))
			}
		}
		check(w[:])
	}
}
