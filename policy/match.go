package policy

import (
	"regexp"
	"regexp/syntax"
	"unicode/utf8"
)

// matcher decides whether a whole attribute value matches a pattern.
// Patterns of the form "[class]*" (patText is the common one: titles and
// alt texts on every link and image) are matched with a byte table, which
// is an order of magnitude faster than the regexp engine; every other
// pattern uses the regexp.
type matcher struct {
	source string // the pattern as written
	re     *regexp.Regexp
	class  *classStar // non-nil: the pattern is a repeated character class
}

// classStar is "[class]*": every rune of the value must be in ranges.
type classStar struct {
	ascii  [128]bool
	ranges []rune // pairs lo, hi for runes >= 0x80, sorted
}

func newMatcher(re *regexp.Regexp, source string) matcher {
	return matcher{source: source, re: re, class: parseClassStar(source)}
}

func (m matcher) MatchString(v string) bool {
	if m.class != nil {
		return m.class.match(v)
	}
	return m.re.MatchString(v)
}

// parseClassStar recognises a pattern that is exactly one character class
// repeated zero or more times, and builds its table; otherwise nil.
func parseClassStar(source string) *classStar {
	re, err := syntax.Parse(source, syntax.Perl)
	if err != nil {
		return nil
	}
	re = re.Simplify()
	if re.Op != syntax.OpStar || len(re.Sub) != 1 || re.Sub[0].Op != syntax.OpCharClass || re.Flags&syntax.FoldCase != 0 {
		return nil
	}
	c := &classStar{}
	r := re.Sub[0].Rune
	for i := 0; i+1 < len(r); i += 2 {
		lo, hi := r[i], r[i+1]
		for x := lo; x <= hi && x < 0x80; x++ {
			c.ascii[x] = true
		}
		if hi >= 0x80 {
			c.ranges = append(c.ranges, max(lo, 0x80), hi)
		}
	}
	return c
}

func (c *classStar) match(v string) bool {
	for i := 0; i < len(v); {
		if b := v[i]; b < utf8.RuneSelf {
			if !c.ascii[b] {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(v[i:])
		if !c.inRanges(r) {
			return false
		}
		i += size
	}
	return true
}

func (c *classStar) inRanges(r rune) bool {
	for i := 0; i+1 < len(c.ranges); i += 2 {
		if c.ranges[i] <= r && r <= c.ranges[i+1] {
			return true
		}
	}
	return false
}
