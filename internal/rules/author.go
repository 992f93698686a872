package rules

import (
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/internal/ascii"
)

// Author is what links and images may keep of what their author wrote,
// where the policy would otherwise replace or refuse it: rel tokens
// (links.author_rel), targets (links.targets) and data: images
// (urls.data_images). The zero value keeps nothing.
type Author struct {
	Rel     map[string]bool // rel tokens kept, lower case
	Targets map[string]bool // targets kept; keywords (_blank, ...) lower case
	// OpenerRel are the tokens a link that opens another window gets:
	// noopener, and noreferrer when links.rel has it. Sorted.
	OpenerRel []string
	Data      DataImages
}

// KeepsLinks reports whether links keep any of their author's rel or
// target.
func (a *Author) KeepsLinks() bool { return len(a.Rel) > 0 || len(a.Targets) > 0 }

// Target returns the author's target v as it is written, keywords in
// lower case (HTML §7.3.1.7 compares them ASCII case-insensitively), and
// whether the policy keeps it.
func (a *Author) Target(v string) (string, bool) {
	if strings.HasPrefix(v, "_") {
		v = ascii.Lower(v)
	}
	return v, v != "" && a.Targets[v]
}

// OpensWindow reports whether a link with target t (as [Author.Target]
// writes it) opens another window, which gets a handle on this one
// (window.opener) unless rel says noopener: _blank, or a window name,
// which opens a new window when none has it.
func OpensWindow(t string) bool {
	switch t {
	case "", "_self", "_parent", "_top":
		return false
	}
	return true
}

// MergeRel returns the rel value of a link: the policy's tokens (a
// space-separated, sorted set), the author's tokens that [Author.Rel]
// keeps (split on ASCII whitespace and compared in lower case, as
// browsers read rel), and extra, as one sorted set without repeats.
func (a *Author) MergeRel(policy, author string, extra []string) string {
	tokens := strings.Fields(policy)
	for _, t := range splitASCIISpace(author) {
		if t = ascii.Lower(t); a.Rel[t] {
			tokens = append(tokens, t)
		}
	}
	tokens = append(tokens, extra...)
	slices.Sort(tokens)
	return strings.Join(slices.Compact(tokens), " ")
}

// splitASCIISpace splits s on ASCII whitespace (HTML's "split a string
// on ASCII whitespace"), not on the Unicode spaces strings.Fields also
// splits on: a browser reads "tag\u00a0x" as one token.
func splitASCIISpace(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
	})
}
