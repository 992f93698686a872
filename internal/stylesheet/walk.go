package stylesheet

import (
	"strconv"
	"strings"

	"github.com/tdewolff/parse/v2/css"
)

// frameKind is what an open block in the output is.
type frameKind uint8

const (
	frameMedia frameKind = iota // @media kept: its rules are written
	frameRule                   // a style rule kept: its declarations are written
	frameSkip                   // a removed block: everything up to its end is dropped
)

// frame is one open block; mark is the output length before its header,
// decls counts what was written inside (declarations, or kept rules),
// so that a block left empty can be taken back.
type frame struct {
	kind    frameKind
	mark    int
	decls   int
	others  bool // a rule with selectors other than the wrapper's, written at mark
	wrapper bool // a rule whose list holds the wrapper itself (body, html, :root)
}

// sanitizer holds the state of one Sanitize call.
type sanitizer struct {
	o       Options
	src     string
	p       *css.Parser
	out     []byte
	removed []Removal
	stack   []frame
	wrap    []byte // the declarations for the wrapper of the open rule
	rules   int
	lines   lineCounter
	// cut is the index in removed of the one removal that reports the
	// rules past MaxRules, or -1; dropped counts them.
	cut, dropped int
}

// lineCounter turns increasing byte offsets into line numbers in time
// linear in the input.
type lineCounter struct {
	pos, line int
}

func (lc *lineCounter) at(src string, off int) int {
	off = min(off, len(src))
	if off > lc.pos {
		lc.line += strings.Count(src[lc.pos:off], "\n")
		lc.pos = off
	}
	return lc.line + 1
}

// remove records a removal of what, read up to the parser's position.
func (s *sanitizer) remove(what string, r Reason) {
	const maxWhat = 80
	if len(what) > maxWhat {
		cut := maxWhat
		for cut > 0 && what[cut]&0xc0 == 0x80 {
			cut--
		}
		what = what[:cut]
	}
	if s.dropped > 0 {
		return // past MaxRules nothing more is kept: the cut reports it all
	}
	s.removed = append(s.removed, Removal{Line: s.lines.at(s.src, s.p.Offset()), What: what, Reason: r})
}

// run reads the parser's grammar units to the end of input.
func (s *sanitizer) run() error {
	budget := 4*len(s.src) + 16 // every unit consumes input, bar a synthetic "}"
	for ; budget > 0; budget-- {
		gt, _, data := s.p.Next()
		switch gt {
		case css.ErrorGrammar:
			if !s.p.HasParseError() {
				s.closeAll()
				return nil
			}
			if s.top() != frameSkip {
				s.remove(tokensText(s.p.Values()), ReasonParse)
			}
		case css.AtRuleGrammar:
			s.statementAtRule(data)
		case css.BeginAtRuleGrammar:
			s.beginAtRule(data)
		case css.BeginRulesetGrammar:
			s.beginRule()
		case css.EndAtRuleGrammar, css.EndRulesetGrammar:
			s.end()
		case css.DeclarationGrammar:
			s.declaration(string(data))
		case css.CustomPropertyGrammar:
			if s.top() != frameSkip {
				s.remove(string(data), ReasonCustomProperty)
			}
		}
		// CommentGrammar and TokenGrammar (CDO, CDC, the body of an
		// unknown at-rule) write nothing.
	}
	return errStuck
}

// top is the kind of the innermost open block; the top level counts as
// an @media block.
func (s *sanitizer) top() frameKind {
	if len(s.stack) == 0 {
		return frameMedia
	}
	return s.stack[len(s.stack)-1].kind
}

// skip opens a block whose content is dropped.
func (s *sanitizer) skip() {
	s.stack = append(s.stack, frame{kind: frameSkip, mark: len(s.out)})
}

// countRule counts a rule or at-rule against MaxRules and reports whether
// it may be kept.
//
// Past the limit the sheet's rest is dropped and reported once, however
// many rules it holds, by one removal at the first rule dropped whose
// What says how many were (cutText): the report stays bounded.
func (s *sanitizer) countRule(what string) bool {
	s.rules++
	if s.rules <= s.o.MaxRules {
		return true
	}
	if s.dropped == 0 {
		s.remove(what, ReasonLimit)
		s.cut = len(s.removed) - 1
	}
	s.dropped++
	return false
}

// cutText is the What of the removal reporting the rules past MaxRules.
func cutText(dropped int) string {
	return strconv.Itoa(dropped) + " rules past the limit dropped"
}

// statementAtRule removes an at-rule without a block (@import, @charset,
// @namespace, …): none is kept.
func (s *sanitizer) statementAtRule(name []byte) {
	if s.top() == frameSkip {
		return
	}
	what := string(name) + " " + tokensText(trimSpace(s.p.Values()))
	if strings.EqualFold(decode(string(name), false), "@import") {
		s.remove(what, ReasonImport)
		return
	}
	s.remove(what, ReasonAtRule)
}

// beginAtRule opens an at-rule block: @media is kept with its prelude
// checked, every other at-rule is dropped with its block.
func (s *sanitizer) beginAtRule(name []byte) {
	kind := s.top()
	if kind == frameSkip {
		s.skip()
		return
	}
	prelude := s.p.Values()
	what := string(name) + " " + tokensText(trimSpace(prelude))
	if !s.countRule(what) {
		s.skip()
		return
	}
	switch {
	case kind == frameRule:
		s.remove(what, ReasonNesting)
	case !strings.EqualFold(decode(string(name), false), "@media"):
		s.remove(what, atRuleReason(name))
	case s.mediaDepth() >= s.o.MaxDepth:
		s.remove(what, ReasonNesting)
	default:
		q, ok := mediaQuery(prelude)
		if !ok {
			s.remove(what, ReasonMediaQuery)
			break
		}
		s.stack = append(s.stack, frame{kind: frameMedia, mark: len(s.out)})
		s.out = append(s.out, "@media "...)
		s.out = append(s.out, q...)
		s.out = append(s.out, "{\n"...)
		return
	}
	s.skip()
}

func atRuleReason(name []byte) Reason {
	if strings.EqualFold(decode(string(name), false), "@import") {
		return ReasonImport
	}
	return ReasonAtRule
}

func (s *sanitizer) mediaDepth() int {
	n := 0
	for _, f := range s.stack {
		if f.kind == frameMedia {
			n++
		}
	}
	return n
}
