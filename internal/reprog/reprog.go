// Package reprog measures the program a regular expression compiles to
// (regexp/syntax's instructions), on its parse tree and without
// compiling it, so that package policy can bound the patterns a policy
// file asks for before it pays for them: a few bytes of a pattern can ask
// for millions of instructions.
package reprog

import (
	"fmt"
	"regexp/syntax"
)

// UnicodeClasses counts the \p and \P escapes of a pattern.
func UnicodeClasses(src string) int {
	n := 0
	for i := 0; i+1 < len(src); i++ {
		if src[i] == '\\' {
			if src[i+1] == 'p' || src[i+1] == 'P' {
				n++
			}
			i++ // the escaped character
		}
	}
	return n
}

// Size returns the instructions src compiles to, or a message
// saying why it does not compile. They are counted on the parse tree
// ([Insts]), without expanding it: a few bytes of a pattern can
// ask for millions of instructions.
func Size(src string) (int, string) {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return 0, fmt.Sprintf("bad regular expression: %v", err)
	}
	return Insts(re), ""
}

// Insts returns the length of syntax.Compile(re.Simplify()).Inst,
// or more (a large character class counts one more for every classRunes
// of its range bounds), in time linear in the size of the parse tree (the parser caps
// its height and its repetition counts at 1,000). It follows how
// Simplify expands a repetition and how Compile lays out each operator.
func Insts(re *syntax.Regexp) int {
	return 2 + insts(re) // the program's fail and match instructions
}

// ClassRunes is how many range bounds of a character class count as
// one instruction more.
const ClassRunes = 64

// insts counts the instructions of re without the program's two.
func insts(re *syntax.Regexp) int {
	const most = 1 << 40 // saturate: nested repetitions multiply
	n := 0
	switch re.Op {
	case syntax.OpNoMatch:
	case syntax.OpLiteral:
		n = len(re.Rune)
	case syntax.OpCapture, syntax.OpStar: // a star of what may be empty: 2
		n = 2 + insts(re.Sub[0])
	case syntax.OpPlus, syntax.OpQuest:
		n = 1 + insts(re.Sub[0])
	case syntax.OpConcat, syntax.OpAlternate:
		for _, sub := range re.Sub {
			n = min(n+insts(sub), most)
		}
		switch {
		case len(re.Sub) == 0:
			n = 1 // the empty match
		case re.Op == syntax.OpAlternate:
			n += len(re.Sub) - 1
		}
	case syntax.OpRepeat:
		// x{n,} is n copies, the last as x+; x{n,m}, n copies then m-n
		// nested x?.
		s, lo, hi := insts(re.Sub[0]), re.Min, re.Max
		switch {
		case hi == 0:
			n = 1
		case hi < 0 && lo == 0:
			n = 2 + s
		case hi < 0:
			n = lo*s + 1
		default:
			n = lo*s + (hi-lo)*(s+1)
		}
	case syntax.OpCharClass:
		// One instruction, holding the class's ranges, which matching
		// searches and compiling copies and merges: a large class
		// (\p{L} has hundreds of ranges) counts more.
		n = 1 + len(re.Rune)/ClassRunes
	default: // one instruction: an assertion, any character, the empty match
		n = 1
	}
	return min(n, most)
}
