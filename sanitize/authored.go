package sanitize

import (
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// authorLink returns the rel and target a link with an href gets when the
// policy keeps some of its author's (links.author_rel, links.targets):
// rel and target are what the policy writes (links.rel, rel_on,
// target_blank). The author's target is kept if the policy writes none
// and lists it; a link left opening another window gets noopener (and
// noreferrer if links.rel has it); the author's rel tokens the policy
// lists join the policy's. a is the policy's rules.Rules.Author.
func authorLink(a *rules.Author, lk linkAttrs, rel, target string) (string, string) {
	if target == "" {
		if t, ok := a.Target(lk.target); ok {
			target = t
		}
	}
	var extra []string
	if rules.OpensWindow(target) {
		extra = a.OpenerRel
	}
	return a.MergeRel(rel, lk.rel, extra), target
}

// dataImage decides v, a value of an attribute that may hold data: images
// (rules.DataImageAttr), when the policy keeps them: ok is false if v is
// not a data: URL, which then goes through urlnorm like any other URL.
// Otherwise the URL as it is written, or why it goes.
func dataImage(r *rules.Rules, v string) (out string, res urlnorm.Result, reason Reason, ok bool) {
	canon, isData := r.Author.Data.Check(v)
	switch {
	case !isData:
		return "", res, "", false
	case canon == "":
		return "", res, ReasonValueNotAllowed, true
	}
	return canon, urlnorm.Result{URL: canon, Scheme: "data"}, "", true
}

// deniedURL reports why a URL urlnorm accepted must go all the same:
// under urls.schemes: ["*"], its scheme is one urls.deny_schemes or the
// safety floor refuses; or it has an empty authority and nothing after
// it but a query or fragment ("web+x://", "irc://?x"), which Go's
// net/url, and so the policy stage, writes without the "//" ("irc:?x"),
// another URL.
func deniedURL(r *rules.Rules, res urlnorm.Result) Reason {
	if r.AnyScheme && r.DenySchemes[res.Scheme] {
		return URLReason(urlnorm.ReasonSchemeNotAllowed)
	}
	if res.Host == "" && res.Scheme != "" && emptyAuthority(res.URL[len(res.Scheme)+1:]) {
		return URLReason(urlnorm.ReasonHost)
	}
	return ""
}

// emptyAuthority reports whether rest, a URL after its scheme and ":",
// is "//" followed by nothing, a query or a fragment.
func emptyAuthority(rest string) bool {
	after, ok := strings.CutPrefix(rest, "//")
	return ok && (after == "" || after[0] == '?' || after[0] == '#')
}

// crossOrigin writes crossorigin="anonymous" on an img, audio or video
// that keeps an attribute (as bluemonday does: a bare element fetches
// nothing), in place of the author's, or last; it reports whether the
// tag changed.
func (s *pass) crossOrigin(name string) bool {
	if name != "img" && name != "audio" && name != "video" || len(s.attrs.list) == 0 {
		return false
	}
	const want = "anonymous"
	at, have := -1, ""
	for i, a := range s.attrs.list {
		if a.key == "crossorigin" {
			at, have = i, a.val
			break
		}
	}
	switch {
	case at >= 0 && have == want:
		return false
	case at >= 0:
		s.attrs.list[at] = attr{key: "crossorigin", val: want}
	default:
		s.attrs.list = append(s.attrs.list, attr{key: "crossorigin", val: want})
	}
	s.change(Change{Element: name, Attribute: "crossorigin", Action: RewroteAttribute,
		Reason: ReasonCrossOrigin, Before: have, After: want})
	return true
}
