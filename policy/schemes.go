package policy

import (
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/microcosm-cc/bluemonday"

	"github.com/htmlclean/htmlclean/internal/excerpt"
	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// The settings of this file carry over what bluemonday policies allow
// and the other settings cannot say: every scheme but a few
// (AllowURLSchemesMatching), data: images (AllowDataURIImages), the
// author's rel and target, and crossorigin="anonymous"
// (RequireCrossOriginAnonymous). Each is checked by the first stage and
// allowed, no wider, by the bluemonday stage.

// anyScheme is the urls.schemes entry that allows every scheme but those
// of urls.deny_schemes and the safety floor (forbiddenSchemes).
const anyScheme = "*"

// dataImageTypes are the media types urls.data_images may allow:
// bluemonday's AllowDataURIImages list less image/svg+xml, which is a
// document with its own links and styles, not a picture.
var dataImageTypes = []string{"image/gif", "image/jpeg", "image/png", "image/webp"}

// maxDataImageBytes bounds urls.data_images.max_bytes: no attribute can
// hold more (limits.max_attribute_bytes is at most 1 GiB).
const maxDataImageBytes = 1 << 30

// migration checks and compiles the settings of this file; it runs after
// urls, flags and links, whose results it extends.
func (k *compiler) migration(p *Policy, flat Config) {
	k.migrationLengths(flat)
	k.schemes(p, flat.URLs)
	k.dataImages(p, flat.URLs.DataImages, flat.Limits.withDefaults().MaxAttributeBytes)
	k.authorLinks(p, flat.Links)
	switch {
	case flat.CrossOrigin == "":
	case crossOriginWords.has(flat.CrossOrigin):
		p.r.CrossOrigin = true
	default:
		k.fail(crossOriginWords.key, "%q is not %s, the only value (use-credentials would send the reader's cookies)", string(flat.CrossOrigin), crossOriginWords)
	}
	c := &p.cfg
	c.URLs.DenySchemes = setEdit(flat.URLs.DenySchemes, nil, nil)
	c.URLs.DataImages.Types = setEdit(flat.URLs.DataImages.Types, nil, nil)
	c.Links.AuthorRel = setEdit(flat.Links.AuthorRel, nil, nil)
	c.Links.Targets = slices.Clone(flat.Links.Targets)
}

// migrationLengths refuses tokens longer than maxTokenBytes, as
// checkLengths does for the other settings.
func (k *compiler) migrationLengths(c Config) {
	for _, l := range []struct {
		field string
		vs    []string
	}{
		{"urls.deny_schemes", c.URLs.DenySchemes}, {"urls.data_images.types", c.URLs.DataImages.Types},
		{"links.author_rel", c.Links.AuthorRel}, {"links.targets", c.Links.Targets},
	} {
		for i, v := range l.vs {
			if len(v) > maxTokenBytes {
				k.fail(fmt.Sprintf("%s[%d]", l.field, i), "%q is longer than %d bytes, the most this setting allows", v, maxTokenBytes)
			}
		}
	}
}

// schemes compiles urls.schemes: ["*"] and urls.deny_schemes. urlnorm
// then allows every scheme (Schemes nil) and rejects javascript:,
// vbscript: and data: by their flag whatever urls.flags says; sanitize
// refuses the rest of the floor and the denylist (Rules.DenySchemes).
func (k *compiler) schemes(p *Policy, u URLs) {
	every := slices.Contains(u.Schemes, anyScheme)
	for i, s := range u.DenySchemes {
		if !schemeRE.MatchString(s) {
			k.fail(fmt.Sprintf("urls.deny_schemes[%d]", i), "%q is not a scheme (lower case, no \":\")", s)
		}
	}
	switch {
	case every && len(u.Schemes) > 1:
		k.fail("urls.schemes", "%q allows every scheme: list no other (deny_schemes lists those refused)", anyScheme)
	case !every && len(u.DenySchemes) > 0:
		k.fail("urls.deny_schemes", "only with urls.schemes: [%q]; otherwise leave the scheme out of urls.schemes", anyScheme)
	}
	if !every {
		return
	}
	p.r.AnyScheme = true
	p.r.URL.Schemes = nil
	p.r.URL.Reject |= urlnorm.FlagActiveScheme
	p.r.DenySchemes = map[string]bool{}
	for s := range forbiddenSchemes {
		p.r.DenySchemes[s] = true
	}
	for i, s := range u.DenySchemes {
		if !p.r.DenySchemes[s] {
			// Counted toward the pattern the policy stage matches every
			// scheme with (notOneOf): a trie of the names, a few
			// instructions a letter.
			k.spendValue(fmt.Sprintf("urls.deny_schemes[%d]", i), "*", "URL scheme", 8*len(s)+8)
		}
		p.r.DenySchemes[s] = true
	}
	if len(k.errs) == 0 && k.more == 0 {
		p.denyRE, _ = k.builtPattern("urls.deny_schemes", notOneOf(slices.Sorted(maps.Keys(p.r.DenySchemes))))
	}
}

// schemeAllowed reports whether URLs of scheme s may be kept.
func (p *Policy) schemeAllowed(s string) bool {
	if p.r.AnyScheme {
		return !p.r.DenySchemes[s]
	}
	return slices.Contains(p.r.URL.Schemes, s)
}

// dataImages compiles urls.data_images. An image of max_bytes must fit
// an attribute of maxAttr bytes once written in base64, or the setting
// promises what the attribute limit takes away.
func (k *compiler) dataImages(p *Policy, d DataImages, maxAttr int) {
	for i, t := range d.Types {
		if _, ok := slices.BinarySearch(dataImageTypes, t); !ok {
			k.fail(fmt.Sprintf("urls.data_images.types[%d]", i), "%q is not one of %s", t, strings.Join(dataImageTypes, ", "))
		}
	}
	switch {
	case len(d.Types) == 0 && d.MaxBytes != 0:
		k.fail("urls.data_images.max_bytes", "set without urls.data_images.types, which keeps no image")
	case len(d.Types) == 0:
		return
	case d.MaxBytes < 1 || d.MaxBytes > maxDataImageBytes:
		k.fail("urls.data_images.max_bytes", "%d is out of range [1, %s] (required with types)", d.MaxBytes, excerpt.Commas(maxDataImageBytes))
	case dataURLLen(d.MaxBytes) > maxAttr:
		k.fail("urls.data_images.max_bytes", "%d bytes take %d in a data: URL, more than limits.max_attribute_bytes (%d): lower it to %d or raise the limit",
			d.MaxBytes, dataURLLen(d.MaxBytes), maxAttr, (maxAttr-len(dataURLHead))/4*3)
	}
	if !k.dataImageShown(p) {
		k.fail("urls.data_images", "no image attribute (img src or srcset, source srcset) is allowed")
	}
	p.r.Author.Data = rules.DataImages{Types: setEdit(d.Types, nil, nil), MaxBytes: d.MaxBytes}
}

// dataImageShown reports whether the policy allows an attribute that
// keeps data: images.
func (k *compiler) dataImageShown(p *Policy) bool {
	for _, el := range p.r.Elements {
		for key := range el.Attrs {
			if rules.DataImageAttr(el.Name, key) {
				return true
			}
		}
	}
	return false
}

// targetNameRE is a window name links.targets may list.
var targetNameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`)

// authorLinks compiles links.author_rel and links.targets.
func (k *compiler) authorLinks(p *Policy, l Links) {
	a := &p.r.Author
	for i, t := range l.AuthorRel {
		if why := relProblem(t); why != "" {
			k.fail(fmt.Sprintf("links.author_rel[%d]", i), "%q %s", t, why)
			continue
		}
		if a.Rel == nil {
			a.Rel = map[string]bool{}
		}
		a.Rel[t] = true
	}
	for i, t := range l.Targets {
		switch {
		case t == "_blank" || t == "_self" || t == "_parent" || t == "_top" || targetNameRE.MatchString(t):
		default:
			k.fail(fmt.Sprintf("links.targets[%d]", i), "%q is not _blank, _self, _parent, _top or a window name (letters, digits, \"-\", \"_\")", t)
			continue
		}
		if a.Targets == nil {
			a.Targets = map[string]bool{}
		}
		a.Targets[t] = true
	}
	if a.KeepsLinks() && p.r.Elements["a"] == nil && p.r.Elements["area"] == nil {
		k.fail("links", "author_rel and targets need a link element (a, area)")
	}
	a.OpenerRel = []string{"noopener"}
	if slices.Contains(l.Rel, "noreferrer") {
		a.OpenerRel = append(a.OpenerRel, "noreferrer")
	}
}

// linkStage allows in the bluemonday stage rel and target on links
// when the first stage writes them, whatever their value: the first
// stage replaces what the author wrote on every link with the policy's
// values (sanitize's links), so a second pattern would only check that
// code against itself.
func (p *Policy) linkStage(bm *bluemonday.Policy) {
	links := p.linkElements()
	a := &p.r.Author
	if len(p.rel) > 0 || a.KeepsLinks() && (len(a.Rel) > 0 || len(a.OpenerRel) > 0) {
		bm.AllowAttrs("rel").OnElements(links...)
	}
	if p.cfg.Links.TargetBlank || len(a.Targets) > 0 {
		bm.AllowAttrs("target").OnElements(links...)
	}
}

// linkElements are the local names of the elements that navigate, which
// the first stage writes rel and target on: HTML a and area, SVG a (one
// name to bluemonday, which knows no namespaces), and each MathML element
// the policy lets carry an href, which Firefox and WebKit follow (package
// sanitize, navigates).
func (p *Policy) linkElements() []string {
	links := []string{"a", "area"}
	for _, el := range p.r.Elements {
		if el.NS == rules.NSMathML && (el.Attr("href") != nil || el.Attr("xlink:href") != nil) {
			links = append(links, el.Name)
		}
	}
	slices.Sort(links)
	return slices.Compact(links)
}

// mediaStage allows in the bluemonday stage the schemes, data: images
// and crossorigin the first stage keeps.
func (p *Policy) mediaStage(bm *bluemonday.Policy) {
	if p.r.AnyScheme {
		// Go's net/url writes the scheme in lower case, as urlnorm does.
		bm.AllowURLSchemesMatching(p.denyRE)
	}
	if d := p.r.Author.Data; d.On() {
		// As AllowDataURIImages, with the policy's types and size: the
		// stage sees the URL as the first stage wrote it.
		bm.AllowURLSchemeWithCustomPolicy("data", func(u *url.URL) bool {
			raw := "data:" + u.Opaque
			canon, _ := d.Check(raw)
			return u.RawQuery == "" && u.Fragment == "" && canon == raw
		})
	}
	if p.r.CrossOrigin {
		bm.RequireCrossOriginAnonymous(true)
		bm.AllowAttrs("crossorigin").Matching(regexp.MustCompile(`^anonymous$`)).OnElements(crossOriginElements...)
	}
}

// crossOriginElements are the elements crossorigin: anonymous covers, as
// bluemonday's RequireCrossOriginAnonymous does (less link and script,
// which no policy allows).
var crossOriginElements = []string{"audio", "img", "video"}

// notOneOf returns an anchored regular expression (RE2 has no negative
// look-ahead) that matches every scheme (a lower-case letter, then
// lower-case letters, digits, "+", "-" and ".") except the words of deny,
// which must be schemes: it follows the trie of deny, allowing at each
// node the end (unless the node is a word) and any character that leaves
// the trie.
func notOneOf(deny []string) string {
	type node struct {
		next map[byte]*node
		word bool
	}
	root := &node{next: map[byte]*node{}}
	for _, w := range deny {
		n := root
		for i := 0; i < len(w); i++ {
			if n.next[w[i]] == nil {
				n.next[w[i]] = &node{next: map[byte]*node{}}
			}
			n = n.next[w[i]]
		}
		n.word = true
	}
	const rest = `[a-z0-9+.-]`
	var walk func(n *node, first bool) string
	walk = func(n *node, first bool) string {
		var alts []string
		if !n.word && !first {
			alts = append(alts, ``)
		}
		alphabet := "abcdefghijklmnopqrstuvwxyz"
		if !first {
			alphabet += "0123456789+.-"
		}
		var out []byte
		for i := 0; i < len(alphabet); i++ {
			if n.next[alphabet[i]] == nil {
				out = append(out, alphabet[i])
			}
		}
		if len(out) > 0 {
			alts = append(alts, `[`+regexp.QuoteMeta(string(out))+`]`+rest+`*`)
		}
		for _, c := range slices.Sorted(maps.Keys(n.next)) {
			alts = append(alts, regexp.QuoteMeta(string(c))+walk(n.next[c], false))
		}
		return `(?:` + strings.Join(alts, "|") + `)`
	}
	return `^` + walk(root, true) + `$`
}

// dataURLHead is the longest start of a data: image URL the types allow.
const dataURLHead = "data:image/jpeg;base64,"

// dataURLLen is the length of a data: image URL holding n bytes.
func dataURLLen(n int) int { return len(dataURLHead) + (n+2)/3*4 }
