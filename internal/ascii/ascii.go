// Package ascii holds the byte-wise ASCII case mapping that URL hosts,
// CSS keywords, media types and link tokens are compared under: only
// A-Z change. Unicode case folding would not do (U+212A KELVIN SIGN
// folds to "k", so a different name would pass as a keyword).
package ascii

// Lower returns s with its ASCII letters in lower case; s itself, with
// no allocation, if it has no upper-case ASCII letter.
func Lower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
