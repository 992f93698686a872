package urlnorm_test

import (
	"errors"
	"math"
	"strings"
	"testing"
	"unicode/utf8"
)

// This file is an independent RFC 3492 (Punycode) codec, written from the
// RFC's pseudocode (§6.1-§6.3) for the tests alone: it shares no code with
// x/net/idna, which urlnorm uses, so it can judge urlnorm's Punycode
// handling, as an oracle built on x/net/idna could not.

// RFC 3492 §5 parameter values for Punycode.
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
)

var errPunycode = errors.New("punycode: invalid input")

// pcAdapt is the bias adaptation function of RFC 3492 §6.1.
func pcAdapt(delta, numPoints int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := 0
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}

// pcDigit returns the value of a basic code point used as a digit: a-z
// (or A-Z) are 0-25 and 0-9 are 26-35.
func pcDigit(c byte) (int, bool) {
	switch {
	case 'a' <= c && c <= 'z':
		return int(c - 'a'), true
	case 'A' <= c && c <= 'Z':
		return int(c - 'A'), true
	case '0' <= c && c <= '9':
		return int(c-'0') + 26, true
	}
	return 0, false
}

func pcThreshold(k, bias int) int {
	switch {
	case k <= bias:
		return pcTMin
	case k >= bias+pcTMax:
		return pcTMax
	}
	return k - bias
}

// punyDecode is RFC 3492 §6.2 on the part of a label after "xn--".
func punyDecode(s string) (string, error) {
	var out []rune
	b := strings.LastIndexByte(s, '-')
	if b > 0 {
		for i := 0; i < b; i++ {
			if s[i] >= 0x80 {
				return "", errPunycode
			}
			out = append(out, rune(s[i]))
		}
	}
	n, i, bias := pcInitialN, 0, pcInitialBias
	for in := b + 1; in < len(s); {
		oldi, w := i, 1
		for k := pcBase; ; k += pcBase {
			if in >= len(s) {
				return "", errPunycode
			}
			digit, ok := pcDigit(s[in])
			in++
			if !ok || digit > (math.MaxInt32-i)/w {
				return "", errPunycode
			}
			i += digit * w
			t := pcThreshold(k, bias)
			if digit < t {
				break
			}
			if w > math.MaxInt32/(pcBase-t) {
				return "", errPunycode
			}
			w *= pcBase - t
		}
		bias = pcAdapt(i-oldi, len(out)+1, oldi == 0)
		if i/(len(out)+1) > math.MaxInt32-n {
			return "", errPunycode
		}
		n += i / (len(out) + 1)
		i %= len(out) + 1
		if n > utf8.MaxRune || 0xD800 <= n && n <= 0xDFFF {
			return "", errPunycode
		}
		out = append(out, 0)
		copy(out[i+1:], out[i:])
		out[i] = rune(n)
		i++
	}
	return string(out), nil
}

// punyEncode is RFC 3492 §6.3; the result is what follows "xn--".
func punyEncode(u string) string {
	in := []rune(u)
	var out []byte
	for _, r := range in {
		if r < 0x80 {
			out = append(out, byte(r))
		}
	}
	h := len(out)
	basic := h
	if basic > 0 {
		out = append(out, '-')
	}
	n, delta, bias := pcInitialN, 0, pcInitialBias
	for h < len(in) {
		m := math.MaxInt32
		for _, r := range in {
			if int(r) >= n && int(r) < m {
				m = int(r)
			}
		}
		delta += (m - n) * (h + 1)
		n = m
		for _, r := range in {
			if int(r) < n {
				delta++
			}
			if int(r) != n {
				continue
			}
			q := delta
			for k := pcBase; ; k += pcBase {
				t := pcThreshold(k, bias)
				if q < t {
					break
				}
				out = append(out, pcDigitChar(t+(q-t)%(pcBase-t)))
				q = (q - t) / (pcBase - t)
			}
			out = append(out, pcDigitChar(q))
			bias = pcAdapt(delta, h+1, h == basic)
			delta = 0
			h++
		}
		delta++
		n++
	}
	return string(out)
}

func pcDigitChar(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// TestPunycodeCodec checks the test codec on RFC 3492 §7.1's samples, so
// that the tests built on it stand on a known-good codec.
func TestPunycodeCodec(t *testing.T) {
	tests := []struct{ name, uni, ace string }{
		{"arabic-egyptian", "\u0644\u064a\u0647\u0645\u0627\u0628\u062a\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064a\u061f", "egbpdaj6bu4bxfgehfvwxn"},
		{"chinese-simplified", "他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"},
		{"czech", "Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"},
		{"japanese-mixed", "3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"},
		{"russian", "почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbadotcwatmq2g4l"},
		{"german", "bücher", "bcher-kva"},
		{"sharp-s", "ß", "zca"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := punyEncode(tc.uni); got != tc.ace {
				t.Errorf("punyEncode(%q) = %q, want %q", tc.uni, got, tc.ace)
			}
			if got, err := punyDecode(tc.ace); err != nil || got != tc.uni {
				t.Errorf("punyDecode(%q) = %q, %v; want %q", tc.ace, got, err, tc.uni)
			}
		})
	}
	for _, bad := range []string{"-", "zca-", "9999999999a", "ü"} {
		if got, err := punyDecode(bad); err == nil && punyEncode(got) == bad && got != "" && !isASCIIString(got) {
			t.Errorf("punyDecode(%q) = %q: a valid label, want an error or a non-round-trip", bad, got)
		}
	}
}

// validACE reports whether the lower-case label is "xn--" followed by
// Punycode that decodes to a non-empty, non-ASCII label and encodes back
// to the same bytes (UTS #46 §4.4, IgnoreInvalidPunycode=false).
func validACE(label string) bool {
	payload, ok := strings.CutPrefix(label, "xn--")
	if !ok || payload == "" || !isASCIIString(payload) {
		return false
	}
	u, err := punyDecode(payload)
	return err == nil && u != "" && !isASCIIString(u) && punyEncode(u) == payload
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
