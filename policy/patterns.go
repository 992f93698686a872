package policy

import (
	"regexp"

	"github.com/htmlclean/htmlclean/internal/excerpt"
	"github.com/htmlclean/htmlclean/internal/reprog"
	"github.com/htmlclean/htmlclean/internal/rules"
)

// Limits on the regular expressions of a policy. The work and memory of
// compiling a pattern, and the work of matching a value against it, grow
// with its program: the instructions regexp/syntax compiles it to,
// counted by internal/reprog
// (Go's matcher runs in time proportional to program size × input
// length). A policy file is small, but a few bytes of it can ask for a
// large program (`a{1,1000}` is 2,003 instructions), so each is bounded:
//
//   - maxPatternInsts: one pattern (a `match` of attributes, classes or
//     styles), anchored as the policy uses it;
//   - maxValueInsts: the patterns one attribute value of one element is
//     matched against together (its attribute rules; its style
//     declarations; its class tokens), which bounds the work per byte
//     of a document;
//   - maxPolicyInsts: every distinct pattern the policy compiles,
//     those it builds from the entries (style and class rules) included,
//     which bounds the work and memory of loading it.
//
// Besides, maxPatternBytes bounds the text of one pattern, which the
// parser reads before anything can be counted, and maxUnicodeClasses the Unicode classes (\p{L}) the
// patterns of the entries name: parsing one builds a table of hundreds
// of ranges (25 to 50 KB), however short the pattern.
//
// The mail preset's style rule, the largest pattern of a preset, is
// 83,825 instructions.
const (
	maxPatternInsts   = 5_000
	maxValueInsts     = 100_000
	maxPolicyInsts    = 120_000
	maxUnicodeClasses = 256
	maxPatternBytes   = 4 << 10 // a pattern of the entries, anchored
)

// patternSet is what the compiler knows of the patterns it compiled:
// each by its anchored source, compiled once, and what they cost.
type patternSet struct {
	byRE    map[string]compiledPattern
	size    map[string]compiledPattern // patternSize's answers
	total   int                        // instructions of every distinct pattern compiled
	unicode int                        // Unicode classes named in the patterns of the entries
	// value counts, per element and attribute (or style, or class), the
	// instructions a value is matched against.
	value map[[2]int32]int // by the ids (attrState.id) of element and attribute
}

type compiledPattern struct {
	m     rules.Matcher
	insts int
	ok    bool
}

func newPatternSet() patternSet {
	return patternSet{byRE: map[string]compiledPattern{}, size: map[string]compiledPattern{}, value: map[[2]int32]int{}}
}

// userPattern checks and compiles the pattern of a `match` setting, as
// the policy applies it (anchored, the whole value), and counts it
// toward the policy's total. It reports a problem at field, once per
// source; a pattern seen before is reused.
func (k *compiler) userPattern(field, match string) (rules.Matcher, int, bool) {
	src := `^(?:` + match + `)$`
	if c, seen := k.pats.byRE[src]; seen {
		return c.m, c.insts, c.ok
	}
	insts, ok := k.patternSize(field, src)
	c := compiledPattern{insts: insts}
	switch {
	case !ok, !k.spend(field, insts):
	default:
		c.m, c.ok = rules.NewMatcher(regexp.MustCompile(src), match), true
	}
	k.pats.byRE[src] = c
	return c.m, c.insts, c.ok
}

// patternSize returns the instructions of the anchored pattern src of a
// `match` setting, or reports at field why it is refused. Once the
// policy's total is passed, and so the policy refused, later patterns
// are refused without being parsed: parsing is work too.
func (k *compiler) patternSize(field, src string) (int, bool) {
	if c, seen := k.pats.size[src]; seen {
		return c.insts, c.ok
	}
	insts, ok := k.measure(field, src)
	k.pats.size[src] = compiledPattern{insts: insts, ok: ok}
	return insts, ok
}

func (k *compiler) measure(field, src string) (int, bool) {
	if k.pats.total > maxPolicyInsts {
		return 0, false
	}
	if len(src) > maxPatternBytes {
		k.fail(field, "%q is longer than the %s bytes one pattern may be", src, excerpt.Commas(maxPatternBytes))
		return 0, false
	}
	if k.pats.unicode += reprog.UnicodeClasses(src); k.pats.unicode > maxUnicodeClasses {
		if k.pats.unicode-reprog.UnicodeClasses(src) <= maxUnicodeClasses {
			k.fail(field, "the policy's patterns name more than %d Unicode classes (\\p{…}, \\P{…}), each a large table to build: use fewer", maxUnicodeClasses)
		}
		return 0, false
	}
	insts, msg := reprog.Size(src)
	switch {
	case msg != "":
		k.fail(field, "%s", msg)
	case insts > maxPatternInsts:
		k.fail(field, "the pattern compiles to %s instructions, more than the %s one pattern may have: bound its repetitions ({n,m}) or split it", excerpt.Commas(insts), excerpt.Commas(maxPatternInsts))
	default:
		return insts, true
	}
	return insts, false
}

// spend counts insts toward the policy's total, refusing (at field) what
// would pass it.
func (k *compiler) spend(field string, insts int) bool {
	if k.pats.total+insts > maxPolicyInsts {
		if k.pats.total <= maxPolicyInsts {
			k.fail(field, "the policy's patterns together compile to more than %s instructions: use fewer or smaller patterns", excerpt.Commas(maxPolicyInsts))
			k.pats.total = maxPolicyInsts + 1 // reported once
		}
		return false
	}
	k.pats.total += insts
	return true
}

// spendValue counts insts toward what one value is matched against (a
// value of attribute attr on element el; el "*" for every element),
// refusing (at field) what would pass maxValueInsts.
func (k *compiler) spendValue(field, el, attr string, insts int) bool {
	key := [2]int32{k.id(el), k.id(attr)}
	n := k.pats.value[key] + insts
	if k.pats.value[key] < 0 {
		return false // reported
	}
	if n > maxValueInsts {
		on := " on " + el
		if el == "*" {
			on = ""
		}
		k.fail(field, "the patterns one %s value%s is matched against would compile to more than %s instructions together: use fewer or smaller patterns", attr, on, excerpt.Commas(maxValueInsts))
		k.pats.value[key] = -1 // reported once per attribute
		return false
	}
	k.pats.value[key] = n
	return true
}

// builtPattern compiles a pattern the compiler built from the entries,
// whose parts spendValue counted as they were entered: it is counted
// toward the policy's total, and held to maxValueInsts whole, the
// excess blamed on field.
func (k *compiler) builtPattern(field, src string) (*regexp.Regexp, bool) {
	if c, seen := k.pats.byRE[src]; seen {
		return c.m.RE, c.ok
	}
	insts, msg := reprog.Size(src)
	c := compiledPattern{insts: insts}
	switch {
	case msg != "":
		k.fail(field, "%s", msg)
	case insts > maxValueInsts:
		k.fail(field, "the patterns built from this setting compile to more than %s instructions together: use fewer or smaller patterns", excerpt.Commas(maxValueInsts))
	case k.spend(field, insts):
		c.m.RE, c.ok = regexp.MustCompile(src), true
	}
	k.pats.byRE[src] = c
	return c.m.RE, c.ok
}
