package sanitize

import (
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// attributes checks the current tag's attributes into s.attrs and reports
// whether the tag must be written anew. It reads them as written (from
// htmlscan's spans for a document in memory, with attrScan.scan for a
// stream) when it can, and with Tokenizer.TagAttr otherwise.
func (s *pass) attributes(el *rules.Element, name string) bool {
	s.resetAttrs()
	fast, spanned := false, false
	if s.inMemory {
		// htmlscan has delimited the attributes already.
		s.spans, spanned = s.sc.AttrSpans(s.spans[:0])
		if spanned {
			fast = s.scan.scanSpans(s.tag, s.spans)
		}
	}
	if !spanned {
		fast = s.scan.scan(s.tag)
	}
	link := name == "a" || name == "area"
	var rel, target string
	relAt, targetAt := -1, -1
	changed := false
	s.href, s.hrefHost = "", ""
	for i, more := 0, true; more; i++ {
		var key, val, text string
		start, valEnd := 0, 0
		if fast {
			if i == len(s.scan.attrs) {
				break
			}
			a := s.scan.attrs[i]
			key, val, text, start, valEnd = transient(a.key), transient(a.val), transient(a.text), a.start, a.valEnd
		} else {
			var k, v []byte
			if k, v, more = s.z.TagAttr(); k == nil {
				break
			}
			key, val = transient(k), transient(v)
			// scan found the same attributes, in the same order, as
			// written: the text is what TagAttr decoded.
			if i < len(s.scan.attrs) && string(s.scan.attrs[i].key) == key {
				a := s.scan.attrs[i]
				text, start, valEnd = transient(a.text), a.start, a.valEnd
			}
		}
		if i >= s.r.Limits.MaxAttributes {
			changed = true
			if i == s.r.Limits.MaxAttributes {
				s.removedAttr(name, key, val, ReasonTooManyAttributes)
			}
			continue
		}
		if link && (key == "rel" || key == "target") {
			// Held in its place; links() decides its value. A repeat
			// (read by TagAttr, which keeps them) is dropped: a browser
			// reads the first.
			if key == "rel" && relAt >= 0 || key == "target" && targetAt >= 0 {
				changed = true
				s.removedAttr(name, key, val, ReasonDuplicate)
				continue
			}
			if key == "rel" {
				rel, relAt = val, len(s.attrs)
			} else {
				target, targetAt = val, len(s.attrs)
			}
			s.attrs = append(s.attrs, attr{key: key, val: val, text: text, start: start, valEnd: valEnd})
			continue
		}
		out, res, reason := s.check(el, key, val)
		if reason != "" {
			changed = true
			s.removedAttr(name, key, val, reason)
			continue
		}
		if out != val {
			changed, text = true, ""
			action, why := RewroteURL, ReasonCanonical
			switch {
			case s.hooked.URL != "":
				why = ReasonURLHook
			case s.rewroteWhy != "":
				action, why = s.rewroteAction, s.rewroteWhy
			}
			s.change(Change{Element: name, Attribute: key, Action: action,
				Reason: why, Before: val, After: out, Flags: s.flags})
		} else if s.flags != 0 {
			s.change(Change{Element: name, Attribute: key, Action: Flagged,
				Reason: ReasonSuspicious, Before: val, Flags: s.flags})
		}
		if link && key == "href" {
			// The URL as the author wrote it (canonical), not a hook's:
			// what the link-text check and rel_on judge.
			s.href, s.hrefHost = res.URL, res.Host
		}
		a := attr{key: key, val: out, text: text, start: start, valEnd: valEnd}
		// An empty fragment ("#", "/page#"): see fragmentMark.
		if a.mark = res.URL != "" && strings.HasSuffix(out, "#"); a.mark && text == "" && !changed {
			// Not where scan found it (a NUL in a name): written anew.
			changed = true
			s.change(Change{Element: name, Attribute: key, Action: RewroteTag, Reason: ReasonUnreadableAttributes})
		}
		s.attrs = append(s.attrs, a)
	}
	for _, d := range s.scan.dups {
		changed = true
		s.flags = 0
		s.removedAttr(name, transient(d.key), transient(d.val), ReasonDuplicate)
	}
	if link {
		changed = s.links(name, s.href != "", s.hrefHost, rel, target, relAt, targetAt) || changed
	}
	if name == embedElement && s.hasSrc() { // else the iframe goes
		changed = s.embedSandbox(name) || changed
	}
	return changed
}

// check decides one attribute: its value as written, or a reason to drop.
func (s *pass) check(el *rules.Element, key, val string) (string, urlnorm.Result, Reason) {
	var res urlnorm.Result
	s.flags, s.rewroteWhy, s.hooked = 0, "", urlnorm.Result{}
	s.attr, s.attrEl = key, el.Name
	if strings.HasPrefix(key, "on") {
		return "", res, ReasonEventHandler
	}
	ids := s.idPre != "" && (key == "id" || key == "name") && el.Name != embedElement
	rule := el.Attr(key)
	classes := key == "class" && el.FiltersClasses()
	switch {
	case rule == nil && !classes && !ids:
		return "", res, ReasonNotAllowed
	case len(val) > s.r.Limits.MaxAttributeBytes:
		return "", res, ReasonTooLong
	case ids:
		out, reason := s.id(val)
		return out, res, reason
	}
	if key == "sandbox" && el.Name == embedElement {
		// The policy's, whatever the input said.
		v := s.r.Sandbox
		if val != v {
			s.rewroteAction, s.rewroteWhy = RewroteAttribute, ReasonEmbedSandbox
		}
		return v, res, ""
	}
	out := val
	if !utf8.ValidString(val) {
		out = strings.ToValidUTF8(val, "\uFFFD") // as a browser decodes it
		if rule == nil || !urlKind(rule.Kind) {
			// A URL's repair is its canonical form; anything else's is this.
			s.rewroteAction, s.rewroteWhy = RewroteAttribute, ReasonInvalidUTF8
		}
	}
	if classes && (rule == nil || !rule.Allows(out)) {
		// Not allowed as a whole by an attribute entry: token by token.
		out, reason := s.classes(el, out)
		return out, res, reason
	}
	// The compiled rule knows what the value holds (rules.KindOf, or the
	// policy's declaration); a kind this pass does not know is dropped.
	var reason Reason
	switch k := rule.Kind; k {
	case rules.KindURL:
		out, res, reason = s.url(out)
		if reason == "" && s.idPre != "" && (key == "href" || key == "xlink:href" || key == "usemap") {
			out = s.fragment(out)
		}
		if reason == "" && el.Name == embedElement {
			if s.hooked.URL != "" {
				// The hook's URL is what loads: judge it, not the author's.
				reason = s.embedSrc(s.hooked)
			} else {
				reason = s.embedSrc(res)
			}
		}
	case rules.KindSrcset:
		out, reason = s.srcset(out)
	case rules.KindURLList:
		out, reason = s.spaced(out)
	case rules.KindCSS:
		if !rule.PerProperty() {
			reason = s.css(out)
			break
		}
		var dropped bool
		if out, dropped, reason = s.styles(rule, out); dropped {
			s.rewroteAction, s.rewroteWhy = RewroteAttribute, ReasonCSSFiltered
		}
	default:
		if !k.Inert() {
			reason = ReasonUnknownKind
		}
	}
	if reason != "" {
		return "", res, reason
	}
	if !rule.Allows(out) {
		return "", res, ReasonValueNotAllowed
	}
	return out, res, ""
}

// url normalises one URL with the policy's options. An empty result is
// refused: it would be a link to the page itself that no reader sees. The
// flags the policy ignores (urls.flags) are left out of s.flags, so that
// no report names them.
func (s *pass) url(v string) (string, urlnorm.Result, Reason) {
	res, err := urlnorm.Inspect(v, s.urlOpts)
	s.flags |= res.Flags &^ s.ignored
	if err != nil {
		var re *urlnorm.RejectError
		if errors.As(err, &re) {
			reason := URLReason(re.Reason)
			// A nested URL refused for its flags: report them on the outer.
			for ok := true; ok; ok = re.Err != nil && errors.As(re.Err, &re) {
				s.flags |= re.Flags &^ s.ignored
			}
			return "", res, reason
		}
		return "", res, ReasonInvalidURL
	}
	out := res.URL
	if out == "" {
		return "", res, ReasonEmptyURL
	}
	if s.hooks.URL != nil && s.hideAt < 0 {
		return s.urlHook(out, res)
	}
	return out, res, ""
}

// links sets rel and target on a link: the policy's rel tokens on every
// link with an href (external ones only, with links.rel_on: external),
// target="_blank" on external ones if the policy says so. What the author wrote is replaced in its place (relAt, targetAt:
// its index in s.attrs, or -1), or removed; a new one goes last.
func (s *pass) links(name string, hasHref bool, host, rel, target string, relAt, targetAt int) bool {
	wantRel, wantTarget := "", ""
	if hasHref {
		// External as a browser sees it: a host ("https://x", "//x",
		// "\\x"), not one of the site's; relative references are internal.
		external := host != "" && !s.r.Internal[host]
		if !s.relExt || external {
			wantRel = s.rel
		}
		if s.r.TargetBlank && external {
			wantTarget = "_blank"
		}
	}
	changed, drop := false, 0
	for _, a := range [...]struct {
		key, have, want string
		at              int
	}{{"rel", rel, wantRel, relAt}, {"target", target, wantTarget, targetAt}} {
		switch {
		case a.have == a.want && (a.want != "" || a.at < 0):
			continue
		case a.at >= 0 && a.want == "":
			s.attrs[a.at].key = "" // removed below
			drop++
		case a.at >= 0:
			s.attrs[a.at] = attr{key: a.key, val: a.want}
		default:
			s.attrs = append(s.attrs, attr{key: a.key, val: a.want})
		}
		changed = true
		s.change(Change{Element: name, Attribute: a.key, Action: RewroteAttribute,
			Reason: ReasonLinkPolicy, Before: a.have, After: a.want})
	}
	if drop > 0 {
		s.attrs = slices.DeleteFunc(s.attrs, func(a attr) bool { return a.key == "" })
	}
	return changed
}

func (s *pass) removedAttr(element, key, val string, reason Reason) {
	if s.report == nil {
		return
	}
	s.change(Change{Element: element, Attribute: key, Action: RemovedAttribute,
		Reason: reason, Before: val, Flags: s.flags})
}

// srcset checks each image candidate of a srcset (HTML §4.8.4.3.10 "parse a
// srcset attribute"): candidates with a refused URL or a malformed
// descriptor are dropped; the attribute is dropped if none is left.
func (s *pass) srcset(v string) (string, Reason) {
	var out []string
	changed, reason := false, Reason("")
	for i := 0; i < len(v); {
		for i < len(v) && (isSpace(v[i]) || v[i] == ',') {
			i++
		}
		if i == len(v) {
			break
		}
		start := i
		for i < len(v) && !isSpace(v[i]) {
			i++
		}
		u, desc := v[start:i], ""
		if trimmed := strings.TrimRight(u, ","); len(trimmed) < len(u) {
			u = trimmed
		} else {
			d := i
			for depth := 0; i < len(v) && (v[i] != ',' || depth > 0); i++ {
				switch v[i] {
				case '(':
					depth++
				case ')':
					depth--
				}
			}
			desc = strings.TrimSpace(v[d:i])
		}
		canon, _, r := s.url(u)
		switch {
		case r == "" && !validDescriptor(desc):
			r = ReasonBadDescriptor
		case r == "" && (strings.HasPrefix(canon, ",") || strings.HasSuffix(canon, ",")):
			r = ReasonAmbiguousComma
		}
		if r != "" {
			changed, reason = true, r
			continue
		}
		cand := canon
		if desc != "" {
			cand += " " + desc
		}
		changed = changed || canon != u
		out = append(out, cand)
	}
	if len(out) == 0 {
		if reason == "" {
			reason = ReasonEmptyURL
		}
		return "", reason
	}
	if !changed {
		return v, ""
	}
	return strings.Join(out, ", "), ""
}

// validDescriptor accepts what browsers use: none, "Nw", "Nx" or "Nh".
func validDescriptor(d string) bool {
	if d == "" {
		return true
	}
	if len(d) < 2 {
		return false
	}
	num, unit := d[:len(d)-1], d[len(d)-1]
	dot := false
	for i := 0; i < len(num); i++ {
		switch c := num[i]; {
		case c == '.' && !dot && unit == 'x':
			dot = true
		case c < '0' || c > '9':
			return false
		}
	}
	return unit == 'w' || unit == 'x' || unit == 'h'
}

// spaced checks a space-separated list of URLs (ping, itemtype, ...).
func (s *pass) spaced(v string) (string, Reason) {
	fields := strings.Fields(v)
	out := fields[:0]
	reason := Reason("")
	for _, f := range fields {
		canon, _, r := s.url(f)
		if r != "" {
			reason = r
			continue
		}
		out = append(out, canon)
	}
	if len(out) == 0 {
		if reason == "" {
			reason = ReasonEmptyURL
		}
		return "", reason
	}
	return strings.Join(out, " "), ""
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// urlKind reports whether k holds URLs, which check rewrites canonical.
func urlKind(k rules.Kind) bool {
	return k == rules.KindURL || k == rules.KindSrcset || k == rules.KindURLList
}
