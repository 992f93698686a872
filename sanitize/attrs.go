package sanitize

import (
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/htmlclean/htmlclean/internal/htmlscan"
	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/internal/stylesheet"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// attrReader is the part of the pass that reads the current tag's
// attributes and holds them as they will be written.
type attrReader struct {
	list []attr // the current tag's attributes, as they will be written
	// high is the most list has held in this document: clear clears
	// that much.
	high int
	scan attrScan // the current tag's attributes, as attrScan.scan found them
	// reserved says the current tag's class names the mark's
	// (linkmark.go): attributes read no further.
	reserved bool
	spans    []htmlscan.AttrSpan // where they stand, when the Scanner reads the document
	// keyed says the current tag is a formatting element the pass
	// reopens (reconstruct.go), and key is then its attributes' attrKey.
	keyed bool
	key   uint64
}

// reset empties the list for the next tag.
func (a *attrReader) reset() {
	a.high = max(a.high, len(a.list))
	a.list, a.reserved, a.key = a.list[:0], false, 0
}

// clear drops what the attributes read point to (a document in memory is
// read where it stands, and a pooled pass must not keep it alive): the
// attributes beyond the current length too, what an earlier, larger tag
// left.
func (a *attrReader) clear() {
	clear(a.list[:max(a.high, len(a.list))])
	a.scan.clear()
	a.high = 0
}

// oversized reports whether a hostile document grew a buffer past what a
// pooled pass keeps.
func (a *attrReader) oversized() bool {
	return cap(a.list) > maxPooledItems || cap(a.scan.keys) > maxPooledBytes ||
		cap(a.scan.attrs) > maxPooledItems || cap(a.scan.dups) > maxPooledItems ||
		cap(a.spans) > maxPooledItems || len(a.scan.seen) > maxSeen
}

// hasSrc reports whether the current tag kept its src.
func (a *attrReader) hasSrc() bool {
	for _, at := range a.list {
		if at.key == "src" {
			return true
		}
	}
	return false
}

// attr is an attribute to write. Strings taken from the tokenizer's
// buffer are only valid until the next token (see transient).
type attr struct {
	key, val string
	text     string // the attribute exactly as written, if val is unchanged
	// Where text starts and its value ends in the tag (s.in.tag), if
	// text is set.
	start, valEnd int
	mark          bool // val is a URL with an empty fragment: write fragmentMark after it
	// stage is val as the policy stage writes it, where that differs
	// (stageSpelling), or "": the canonical form predicts the stage.
	stage string
}

// attributes checks the current tag's attributes into s.attrs.list and
// reports whether the tag must be written anew, and for a link (an
// element that navigates) where it goes. It
// reads them as written (from htmlscan's spans for a document in memory,
// with attrScan.scan for a stream) when it can, and with
// Tokenizer.TagAttr otherwise.
func (s *pass) attributes(el *rules.Element, name string) (changed bool, dest linkDest) {
	fast := s.attrs.scanTag(&s.in)
	if s.hid.at < 0 && (fast && s.attrs.scan.reserved() || !fast && reservedClass(s.in.tag)) {
		s.attrs.reserved = true // the element goes with its content
		return false, linkDest{}
	}
	link := el.NS == rules.NSHTML && (name == "a" || name == "area") || el.NS != rules.NSHTML && navigates(el)
	lk := linkAttrs{relAt: -1, targetAt: -1, xlinkAt: -1}
	var lkp *linkAttrs // where checkAttr notes a link's href
	if link {
		lkp = &lk
	}
	// The attributes the pass writes itself whatever the input says (a
	// link's rel and target, crossorigin, an embed's sandbox) are not
	// counted under max_attributes: they are in its output, which must
	// pass the limit again as the input did.
	written, tooMany := 0, false
	for i, more := 0, true; more; i++ {
		var a attr
		if fast {
			if i == len(s.attrs.scan.attrs) {
				break
			}
			sa := &s.attrs.scan.attrs[i]
			a = attr{key: transient(sa.key), val: transient(sa.val), text: transient(sa.text), start: sa.start, valEnd: sa.valEnd}
		} else {
			var ok bool
			if a, more, ok = s.attrs.tagAttr(s.in.z, i); !ok {
				break
			}
		}
		if s.attrs.keyed {
			s.attrs.key += attrKey(a.key, a.val)
		}
		switch {
		case link && (a.key == "rel" || a.key == "target"):
			written++
			if s.attrs.holdLinkAttr(&lk, a) {
				s.removedAttr(name, a.key, a.val, ReasonDuplicate, 0)
				changed = true
			}
		case i-written >= s.r.Limits.MaxAttributes && !writtenAnyway(s.r.CrossOrigin, name, a.key):
			changed = true
			if !tooMany {
				tooMany = true
				s.removedAttr(name, a.key, a.val, ReasonTooManyAttributes, 0)
			}
		default:
			changed = s.checkAttr(el, name, &a, lkp, changed)
		}
	}
	for _, d := range s.attrs.scan.dups {
		changed = true
		s.removedAttr(name, transient(d.key), transient(d.val), ReasonDuplicate, 0)
	}
	if link && el.NS != rules.NSHTML {
		if a, dropped := s.attrs.xlinkHref(&lk); dropped {
			s.removedAttr(name, a.key, a.val, ReasonDuplicate, 0)
			changed = true
		}
	}
	if link {
		changed = s.attrs.links(&s.r, name, lk, s.change) || changed
	}
	if s.r.CrossOrigin {
		changed = s.crossOrigin(name) || changed
	}
	if name == embedElement && s.attrs.hasSrc() { // else the iframe goes
		changed = s.embedSandbox(name) || changed
	}
	if name == "img" {
		s.mail.trackingPixel(s.attrs.scan.attrs, s) // mailremote.go
	}
	return changed, lk.linkDest
}

// writtenAnyway reports whether the pass writes the attribute key of the
// element name itself, whatever the input says (crossOrigin: the
// policy's crossorigin setting): it is kept past max_attributes, as the
// pass would add it.
func writtenAnyway(crossOrigin bool, name, key string) bool {
	return crossOrigin && key == "crossorigin" || name == embedElement && key == "sandbox"
}

// scanTag empties the list and finds the attributes of in's current tag
// as written; it reports whether they can be read from the scan alone
// (fast), without Tokenizer.TagAttr.
func (a *attrReader) scanTag(in *input) (fast bool) {
	a.reset()
	spanned := false
	if in.inMemory {
		// htmlscan has delimited the attributes already.
		a.spans, spanned = in.sc.AttrSpans(a.spans[:0])
		if spanned {
			fast = a.scan.scanSpans(in.tag, a.spans)
		}
	}
	if !spanned {
		fast = a.scan.scan(in.tag)
	}
	return fast
}

// tagAttr returns the current tag's attribute i as z's TagAttr reads it,
// with the text the scan found where it found the same attribute. more
// is false after the last one; ok is false when there is none.
func (r *attrReader) tagAttr(z tokenizer, i int) (a attr, more, ok bool) {
	k, v, more := z.TagAttr()
	if k == nil {
		return a, false, false
	}
	a.key, a.val = transient(k), transient(v)
	// scan found the same attributes, in the same order, as written: the
	// text is what TagAttr decoded.
	if i < len(r.scan.attrs) && string(r.scan.attrs[i].key) == a.key {
		sa := r.scan.attrs[i]
		a.text, a.start, a.valEnd = transient(sa.text), sa.start, sa.valEnd
	}
	return a, more, true
}

// linkDest is where a link goes: its href as the author wrote it
// (canonical), its host, and the attribute that says so (href, or a
// foreign link's xlink:href); all "" if it has none. Transient.
type linkDest struct{ href, host, key string }

// linkAttrs are a link's rel and target as written, and where they stand
// in the list (or -1): links() decides their values. href and host are
// its href as the author wrote it (canonical) and its host, or "": what
// links() and the link-text check judge. All are transient.
type linkAttrs struct {
	rel, target     string
	relAt, targetAt int
	linkDest
	// A foreign link's xlink:href: its URL and host, and its index in
	// the list (or -1); sawHref says the tag has an href, kept or not
	// (see xlinkHref).
	xlinkHref, xlinkHost string
	xlinkAt              int
	sawHref              bool
	// The hosts of the URLs the URL hook wrote in href and xlink:href,
	// if it rewrote them: a link is external to links() if either
	// the author's or the hook's URL is.
	hookHost, xlinkHookHost string
}

// navigates reports whether el is an element that follows its href when
// clicked, whichever its namespace: HTML a and area, SVG a (href or
// xlink:href, SVG 2 §16.2.1), and a MathML element the policy lets carry
// an href, which Firefox and WebKit follow as a link (MathML 3 §2.1.6;
// MathML Core leaves it out and Chromium ignores it, but the reader's
// browser may be either; older Firefox read xlink:href there too). Each
// gets every links setting.
func navigates(el *rules.Element) bool {
	switch el.NS {
	case rules.NSHTML:
		return el.Name == "a" || el.Name == "area"
	case rules.NSSVG:
		return el.Name == "a"
	case rules.NSMathML:
		return el.Attr("href") != nil || el.Attr("xlink:href") != nil
	}
	return false
}

// xlinkHref settles which URL a foreign link follows: its href when the
// tag has one, xlink:href only when it does not (SVG 2 §16.2.1, "if both
// are present, href is used"; Chromium's SVGURIReference does so). The
// ignored xlink:href is dropped, even when the href itself was refused:
// kept, it would become the link's destination unchecked by the link
// settings. It returns the attribute it dropped, if it did (the caller
// reports it).
func (r *attrReader) xlinkHref(lk *linkAttrs) (dropped attr, ok bool) {
	switch {
	case lk.xlinkAt < 0:
		return attr{}, false
	case !lk.sawHref:
		lk.linkDest = linkDest{lk.xlinkHref, lk.xlinkHost, "xlink:href"}
		lk.hookHost = lk.xlinkHookHost
		return attr{}, false
	}
	dropped = r.list[lk.xlinkAt]
	r.list = slices.Delete(r.list, lk.xlinkAt, lk.xlinkAt+1)
	for _, at := range []*int{&lk.relAt, &lk.targetAt} {
		if *at > lk.xlinkAt {
			*at--
		}
	}
	return dropped, true
}

// holdLinkAttr holds a link's rel or target in its place for links(). A
// repeat (read by TagAttr, which keeps them) is dropped, as a browser
// reads the first; it reports whether a was such a repeat (the caller
// reports it dropped).
func (r *attrReader) holdLinkAttr(lk *linkAttrs, a attr) (repeat bool) {
	if a.key == "rel" && lk.relAt >= 0 || a.key == "target" && lk.targetAt >= 0 {
		return true
	}
	if a.key == "rel" {
		lk.rel, lk.relAt = a.val, len(r.list)
	} else {
		lk.target, lk.targetAt = a.val, len(r.list)
	}
	r.list = append(r.list, a)
	return false
}

// checkAttr checks the attribute a of the element name (el's rules), adds
// it to the list as it will be written unless it goes, and reports it.
// changed says whether the tag changed before it; checkAttr returns
// whether it has now.
func (s *pass) checkAttr(el *rules.Element, name string, a *attr, lk *linkAttrs, changed bool) bool {
	c := checking{element: el.Name, key: a.key}
	c.val, c.reason = s.checkValue(&c, el, a.key, a.val)
	v := c.settle(s.r.Limits.MaxAttributeBytes)
	if lk != nil && a.key == "href" {
		lk.sawHref = true
	}
	if v.reason == "" && v.hooked && !s.attrs.fits(name, a.key, v.val, s.r.Limits.MaxTokenBytes) {
		v.reason = ReasonTooLong
	}
	if v.reason != "" {
		s.removedAttr(name, a.key, a.val, v.reason, v.flags)
		return true
	}
	if v.val != a.val {
		changed, a.text = true, ""
		action, why := RewroteURL, ReasonCanonical
		switch {
		case v.hooked:
			why = ReasonURLHook
		case v.why != "":
			action, why = v.action, v.why
		}
		s.change(Change{Element: name, Attribute: a.key, Action: action,
			Reason: why, Before: a.val, After: v.val, Flags: v.flags})
	} else if v.flags != 0 {
		s.change(Change{Element: name, Attribute: a.key, Action: Flagged,
			Reason: ReasonSuspicious, Before: a.val, Flags: v.flags})
	}
	switch {
	case lk == nil:
	case a.key == "href":
		// The URL as the author wrote it (canonical), not a hook's: what
		// the link-text check and rel_on judge.
		lk.linkDest = linkDest{v.url, v.host, "href"}
		lk.hookHost = v.hookHost
	case a.key == "xlink:href" && el.NS != rules.NSHTML:
		lk.xlinkHref, lk.xlinkHost, lk.xlinkAt = v.url, v.host, len(s.attrs.list)
		lk.xlinkHookHost = v.hookHost
	}
	a.val = v.val
	if v.url != "" {
		a.stage = stageSpelling(name, a.key, a.val)
	}
	// An empty fragment ("#", "/page#"): see fragmentMark.
	if a.mark = v.url != "" && strings.HasSuffix(a.val, "#"); a.mark && a.text == "" && !changed {
		// Not where scan found it (a NUL in a name): written anew.
		changed = true
		s.change(Change{Element: name, Attribute: a.key, Action: RewroteTag, Reason: ReasonUnreadableAttributes})
	}
	s.attrs.list = append(s.attrs.list, *a)
	return changed
}

// verdict is what check decides for one attribute.
type verdict struct {
	val    string        // the value to write
	reason Reason        // why the attribute is dropped, or "" to keep it
	flags  urlnorm.Flags // what urlnorm noticed in its URLs, less what the policy ignores
	// A rewrite for another reason than urlnorm's canonical form (class
	// tokens dropped, an id prefixed, CSS declarations dropped, bad UTF-8
	// repaired): its action and reason, or why "".
	action   Action
	why      Reason
	hooked   bool   // the URL hook rewrote the value
	url      string // the author's URL, canonical, for a url kind; else ""
	host     string // its host
	hookHost string // the host of the hook's URL, if the hook rewrote it
}

// checking is one attribute being checked: what it is, and the verdict
// so far, to which the checks of its value add flags and rewrites.
type checking struct {
	element, key string
	sameDocOnly  bool           // a URL must be a same-document reference (sameDocumentOnly)
	hook         urlnorm.Result // the URL hook's rewrite, as urlnorm read it; URL "" if none
	verdict
}

// rewrote notes a rewrite other than to the canonical URL.
func (c *checking) rewrote(action Action, why Reason) { c.action, c.why = action, why }

// settle is the verdict on the attribute once its value is checked:
// what is written is held to max (limits.max_attribute_bytes), not only
// what was read (a hook's URL, the proxy's, a canonical URL's escapes),
// so the value must pass the limit again.
func (c *checking) settle(max int) verdict {
	if c.reason == "" && len(c.val) > max {
		c.reason = ReasonTooLong
	}
	if c.reason != "" {
		c.val = ""
	}
	c.hooked = c.hook.URL != ""
	if c.reason == "" {
		c.hookHost = c.hook.Host
	}
	return c.verdict
}

// checkValue returns the value of the attribute key of el to write, or a
// reason to drop it.
func (s *pass) checkValue(c *checking, el *rules.Element, key, val string) (string, Reason) {
	if strings.HasPrefix(key, "on") {
		return "", ReasonEventHandler
	}
	ids := s.r.IDPrefix != "" && (key == "id" || key == "name") && el.Name != embedElement
	rule := el.Attr(key)
	classes := key == "class" && el.FiltersClasses()
	switch {
	case rule == nil && !classes && !ids:
		return "", ReasonNotAllowed
	case len(val) > s.r.Limits.MaxAttributeBytes:
		return "", ReasonTooLong
	case rule != nil && rule.RefusesTopLayer(key, val):
		return "", ReasonTopLayer
	case ids:
		out, reason := checkID(&s.r, c, val)
		if reason == "" && len(out) > s.r.Limits.MaxAttributeBytes {
			reason = ReasonTooLong // under its prefix
		}
		if reason == "" {
			reason = s.clobbers(key, out) // clobber.go
		}
		if reason == "" && key == "id" {
			s.refs.define(out)
		}
		return out, reason
	}
	if key == "sandbox" && el.Name == embedElement {
		// The policy's, whatever the input said.
		if val != s.r.Sandbox {
			c.rewrote(RewroteAttribute, ReasonEmbedSandbox)
		}
		return s.r.Sandbox, ""
	}
	out := val
	if !utf8.ValidString(val) {
		out = strings.ToValidUTF8(val, "\uFFFD") // as a browser decodes it
		if rule == nil || !rule.Kind.URL() {
			// A URL's repair is its canonical form; anything else's is this.
			c.rewrote(RewroteAttribute, ReasonInvalidUTF8)
		}
	}
	if classes && (rule == nil || !rule.Allows(out)) {
		// Not allowed as a whole by an attribute entry: token by token.
		return s.classes(c, el, out)
	}
	if c.sameDocOnly = rule.Kind == rules.KindURL && sameDocumentOnly(el); c.sameDocOnly && !sameDocument(out) {
		return "", ReasonValueNotAllowed // an SVG reference to another element (foreign.go)
	}
	out, reason := s.byKind(c, el.Name, rule, out)
	if reason == "" && s.r.IDPrefix != "" {
		out, reason = s.idRef(c, el.Name, out) // idref.go
	}
	switch {
	case reason != "":
		return "", reason
	case !rule.Allows(out):
		return "", ReasonValueNotAllowed
	}
	return out, s.clobbers(key, out) // clobber.go
}

// byKind checks a value by what it holds. The compiled rule knows that
// (policy.KindOf, or the policy's declaration); a kind this pass does not
// know is dropped.
func (s *pass) byKind(c *checking, element string, rule *rules.Attr, out string) (string, Reason) {
	switch k := rule.Kind; k {
	case rules.KindURL:
		out, res, reason := s.url(c, out)
		if reason != "" {
			return "", reason
		}
		c.url, c.host = res.URL, res.Host
		if s.r.IDPrefix != "" && (c.key == "href" || c.key == "xlink:href" || c.key == "usemap") {
			out = fragment(&s.r, c, out)
		}
		if element == embedElement {
			if c.hook.URL != "" {
				// The hook's URL is what loads: judge it, not the author's.
				res = c.hook
			}
			return out, embedSrc(&s.r, res)
		}
		return out, ""
	case rules.KindSrcset, rules.KindURLList, rules.KindCSS:
		// A value that holds several URLs: each goes through pass.url.
		url := func(u string) (string, Reason) {
			canon, _, r := s.url(c, u)
			return canon, r
		}
		switch k {
		case rules.KindSrcset:
			return srcset(out, url)
		case rules.KindURLList:
			return spaced(out, url)
		}
		return cssValue(c, &s.r, rule, out, url, func(raw string) (string, bool) { return s.cssURLToken(c, raw) })
	default:
		if !k.Inert() {
			return out, ReasonUnknownKind
		}
	}
	return out, ""
}

// cssValue checks a style or SVG presentation attribute, whole or
// property by property (checkCSS, styles: url checks its URLs, token the url
// tokens of a declaration kept), then writes its same-document
// references under r's ids.prefix (stylesheet.Refs).
func cssValue(c *checking, r *rules.Rules, rule *rules.Attr, out string, url urlFunc, token cssTokenFunc) (string, Reason) {
	var reason Reason
	if !rule.PerProperty() {
		reason = checkCSS(out, url)
	} else {
		var dropped bool
		if out, dropped, reason = styles(rule, out, url, token); dropped {
			c.rewrote(RewroteAttribute, ReasonCSSFiltered)
		}
	}
	if reason != "" || r.IDPrefix == "" {
		return out, reason
	}
	out, changed, ok := stylesheet.Refs(out, r.PrefixID)
	if !ok {
		return "", ReasonBadID
	}
	if changed {
		c.rewrote(RewroteAttribute, ReasonIDPrefix)
	}
	return out, ""
}

// url normalises one URL with the policy's options (urlRules), then asks
// the URL hook about it (urlHook), whose answer goes through every rule
// again.
func (s *pass) url(c *checking, v string) (string, urlnorm.Result, Reason) {
	out, res, reason := s.urlRules(c, v)
	if reason != "" || s.r.Hooks.URL == nil || s.hid.at >= 0 {
		return out, res, reason
	}
	return s.urlHook(c, out, res)
}

// urlFunc is how the checks of a value that holds several URLs (srcset,
// spaced, the CSS ones) have each checked: pass.url for the attribute
// being checked, which needs the whole pass (the policy, the hook,
// remote_content). It returns the URL to write, or why it goes.
type urlFunc func(u string) (string, Reason)

// urlRules normalises one URL with the policy's options. An empty result
// is refused: it would be a link to the page itself that no reader sees.
// The flags the policy ignores (urls.flags) are left out of the
// verdict's, so that no report names them.
func (s *pass) urlRules(c *checking, v string) (string, urlnorm.Result, Reason) {
	if s.r.Author.Data.On() && rules.DataImageAttr(c.element, c.key) {
		if out, res, reason, ok := dataImage(&s.r, v); ok {
			return out, res, reason
		}
	}
	res, err := urlnorm.Inspect(v, s.r.URL)
	c.flags |= res.Flags &^ s.ignored
	if err != nil {
		var re *urlnorm.RejectError
		if errors.As(err, &re) {
			reason := URLReason(re.Reason)
			// A nested URL refused for its flags: report them on the outer.
			for ok := true; ok; ok = re.Err != nil && errors.As(re.Err, &re) {
				c.flags |= re.Flags &^ s.ignored
			}
			return "", res, reason
		}
		return "", res, ReasonInvalidURL
	}
	out := res.URL
	if out == "" {
		return "", res, ReasonEmptyURL
	}
	if reason := deniedURL(&s.r, res); reason != "" {
		return "", res, reason
	}
	out, why := s.mail.remote(c, out, res)
	if why != "" {
		return "", res, why
	}
	return out, res, ""
}

// links sets rel and target on a link: the policy's rel tokens on every
// link with an href (external ones only, with links.rel_on: external),
// target="_blank" on external ones if the policy says so. What the
// author wrote is replaced in its place (relAt, targetAt:
// its index in a.list, or -1, in lk), or removed; a new one goes last.
// r is the policy's rules; change reports each attribute rewritten.
func (a *attrReader) links(r *rules.Rules, name string, lk linkAttrs, change func(Change)) bool {
	wantRel, wantTarget := "", ""
	if lk.href != "" {
		// External as a browser sees it: a host ("https://x", "//x",
		// "\\x"), not one of the site's; relative references are internal.
		// The author's URL or the hook's: a redirector does not make an
		// external link internal, nor a hook an internal one external
		// unmarked.
		external := lk.host != "" && !r.Internal[lk.host] || lk.hookHost != "" && !r.Internal[lk.hookHost]
		if r.RelOn != rules.RelExternal || external {
			wantRel = r.Rel
		}
		if r.TargetBlank && external {
			wantTarget = "_blank"
		}
		if r.Author.KeepsLinks() {
			wantRel, wantTarget = authorLink(&r.Author, lk, wantRel, wantTarget)
		}
	}
	changed, drop := false, 0
	for _, at := range [...]struct {
		key, have, want string
		at              int
	}{{"rel", lk.rel, wantRel, lk.relAt}, {"target", lk.target, wantTarget, lk.targetAt}} {
		switch {
		case at.have == at.want && (at.want != "" || at.at < 0):
			continue
		case at.at >= 0 && at.want == "":
			a.list[at.at].key = "" // removed below
			drop++
		case at.at >= 0:
			a.list[at.at] = attr{key: at.key, val: at.want}
		default:
			a.list = append(a.list, attr{key: at.key, val: at.want})
		}
		changed = true
		change(Change{Element: name, Attribute: at.key, Action: RewroteAttribute,
			Reason: ReasonLinkPolicy, Before: at.have, After: at.want})
	}
	if drop > 0 {
		a.list = slices.DeleteFunc(a.list, func(a attr) bool { return a.key == "" })
	}
	return changed
}

// removedAttr reports an attribute dropped, with the flags urlnorm
// found in its URLs.
func (s *pass) removedAttr(element, key, val string, reason Reason, flags urlnorm.Flags) {
	if s.report == nil {
		return
	}
	s.change(Change{Element: element, Attribute: key, Action: RemovedAttribute,
		Reason: reason, Before: val, Flags: flags})
}

// srcset checks each image candidate of a srcset (HTML §4.8.4.3.10 "parse a
// srcset attribute"): candidates with a refused URL or a malformed
// descriptor are dropped; the attribute is dropped if none is left.
func srcset(v string, url urlFunc) (string, Reason) {
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
		canon, r := url(u)
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
func spaced(v string, url urlFunc) (string, Reason) {
	fields := strings.Fields(v)
	out := fields[:0]
	reason := Reason("")
	for _, f := range fields {
		canon, r := url(f)
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

// tagSlack is what the tag may still gain after its attributes are
// checked: the rel, target, crossorigin and sandbox the policy writes, the
// link mark of an empty fragment, "/>".
const tagSlack = 1 << 10

// fits reports whether the tag name, with the attribute key="val" after
// those kept so far, stays within max (limits.max_token_bytes) as either
// stage writes it (every escaped byte counted at its longest reference),
// so that its output is read again as it was written. Only a value the
// URL hook wrote can grow a tag past what was read; only those are
// measured, so an ordinary tag costs nothing here.
func (r *attrReader) fits(name, key, val string, max int) bool {
	n := len("<>") + len(name) + tagSlack + attrWritten(key, val, "")
	for _, a := range r.list {
		n += attrWritten(a.key, a.val, a.text)
	}
	return n <= max
}

// attrWritten is the most bytes an attribute written as text (as it
// stood in the input), or anew from key and val, takes in the output.
func attrWritten(key, val, text string) int {
	n := len(` =""`) + len(key) + len(val)
	for i := 0; i < len(val); i++ {
		i += plainValue(val[i:])
		if i < len(val) {
			n += len("&#39;") - 1
		}
	}
	return max(n, len(" ")+len(text))
}
