package rules

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// Element is an allowed element and the attributes allowed on it: by
// name, by data-* wildcard ([Element.Attr]) and, for class, token by
// token ([Element.AllowsClass]).
type Element struct {
	// Name is the element's local name, lower case, as a tag writes it
	// ("circle"); NS its namespace. [Rules.Elements] keys it by
	// [ElementKey] ("svg:circle").
	Name     string
	NS       Namespace
	Attrs    map[string]*Attr // by name
	Wild     []Wild           // data-* wildcards, for names Attrs lacks
	Declared map[string]Kind  // the kinds the policy declares, for Wild
	Classes  []*ClassRule     // per-token class rules, or none
}

// Attr allows an attribute on an element: the value must match one of
// its patterns, or anything if Any. Its Kind says how sanitize checks the
// value.
type Attr struct {
	Kind     Kind
	Any      bool
	Patterns []Matcher
	Sources  []string // the patterns as written
	Styles   *Styles  // a style attribute allowed per property, or nil
	// TopLayer is set on the rule of a [TopLayer] attribute when the
	// policy does not allow the top layer: the attribute is dropped, or
	// for a command kept only with a closing value ([ClosingCommand]).
	TopLayer bool
}

// RefusesTopLayer reports whether the rule drops the value v because it
// would put an element in the top layer.
// It is small enough to inline, so that an attribute of any other rule
// costs the test of one field.
func (r *Attr) RefusesTopLayer(name, v string) bool {
	return r.TopLayer && refusesTopLayer(name, v)
}

func refusesTopLayer(name, v string) bool {
	return name != "command" || !ClosingCommand(v)
}

// Wild is a data-* wildcard allowed on an element.
type Wild struct {
	Prefix string // "data-", "data-md-"
	Rule   *Attr
}

// ClassRule is one compiled class rule, shared by the elements it covers.
type ClassRule struct {
	Tokens map[string]bool
	Match  *Matcher
}

// Styles is what an element's style attribute allows: a value pattern per
// property, and the pattern of a whole attribute made of them.
type Styles struct {
	Props map[string]*regexp.Regexp // anchored, the CSS-wide keywords included
	Parts map[string]string         // the same, unanchored, for Whole
	Whole *regexp.Regexp
}

// Key returns the name [Rules.Elements] keys the element by.
func (e *Element) Key() string { return ElementKey(e.NS, e.Name) }

// Attr returns the rule of an attribute allowed on the element, or nil.
// The name must be lower case. An entry that names the attribute wins
// over a data-* wildcard that covers it.
func (e *Element) Attr(name string) *Attr {
	if r := e.Attrs[name]; r != nil || len(e.Wild) == 0 {
		return r
	}
	return e.wildAttr(name)
}

// wildAttr returns the rule of the wildcard that covers name, or nil.
// Where several do (data-* and data-md-*), the longest prefix wins, as
// an entry that names the attribute wins over any wildcard.
func (e *Element) wildAttr(name string) *Attr {
	var best *Wild
	for i, w := range e.Wild {
		if (best == nil || len(w.Prefix) > len(best.Prefix)) && CoveredName(w.Prefix, name, e.Declared) {
			best = &e.Wild[i]
		}
	}
	if best == nil {
		return nil
	}
	return best.Rule
}

// Add enters one attribute entry (m nil: any value) on the element.
func (e *Element) Add(name string, m *Matcher, kind Kind) {
	r := e.Attrs[name]
	if r == nil {
		r = &Attr{Kind: kind}
		e.Attrs[name] = r
	}
	r.add(m)
}

// AddWild enters one wildcard entry (m nil: any value) on the element;
// rules finds the element's rule for a prefix it already has.
func (e *Element) AddWild(prefix string, m *Matcher, declared map[string]Kind, rules map[[2]string]*Attr) {
	e.Declared = declared
	key := [2]string{e.Key(), prefix}
	r := rules[key]
	if r == nil {
		r = &Attr{Kind: KindText}
		rules[key] = r
		e.Wild = append(e.Wild, Wild{prefix, r})
	}
	r.add(m)
}

func (r *Attr) add(m *Matcher) {
	if m == nil {
		r.Any = true
	} else {
		r.Patterns = append(r.Patterns, *m)
		r.Sources = append(r.Sources, m.Source)
	}
}

// FiltersClasses reports whether a class rule covers the element: its
// class attribute is then filtered per token with [Element.AllowsClass]
// (a value an attribute entry allows as a whole is kept as it is).
func (e *Element) FiltersClasses() bool { return len(e.Classes) > 0 }

// AllowsClass reports whether one class token may stay on the element.
func (e *Element) AllowsClass(token string) bool {
	for _, r := range e.Classes {
		if r.Tokens[token] || r.Match != nil && r.Match.MatchString(token) {
			return true
		}
	}
	return false
}

// Allows reports whether the attribute may have this value.
func (r *Attr) Allows(value string) bool {
	if r.Any {
		return true
	}
	for _, m := range r.Patterns {
		if m.MatchString(value) {
			return true
		}
	}
	return false
}

// PerProperty reports whether the rule is a style attribute allowed
// property by property: sanitize filters its declarations with
// AllowsDeclaration, and the whole value must still satisfy Allows.
func (r *Attr) PerProperty() bool { return r.Styles != nil }

// AllowsDeclaration reports whether a style declaration may be kept:
// property, lower case, with value, trimmed of whitespace.
func (r *Attr) AllowsDeclaration(property, value string) bool {
	if r.Styles == nil {
		return false
	}
	re := r.Styles.Props[property]
	return re != nil && re.MatchString(value)
}

// CoveredName reports whether a wildcard with this prefix covers an
// attribute name: it starts with the prefix and goes on with lower-case
// ASCII letters, digits, "_", "." and "-" (what bluemonday's data
// attribute check lets through, and no more), it is not data-xml*, and
// nothing says it holds more than inert text: not its name (data-src),
// nor a kind the policy declares for it (declared), nor a front-end
// library that runs it ([Gadget]).
func CoveredName(prefix, name string, declared map[string]Kind) bool {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok || rest == "" || strings.HasPrefix(name, "data-xml") || Gadget(name) {
		return false
	}
	for i := 0; i < len(rest); i++ {
		if !wildNameByte[rest[i]] {
			return false
		}
	}
	if k, ok := declared[name]; ok && !k.Inert() {
		return false
	}
	return !URLish(name)
}

// wildNameByte are the bytes a name a wildcard covers may go on with.
var wildNameByte = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	t['-'], t['_'], t['.'] = true, true, true
	return t
}()

// Matcher decides whether a whole attribute value matches a pattern.
// Patterns of the form "[class]*" (the common text pattern: titles and
// alt texts on every link and image) are matched with a byte table, which
// is an order of magnitude faster than the regexp engine; every other
// pattern uses the regexp.
type Matcher struct {
	Source string // the pattern as written
	RE     *regexp.Regexp
	class  *classStar // non-nil: the pattern is a repeated character class
}

// classStar is "[class]*": every rune of the value must be in ranges.
type classStar struct {
	ascii  [128]bool
	ranges []rune // pairs lo, hi for runes >= 0x80, sorted
}

// NewMatcher returns the matcher of re, written as source.
func NewMatcher(re *regexp.Regexp, source string) Matcher {
	return Matcher{Source: source, RE: re, class: parseClassStar(source)}
}

// MatchString reports whether v matches the whole pattern.
func (m Matcher) MatchString(v string) bool {
	if m.class != nil {
		return m.class.match(v)
	}
	return m.RE.MatchString(v)
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
