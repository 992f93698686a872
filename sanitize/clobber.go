package sanitize

import "github.com/htmlclean/htmlclean/internal/rules"

// clobbers returns why the value out of attribute key goes under
// ids.keep: unclobbered (rules.Rules.Unclobbered), or "": an id or name
// that could replace a built-in property of window, document or a form
// (HTML §7.2.2.3 named access on the Window object, §3.1.6 the
// Document's named properties, §4.10.3 the form's named getter; the last
// two shadow even document.cookie and form.action). Every id and name is
// checked, on any element, under ids.prefix too (the value as written
// under the prefix): one bool for the policies without the setting, one
// map lookup, allocating nothing, for those with it (rules.Clobbers).
func (s *pass) clobbers(key, out string) Reason {
	if s.r.Unclobbered && (key == "id" || key == "name") && rules.Clobbers(out) {
		return ReasonClobbers
	}
	return ""
}
