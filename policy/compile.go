package policy

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// ConfigError reports one bad setting. File and Line are set when the
// setting came from a file ([LoadFile], [ParseConfig]).
type ConfigError struct {
	File  string
	Line  int
	Field string // the setting, as a path: "links.rel[1]", "attributes[3].match"
	Msg   string
}

func (e *ConfigError) Error() string {
	switch {
	case e.File != "" && e.Line > 0:
		return fmt.Sprintf("policy: %s:%d: %s: %s", e.File, e.Line, e.Field, e.Msg)
	case e.File != "":
		return fmt.Sprintf("policy: %s: %s: %s", e.File, e.Field, e.Msg)
	}
	return fmt.Sprintf("policy: %s: %s", e.Field, e.Msg)
}

// forbiddenElements are never allowed: they run script, load active
// content, change how the rest of the page is read (base, meta refresh), or
// switch the tokenizer into states a token-stream sanitiser cannot follow
// (raw text, foreign content with HTML integration points: bluemonday
// CVE-2021-42576, ammonia RUSTSEC-2021-0074).
var forbiddenElements = map[string]string{
	"script": "runs script", "style": "holds raw CSS text", "base": "changes every relative URL on the page",
	"meta": "can redirect (http-equiv=refresh)", "link": "loads style sheets and other resources",
	"iframe": "embeds a document (srcdoc is HTML)", "frame": "embeds a document", "frameset": "embeds documents",
	"object": "embeds plugins and documents", "embed": "embeds plugins", "applet": "embeds a plugin",
	"param": "configures plugins", "noscript": "is raw text when scripting is on",
	"noembed": "is raw text", "noframes": "is raw text", "xmp": "is raw text", "plaintext": "ends HTML parsing",
	"template": "holds inert markup activated by script", "math": "switches to MathML parsing (mXSS)",
	"select":   "changes how style and other tags inside it are parsed (CVE-2021-42576)",
	"textarea": "is raw text", "title": "is raw text", "html": "is a document, not a fragment",
	"head": "is a document, not a fragment", "body": "is a document, not a fragment",
	"foreignobject": "switches SVG back to HTML parsing (mXSS)", "animate": "can animate href to javascript:",
	"set": "can set href to javascript:", "animatemotion": "SVG animation", "animatetransform": "SVG animation",
	"discard": "SVG timing", "handler": "runs script", "listener": "runs script", "portal": "embeds a document",
}

// Forbidden returns why an element is never allowed by any policy, or "".
func Forbidden(element string) string { return forbiddenElements[element] }

// forbiddenAttributes are never allowed, whatever the element.
var forbiddenAttributes = map[string]string{
	"srcdoc":   "is a whole HTML document",
	"xml:base": "changes how URLs resolve",
	"is":       "upgrades an element to a custom element with script",
}

// forbiddenSchemes are never allowed.
var forbiddenSchemes = map[string]string{
	"javascript": "runs script", "vbscript": "runs script", "livescript": "runs script",
	"data": "renders attacker-chosen documents", "file": "points at the reader's own disk",
}

// relTokens are the link types a policy may add to rel.
var relTokens = []string{"nofollow", "ugc", "noopener", "noreferrer", "sponsored"}

var (
	nameRE   = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	attrRE   = regexp.MustCompile(`^[a-z][a-z0-9_.-]*(?::[a-z][a-z0-9_.-]*)?$`)
	schemeRE = regexp.MustCompile(`^[a-z][a-z0-9+.-]*$`)
)

// compiler collects the errors of one Compile call.
type compiler struct{ errs []error }

func (c *compiler) fail(field, format string, args ...any) {
	c.errs = append(c.errs, &ConfigError{Field: field, Msg: fmt.Sprintf(format, args...)})
}

// Compile checks c and builds an immutable policy from it. Unknown values,
// contradictions (allowing script, base or javascript:) and bad patterns
// are *[ConfigError]s, several joined with errors.Join. Each names the
// setting as written in c ("add.elements[0]", "attributes[2].match").
func Compile(c Config) (*Policy, error) {
	var k compiler
	k.checkLists(c)
	flat := flatten(c)
	p := &Policy{cfg: flat, elements: map[string]*Element{}, internal: map[string]bool{}}
	for _, name := range flat.Elements {
		if forbiddenElements[name] == "" && nameRE.MatchString(name) {
			p.elements[name] = &Element{Name: name, attrs: map[string]*AttrRule{}}
		}
	}
	k.addAttributes(p, c.Attributes, c.Remove.Attributes, "attributes", false)
	k.addAttributes(p, c.Add.Attributes, c.Remove.Attributes, "add.attributes", true)
	p.cfg.Attributes = p.attributeList()
	k.urls(p, flat.URLs)
	k.links(p, flat.Links)
	k.limits(p, flat.Limits)
	if len(k.errs) > 0 {
		return nil, errors.Join(k.errs...)
	}
	p.bm = p.bluemonday()
	return p, nil
}

