package stylesheet

import (
	"errors"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
)

// Defaults for the limits of [Options] left at zero.
const (
	DefaultMaxBytes = 1 << 20
	DefaultMaxRules = 4096
	DefaultMaxDepth = 3
	// MaxZIndex is the largest z-index magnitude kept: a mail needs a few
	// layers, never one above the host page's own (overlays use 2^31-1).
	MaxZIndex = 1000
)

// Options configures [Sanitize]. It is a plain value; Scope must be set,
// and the zero value of every other field is the strictest setting.
type Options struct {
	// Scope is the selector of the wrapper element the mail is written
	// in: "." or "#" and an identifier of ASCII letters, digits, "-" and
	// "_", optionally after ":scope" (":scope.htmlclean-mail": the output
	// goes inside a prelude-less @scope rule whose scoping root is the
	// wrapper, see the package documentation). Every kept selector is
	// prefixed by it; body, html, :root and the scope itself, with or
	// without ":scope", leading a selector, map to it.
	Scope string
	// ID maps the decoded name of an #id selector to the id the
	// sanitiser writes for it, or refuses it: pass the policy's id
	// rewriting (ids.prefix) so that selectors and attributes agree. Nil
	// drops every id selector but the scope's own.
	ID func(id string) (string, bool)
	// Decl reports whether a declaration is allowed; property is lower
	// case, value is the canonical serialisation that is written out
	// (URLs already replaced), without "!important". Nil allows none.
	Decl func(property, value string) bool
	// URL checks the decoded content of each url(): it returns the
	// canonical URL to write, or false to remove the declaration. Nil
	// refuses every URL. It must accept its own output unchanged (as
	// urlnorm.Normalize does), or Sanitize is not idempotent.
	URL func(raw string) (string, bool)
	// MaxBytes is the largest stylesheet accepted (default
	// [DefaultMaxBytes]); MaxRules the number of rules and at-rules read
	// before the rest is dropped ([DefaultMaxRules]); MaxDepth the
	// deepest @media nesting kept ([DefaultMaxDepth]).
	MaxBytes, MaxRules, MaxDepth int
}

// Removal records one rule, selector or declaration removed from the
// stylesheet. Line is the 1-based line, in the input, on which the
// parser finished reading the construct; What is its source text, cut
// to 80 bytes, or for the rules past Options.MaxRules, reported once, how
// many were dropped.
type Removal struct {
	Line   int
	What   string
	Reason Reason
}

// Errors returned by [Sanitize]; compare with [errors.Is].
var (
	ErrScope    = errors.New("stylesheet: scope must be .name or #name")
	ErrTooLarge = errors.New("stylesheet: stylesheet larger than MaxBytes")
	errStuck    = errors.New("stylesheet: parser made no progress")
)

// Sanitize parses the stylesheet raw (the text content of a <style>
// element) and returns it re-serialised with only what [Options] allows,
// every selector scoped under o.Scope, and the list of what it removed.
// The output never contains "<". On error it returns "" and nil.
//
// Sanitize is safe for concurrent use if o.ID, o.Decl and o.URL are.
// Removal.What holds input text and must be escaped where it is shown.
func Sanitize(raw string, o Options) (string, []Removal, error) {
	out, removed, _, err := SanitizeCount(raw, o)
	return out, removed, err
}

// SanitizeCount is [Sanitize] that also returns how many rules and
// at-rules it read within o.MaxRules, kept or not: the caller that
// writes several sheets as one passes what is left of one sheet's limit
// as the next sheet's MaxRules, so that the sheet it writes holds no
// more than one sheet may (and is kept whole when read again).
//
// Past MaxRules the rest of the sheet is dropped and reported by one
// removal, at the first rule dropped, whose What says how many were.
func SanitizeCount(raw string, o Options) (string, []Removal, int, error) {
	if !validScope(o.Scope) {
		return "", nil, 0, ErrScope
	}
	o.MaxBytes = orDefault(o.MaxBytes, DefaultMaxBytes)
	o.MaxRules = orDefault(o.MaxRules, DefaultMaxRules)
	o.MaxDepth = orDefault(o.MaxDepth, DefaultMaxDepth)
	if len(raw) > o.MaxBytes {
		return "", nil, 0, ErrTooLarge
	}
	src := closeStrays(unwrapScope(Preprocess(raw))) // rule.go
	s := &sanitizer{o: o, src: src, p: css.NewParser(parse.NewInputString(src), false), cut: -1}
	if err := s.run(); err != nil {
		return "", nil, 0, err
	}
	out := string(s.out)
	if strings.ContainsRune(out, '<') {
		return "", nil, 0, errors.New("stylesheet: internal error: '<' in output")
	}
	if s.cut >= 0 {
		s.removed[s.cut].What = cutText(s.dropped)
	}
	return out, s.removed, min(s.rules, o.MaxRules), nil
}

func orDefault(v, d int) int {
	if v <= 0 {
		return d
	}
	return v
}

// validScope reports whether scope is "." or "#" and an ASCII identifier,
// optionally after ":scope".
func validScope(scope string) bool {
	scope = strings.TrimPrefix(scope, scopePseudo)
	return len(scope) > 1 && (scope[0] == '.' || scope[0] == '#') && validIdent(scope[1:])
}

// unwrapScope reads a sheet that is one prelude-less @scope rule, as the
// caller writes the output (see the package documentation, Using it), as
// the rule's content: the at-keyword, "{" and the last "}" become
// spaces, so that offsets and lines stay the input's. The parser reads
// an @scope block as an unknown at-rule's tokens, not as rules. Only
// the whole sheet is unwrapped: another @scope rule is removed as an
// unknown at-rule, and a sheet that goes on after the rule's "}" is
// read as if the rule ran to its end, which is never read more broadly
// than any sheet, every selector being scoped.
func unwrapScope(src string) string {
	start := strings.TrimLeft(src, " \t\n")
	end := strings.TrimRight(start, " \t\n")
	if len(end) < len("@scope{}") || !strings.EqualFold(end[:len("@scope")], "@scope") || end[len(end)-1] != '}' {
		return src
	}
	open := len(src) - len(start) + len("@scope")
	for open < len(src) && strings.IndexByte(" \t\n", src[open]) >= 0 {
		open++
	}
	if src[open] != '{' {
		return src // a prelude, or "@scopex"
	}
	b := []byte(src)
	for i := len(src) - len(start); i <= open; i++ {
		b[i] = ' '
	}
	b[len(src)-len(start)+len(end)-1] = ' '
	return string(b)
}

// scopePseudo is the pseudo-class of a scoping root: in a prelude-less
// @scope rule, the parent of the <style> element (CSS Cascade 6 §2.5.1).
const scopePseudo = ":scope"

// validIdent reports whether s is an identifier needing no escape: ASCII
// letters, digits, "-" and "_", starting with a letter or "_".
func validIdent(s string) bool {
	if s == "" || !(s[0] == '_' || 'a' <= s[0]|0x20 && s[0]|0x20 <= 'z') {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '-' || '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z') {
			return false
		}
	}
	return true
}
