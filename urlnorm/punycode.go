package urlnorm

import "unicode/utf8"

// Punycode parameters (RFC 3492 §5).
const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 0x80
)

// punycodeLen returns how many code points the Punycode string s (an
// "xn--" label without its prefix) decodes to, by the decoding procedure
// of RFC 3492 §6.2 without building the output: linear in s, where
// decoding is quadratic in the output (each code point is inserted into
// it). false means s is not Punycode: a digit missing or invalid, a
// delta past 2^31, a code point out of range.
func punycodeLen(s string) (int, bool) {
	out, in := 0, 0
	for k := len(s) - 1; k >= 0; k-- {
		if s[k] == '-' {
			out, in = k, k+1
			break
		}
	}
	n, i, bias := punyInitialN, 0, punyInitialBias
	for in < len(s) {
		oldi, w := i, 1
		for k := punyBase; ; k += punyBase {
			if in == len(s) {
				return 0, false
			}
			digit, ok := punyDigit(s[in])
			in++
			if !ok || digit > (1<<31-1-i)/w {
				return 0, false
			}
			i += digit * w
			t := min(max(k-bias, punyTMin), punyTMax)
			if digit < t {
				break
			}
			if w > (1<<31-1)/(punyBase-t) {
				return 0, false
			}
			w *= punyBase - t
		}
		out++
		bias = punyAdapt(i-oldi, out, oldi == 0)
		n += i / out
		if n > utf8.MaxRune || 0xD800 <= n && n <= 0xDFFF {
			return 0, false
		}
		i = i%out + 1
	}
	return out, true
}

// punyDigit is the value of a Punycode digit: a-z (or A-Z) 0-25, 0-9 26-35.
func punyDigit(c byte) (int, bool) {
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

// punyAdapt is the bias adaptation function of RFC 3492 §6.1.
func punyAdapt(delta, points int, first bool) int {
	if first {
		delta /= punyDamp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > (punyBase-punyTMin)*punyTMax/2 {
		delta /= punyBase - punyTMin
		k += punyBase
	}
	return k + (punyBase-punyTMin+1)*delta/(delta+punySkew)
}
