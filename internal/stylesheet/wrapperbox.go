package stylesheet

import (
	"strconv"
	"strings"

	"github.com/htmlclean/htmlclean/internal/ascii"
)

// The padding the wrapper itself may be given, per side: a mail's body
// padding is its margin on the host page, and newsletters use 0 to 40px
// (testdata/mail). Beyond that it only moves the host page's layout
// around, so a larger value is refused, as are units the mail scales
// itself (em, ex, ch: the wrapper's font-size is the mail's) and the
// viewport's. Margins are never the wrapper's (wrapperProperties).
const (
	MaxWrapperPaddingPx      = 64 // px
	MaxWrapperPaddingRem     = 4  // rem, the host page's root font size
	MaxWrapperPaddingPercent = 10 // %, of the host's container width
)

// WrapperValue reports whether value (as written, "!important" allowed
// at its end) may be given to the wrapper itself for the property p,
// lower case, that [WrapperProperty] allows: padding within the caps
// above, any other value as the property's own checks left it.
func WrapperValue(p, value string) bool {
	if p != "padding" && !strings.HasPrefix(p, "padding-") {
		return true
	}
	v := strings.TrimSpace(value)
	if n := len(v) - len("!important"); n >= 0 && ascii.Lower(v[n:]) == "!important" {
		v = v[:n]
	}
	sides := strings.Fields(v)
	if len(sides) == 0 || len(sides) > 4 || p != "padding" && len(sides) > 1 {
		return false
	}
	for _, side := range sides {
		if !wrapperPadding(ascii.Lower(side)) {
			return false
		}
	}
	return true
}

// wrapperPadding reports whether one padding length, lower case, is
// within the caps.
func wrapperPadding(s string) bool {
	limit := 0.0
	switch {
	case strings.HasSuffix(s, "px"):
		s, limit = s[:len(s)-2], MaxWrapperPaddingPx
	case strings.HasSuffix(s, "rem"):
		s, limit = s[:len(s)-3], MaxWrapperPaddingRem
	case strings.HasSuffix(s, "%"):
		s, limit = s[:len(s)-1], MaxWrapperPaddingPercent
	}
	if s == "" || strings.IndexFunc(s, func(r rune) bool { return !strings.ContainsRune("0123456789.+-eE", r) }) >= 0 {
		return false // another unit, a keyword, a function
	}
	x, err := strconv.ParseFloat(s, 64)
	return err == nil && x >= 0 && x <= limit
}
