package policy

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// A wildcard attribute entry ("data-*", "data-md-*") allows every name
// with its prefix as text. Only data- prefixes may be wildcards: the
// policy stage keeps attributes bluemonday is given by name, and
// bluemonday's one exception is data-* (AllowDataAttributes). So a
// wildcard can never match an event handler (on*), a built-in attribute
// (none starts with "data-") or a forbidden one.

// maxWildcardBytes bounds a wildcard's length, which keeps the check of
// remove entries against the wildcards linear in the file.
const maxWildcardBytes = 64

// wildcardRE is the shape of a wildcard: "data-", then parts ending in
// "-", then "*".
var wildcardRE = regexp.MustCompile(`^data-(?:[a-z0-9_.]+-)*\*$`)

// isWildcard reports whether an attribute entry's name is meant as a
// wildcard.
func isWildcard(name string) bool { return strings.HasSuffix(name, "*") }

// wildcardProblem says why a name ending in "*" is not an allowed
// wildcard, or returns "".
func wildcardProblem(name string) string {
	prefix := strings.TrimSuffix(name, "*")
	switch {
	case strings.HasPrefix(name, "on"):
		return "is never allowed: event handlers run script"
	case !strings.HasPrefix(name, "data-"):
		return "is a prefix, and only data-* attributes can be allowed by prefix (the policy stage, bluemonday, keeps no other attribute it is not given by name): list the names"
	case len(name) > maxWildcardBytes:
		return fmt.Sprintf("is longer than %d bytes", maxWildcardBytes)
	case !wildcardRE.MatchString(name):
		return `is not a data-* wildcard ("data-*", "data-md-*": lower-case letters, digits, "_" and ".", in parts that end in "-", then "*")`
	case strings.HasPrefix(prefix, "data-xml"):
		return "matches data-xml* names, which are reserved for XML (bluemonday drops them)"
	case urlish(strings.TrimSuffix(prefix, "-")):
		return "matches only names that say they hold a URL: allow each by name, with a url kind"
	}
	return ""
}

// checkRemovedUnderWildcards refuses a remove entry that names an
// attribute one of the policy's wildcards covers: remove takes entries
// away, and cannot carve one name out of a wildcard, so the name would
// stay allowed. Its work is linear in the file: each name is looked up
// by its prefixes up to maxWildcardBytes.
func (k *compiler) checkRemovedUnderWildcards(c Config) {
	wild := map[string]string{} // prefix -> the field of its entry
	for _, l := range []struct {
		field string
		attrs []Attribute
	}{{"attributes", c.Attributes}, {"add.attributes", c.Add.Attributes}} {
		for i, a := range l.attrs {
			if isWildcard(a.Name) && wildcardProblem(a.Name) == "" && !k.removeAll[a.Name] {
				if _, ok := wild[strings.TrimSuffix(a.Name, "*")]; !ok {
					wild[strings.TrimSuffix(a.Name, "*")] = fmt.Sprintf("%s[%d]", l.field, i)
				}
			}
		}
	}
	if len(wild) == 0 {
		return
	}
	for i, r := range c.Remove.Attributes {
		if isWildcard(r.Name) {
			continue
		}
		for j := 0; j < len(r.Name) && j < maxWildcardBytes; j++ {
			if r.Name[j] != '-' {
				continue
			}
			prefix := r.Name[:j+1]
			if at, ok := wild[prefix]; ok && rules.CoveredName(prefix, r.Name, k.kinds) {
				k.fail(fmt.Sprintf("remove.attributes[%d].name", i), "%q is allowed by the wildcard %s* (%s), and remove cannot take one name out of a wildcard: narrow the wildcard with on or match instead", r.Name, prefix, at)
				break
			}
		}
	}
}