// flatten applies Add and Remove to the element and scheme lists and
// fills in defaults; attributes are resolved by addAttributes.
func flatten(c Config) Config {
	f := c
	f.Extends, f.Add, f.Remove = "", Change{}, Change{}
	f.Elements = setEdit(c.Elements, c.Add.Elements, c.Remove.Elements)
	f.URLs.Schemes = setEdit(c.URLs.Schemes, c.Add.Schemes, c.Remove.Schemes)
	if f.URLs.Relative == "" {
		f.URLs.Relative = "allow"
	}
	if f.URLs.Userinfo == "" {
		f.URLs.Userinfo = "reject"
	}
	f.Limits = f.Limits.withDefaults()
	return f
}

// setEdit returns (base ∪ add) − remove, sorted, without duplicates.
func setEdit(base, add, remove []string) []string {
	var out []string
	for _, s := range slices.Concat(base, add) {
		if !slices.Contains(remove, s) && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

// checkLists validates every list entry where it was written, so that an
// error names the line of the file that holds it.
func (k *compiler) checkLists(c Config) {
	for _, l := range []struct {
		field string
		names []string
	}{{"elements", c.Elements}, {"add.elements", c.Add.Elements}, {"remove.elements", c.Remove.Elements}} {
		for i, name := range l.names {
			field := fmt.Sprintf("%s[%d]", l.field, i)
			switch why, bad := forbiddenElements[name]; {
			case bad && l.field != "remove.elements":
				k.fail(field, "%q is never allowed: it %s", name, why)
			case !bad && !nameRE.MatchString(name):
				k.fail(field, "%q is not an element name (lower case letters, digits, \"-\")", name)
			}
		}
	}
	for _, l := range []struct {
		field string
		attrs []Attribute
	}{{"attributes", c.Attributes}, {"add.attributes", c.Add.Attributes}, {"remove.attributes", c.Remove.Attributes}} {
		for i, a := range l.attrs {
			k.checkAttribute(fmt.Sprintf("%s[%d]", l.field, i), a, l.field == "remove.attributes")
		}
	}
	for _, l := range []struct {
		field   string
		schemes []string
	}{{"urls.schemes", c.URLs.Schemes}, {"add.schemes", c.Add.Schemes}, {"remove.schemes", c.Remove.Schemes}} {
		for i, s := range l.schemes {
			field := fmt.Sprintf("%s[%d]", l.field, i)
			switch why, bad := forbiddenSchemes[s]; {
			case bad && l.field != "remove.schemes":
				k.fail(field, "%q is never allowed: it %s", s, why)
			case !bad && !schemeRE.MatchString(s):
				k.fail(field, "%q is not a scheme (lower case, no \":\")", s)
			}
		}
	}
}

func (k *compiler) checkAttribute(field string, a Attribute, removing bool) {
	switch {
	case !attrRE.MatchString(a.Name):
		k.fail(field+".name", "%q is not an attribute name", a.Name)
	case removing:
	default:
		if why := refusedAttribute(a.Name); why != "" {
			k.fail(field+".name", "%q %s", a.Name, why)
		}
	}
	if a.Match != "" && !removing {
		if _, err := anchored(a.Match); err != nil {
			k.fail(field+".match", "bad regular expression: %v", err)
		}
	}
	for j, e := range a.On {
		if !nameRE.MatchString(e) {
			k.fail(fmt.Sprintf("%s.on[%d]", field, j), "%q is not an element name", e)
		}
	}
}

// refusedAttribute says why a well-formed attribute name may never be
// allowed, or returns "".
func refusedAttribute(name string) string {
	switch {
	case strings.HasPrefix(name, "on"):
		return "is never allowed: event handlers run script"
	case forbiddenAttributes[name] != "":
		return "is never allowed: it " + forbiddenAttributes[name]
	case name == "rel" || name == "target":
		return "on links is written by the links settings (links.rel, links.target_blank)"
	}
	return ""
}

// anchored compiles an attribute pattern so that it describes the whole
// value.
func anchored(match string) (*regexp.Regexp, error) {
	return regexp.Compile(`^(?:` + match + `)$`)
}

// addAttributes enters the rules of attrs into the allowed elements,
// minus what remove takes away. A rule for elements the policy does not
// allow has no effect, except in add.attributes, where it is a mistake.
func (k *compiler) addAttributes(p *Policy, attrs, remove []Attribute, field string, strict bool) {
	for i, a := range attrs {
		if !attrRE.MatchString(a.Name) || refusedAttribute(a.Name) != "" {
			continue // reported by checkLists
		}
		var re *regexp.Regexp
		if a.Match != "" {
			var err error
			if re, err = anchored(a.Match); err != nil {
				continue // reported by checkLists
			}
		}
		on := a.On
		if len(on) == 0 {
			on = p.cfg.Elements
		}
		added := false
		for _, name := range on {
			if el := p.elements[name]; el != nil && !removed(remove, a.Name, name) {
				el.add(a.Name, re, a.Match)
				added = true
			}
		}
		if strict && !added && len(a.On) > 0 {
			k.fail(fmt.Sprintf("%s[%d].on", field, i), "none of %v is an allowed element", a.On)
		}
	}
}

// removed reports whether remove takes attribute attr off element el.
func removed(remove []Attribute, attr, el string) bool {
	for _, r := range remove {
		if r.Name == attr && (len(r.On) == 0 || slices.Contains(r.On, el)) {
			return true
		}
	}
	return false
}

func (k *compiler) urls(p *Policy, u URLs) {
	o := urlnorm.Options{Strict: u.Strict, Nested: u.Nested, Schemes: slices.Clone(u.Schemes)}
	if o.Schemes == nil {
		o.Schemes = []string{}
	}
	switch u.Relative {
	case "allow":
	case "deny":
		o.Relative = urlnorm.RelativeReject
	case "resolve":
		o.Relative = urlnorm.RelativeResolve
		o.Base = u.Base
		if u.Base == "" {
			k.fail("urls.relative", "resolve needs a base URL (urls.base)")
		}
	default:
		k.fail("urls.relative", "%q is not one of allow, deny, resolve", u.Relative)
	}
	if u.Base != "" {
		r, err := urlnorm.Inspect(u.Base, urlnorm.Options{})
		switch {
		case err != nil:
			k.fail("urls.base", "%q is not a valid URL: %v", u.Base, err)
		case r.Scheme != "http" && r.Scheme != "https":
			k.fail("urls.base", "%q is not an absolute http(s) URL", u.Base)
		default:
			p.internal[r.Host] = true
		}
	}
	switch u.Userinfo {
	case "reject":
	case "strip":
		o.Userinfo = urlnorm.UserinfoStrip
	case "keep":
		o.Userinfo = urlnorm.UserinfoKeep
	default:
		k.fail("urls.userinfo", "%q is not one of reject, strip, keep", u.Userinfo)
	}
	p.urlOpts = o
}

func (k *compiler) links(p *Policy, l Links) {
	for i, t := range l.Rel {
		if !slices.Contains(relTokens, t) {
			k.fail(fmt.Sprintf("links.rel[%d]", i), "%q is not one of %s", t, strings.Join(relTokens, ", "))
		}
	}
	var add []string
	if l.TargetBlank {
		add = []string{"noopener"}
	}
	p.rel = setEdit(l.Rel, add, nil)
	switch l.TextMismatch {
	case "", "reject", "rewrite", "report", "ignore":
	default:
		k.fail("links.text_mismatch", "%q is not one of reject, rewrite, report, ignore", l.TextMismatch)
	}
	if l.TargetBlank && p.elements["a"] == nil && p.elements["area"] == nil {
		k.fail("links.target_blank", "no link element (a, area) is allowed")
	}
	for i, h := range l.InternalHosts {
		r, err := urlnorm.Inspect("//"+h+"/", urlnorm.Options{})
		if err != nil || r.Host == "" {
			k.fail(fmt.Sprintf("links.internal_hosts[%d]", i), "%q is not a host name", h)
			continue
		}
		p.internal[r.Host] = true
	}
}

func (k *compiler) limits(p *Policy, l Limits) {
	check := func(field string, v, lo, hi int64) {
		if v < lo || v > hi {
			k.fail("limits."+field, "%d is out of range [%d, %d]", v, lo, hi)
		}
	}
	if l.MaxInputBytes != -1 {
		check("max_input_bytes", l.MaxInputBytes, 1, 1<<40)
	}
	check("max_depth", int64(l.MaxDepth), 1, 100_000)
	check("max_token_bytes", int64(l.MaxTokenBytes), 1<<10, 1<<30)
	check("max_attribute_bytes", int64(l.MaxAttributeBytes), 1, int64(l.MaxTokenBytes))
	check("max_attributes", int64(l.MaxAttributes), 1, 100_000)
}
