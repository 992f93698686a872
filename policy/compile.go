package policy

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"

	"github.com/htmlclean/htmlclean/internal/excerpt"
	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// ConfigError reports one bad setting. File and Line are set when it came
// from a file. Field is "(file)" for what concerns the whole file, such as
// the last error of a long list, which says how many more were left out.
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
// (raw text: bluemonday CVE-2021-42576). SVG and MathML are named with a
// prefix; forbiddenForeign holds those never allowed.
var forbiddenElements = map[string]string{
	"script": "runs script", "style": "holds raw CSS text", "base": "changes every relative URL on the page",
	"meta": "can redirect (http-equiv=refresh)", "link": "loads style sheets and other resources",
	"iframe": "embeds a document (srcdoc is HTML)", "frame": "embeds a document", "frameset": "embeds documents",
	"object": "embeds plugins and documents", "embed": "embeds plugins", "applet": "embeds a plugin",
	"param": "configures plugins", "noscript": "is raw text when scripting is on",
	"noembed": "is raw text", "noframes": "is raw text", "xmp": "is raw text", "plaintext": "ends HTML parsing",
	"select":   "changes how style and other tags inside it are parsed (CVE-2021-42576)",
	"textarea": "is raw text", "title": "is raw text", "html": "is a document, not a fragment",
	"head": "is a document, not a fragment", "body": "is a document, not a fragment",
	"handler": "runs script", "listener": "runs script", "portal": "embeds a document",
}

// Forbidden returns why an element is never allowed by any policy, or "".
// A foreign element is named with its prefix ("svg:script").
func Forbidden(element string) string { return forbiddenElement(element) }

// forbiddenAttributes are never allowed, whatever the element.
var forbiddenAttributes = map[string]string{
	"srcdoc":   "is a whole HTML document",
	"xml:base": "changes how URLs resolve",
	"is":       "upgrades an element to a custom element with script",
	// An early draft of CSS anchor positioning: the element's implicit
	// anchor is the element of that id, one of the page's as well.
	"anchor": "ties the element's position to the element of that id, the page's own included (CSS anchor positioning's implicit anchor)",
	// Declarative shadow DOM: a <template> with one of these becomes a
	// shadow root when a page parses it (a server-rendered page, or
	// setHTMLUnsafe()), outside the host's styles and the output's
	// containment; a template without them stays inert (templatecontents.go
	// in package sanitize).
	"shadowrootmode":                  "attaches the template as a shadow root (declarative shadow DOM)",
	"shadowrootdelegatesfocus":        "configures a declarative shadow root",
	"shadowrootclonable":              "configures a declarative shadow root",
	"shadowrootserializable":          "configures a declarative shadow root",
	"shadowrootcustomelementregistry": "configures a declarative shadow root",
}

// forbiddenSchemes are never allowed.
var forbiddenSchemes = map[string]string{
	"javascript": "runs script", "vbscript": "runs script", "livescript": "runs script",
	"data": "renders attacker-chosen documents", "file": "points at the reader's own disk",
	"blob":       "names an object a script of some page made, whose type that script chose",
	"filesystem": "points into a page's own sandboxed file system",
}

var (
	nameRE   = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	attrRE   = regexp.MustCompile(`^[a-z][a-z0-9_.-]*(?::[a-z][a-z0-9_.-]*)?$`)
	schemeRE = regexp.MustCompile(`^[a-z][a-z0-9+.-]*$`)
)

// maxErrors is the most errors [Compile], [Load] and [ParseConfig]
// report; the rest are counted in a last error.
const maxErrors = excerpt.MaxErrors

// compiler collects the errors of one Compile call: the first limit of
// them, and a count of the rest.
type compiler struct {
	errs  []error
	limit int
	more  int
	attrState
	pats    patternSet
	written func(path string) bool // the setting is in the file, not the preset; nil: no file
}

func (k *compiler) fail(field, format string, args ...any) {
	if len(k.errs) >= k.limit {
		k.more++ // counted, not formatted: formatting is the costly part
		return
	}
	k.errs = append(k.errs, &ConfigError{Field: excerpt.Path(field), Msg: fmt.Sprintf(format, excerpt.Args(args)...)})
}

// quoteValue is an excerpt for a message built without fail: the value
// quoted and bounded.
func quoteValue(s string) string { return fmt.Sprintf("%q", excerpt.Text(s)) }

// Compile checks c and builds an immutable policy from it. Each mistake
// is a *[ConfigError] naming the setting as written in c
// ("attributes[2].match"), several joined with errors.Join.
func Compile(c Config) (*Policy, error) {
	p, errs, more := compile(c, maxErrors, nil)
	if len(errs) > 0 || more > 0 {
		return nil, joinErrors(errs, more, "")
	}
	return p, nil
}

// compile is Compile keeping the first limit errors and counting the
// rest. written reports whether a setting's path ("styles",
// "attributes[2]") was written in the file c was read from; it is nil
// for a Config built in code.
func compile(c Config, limit int, written func(path string) bool) (*Policy, []error, int) {
	k := compiler{limit: limit, attrState: newAttrState(c.Remove.Attributes), pats: newPatternSet(), written: written}
	k.idPrefixed = c.IDs.Prefix != ""
	k.checkLengths(c)
	k.checkForeign(c)
	k.checkLists(c)
	k.checkRemovedUnderWildcards(c)
	flat := flatten(c)
	p := &Policy{cfg: flat, r: rules.Rules{Elements: map[string]*rules.Element{}, Internal: map[string]bool{}}}
	for _, name := range flat.Elements {
		if forbiddenElement(name) == "" && ValidElement(name) {
			p.r.Elements[name] = newElement(name)
		}
	}
	k.addAttributes(p, foreignAttributes(c), "(svg, mathml)", false)
	k.addAttributes(p, c.Attributes, "attributes", false)
	k.addAttributes(p, c.Add.Attributes, "add.attributes", true)
	k.addAttributes(p, unclobberedEntries(c), "ids.keep", false)
	p.cfg.Attributes = p.attributeList()
	k.styles(p, flat.Styles)
	k.classes(p, flat.Classes)
	k.ids(p, flat.IDs)
	k.urls(p, flat.URLs)
	k.flags(p, flat.URLs)
	k.links(p, flat.Links)
	k.migration(p, flat)
	bareWords.check(&k, flat.BareElements, true)
	k.limits(flat.Limits)
	k.embeds(p, flat.Embeds) // last: no other setting applies to iframe
	p.topLayer(flat.AllowTopLayer)
	// After embeds: a container may unwrap an iframe (container.go).
	k.container(p, flat.Container, flat.Document == DocumentWrap)
	k.removal(p, flat)
	k.mail(p, flat.MailConfig)
	if len(k.errs) > 0 || k.more > 0 {
		return nil, k.errs, k.more
	}
	p.bm = p.bluemonday()
	p.settle()
	return p, nil, 0
}

// Length limits for the names and tokens of a policy. No real element,
// attribute or CSS property name comes near maxNameBytes, nor any scheme,
// rel or class token, host name (DNS: 253 bytes) or id prefix near
// maxTokenBytes. Refusing longer ones up front keeps every later step,
// and printing the policy as YAML, small whatever the input.
const (
	maxNameBytes  = 1024
	maxTokenBytes = 256
)

// checkLengths refuses names and tokens longer than the limits above.
func (k *compiler) checkLengths(c Config) {
	one := func(field, v string, limit int) {
		if len(v) > limit {
			k.fail(field, "%q is longer than %d bytes, the most this setting allows", v, limit)
		}
	}
	each := func(field string, vs []string, limit int) {
		for i, v := range vs {
			one(fmt.Sprintf("%s[%d]", field, i), v, limit)
		}
	}
	attrs := func(field string, as []Attribute) {
		for i, a := range as {
			at := fmt.Sprintf("%s[%d]", field, i)
			one(at+".name", a.Name, maxNameBytes)
			each(at+".on", a.On, maxNameBytes)
		}
	}
	each("elements", c.Elements, maxNameBytes)
	each("drop", c.Drop, maxNameBytes)
	each("unwrap", c.Unwrap, maxNameBytes)
	attrs("attributes", c.Attributes)
	for _, ch := range []struct {
		field string
		c     Change
	}{{"add", c.Add}, {"remove", c.Remove}} {
		each(ch.field+".elements", ch.c.Elements, maxNameBytes)
		attrs(ch.field+".attributes", ch.c.Attributes)
		each(ch.field+".schemes", ch.c.Schemes, maxTokenBytes)
	}
	for i, st := range c.Styles {
		one(fmt.Sprintf("styles[%d].property", i), st.Property, maxNameBytes)
		each(fmt.Sprintf("styles[%d].on", i), st.On, maxNameBytes)
	}
	for i, cl := range c.Classes {
		each(fmt.Sprintf("classes[%d].on", i), cl.On, maxNameBytes)
		each(fmt.Sprintf("classes[%d].tokens", i), cl.Tokens, maxTokenBytes)
	}
	each("urls.schemes", c.URLs.Schemes, maxTokenBytes)
	each("links.rel", c.Links.Rel, maxTokenBytes)
	each("links.internal_hosts", c.Links.InternalHosts, maxTokenBytes)
	each("embeds.hosts", c.Embeds.Hosts, maxTokenBytes)
	each("embeds.sandbox", c.Embeds.Sandbox, maxTokenBytes)
	one("ids.prefix", c.IDs.Prefix, maxTokenBytes)
}

// joinErrors joins errs and, if more were left out, a last error saying
// how many.
func joinErrors(errs []error, more int, file string) error {
	if more > 0 {
		errs = append(errs, &ConfigError{File: file, Field: "(file)", Msg: excerpt.More(more)})
	}
	return errors.Join(errs...)
}

// flatten applies Add and Remove to the element and scheme lists and
// fills in defaults; attributes are resolved by addAttributes.
func flatten(c Config) Config {
	f := c
	f.Extends, f.Add, f.Remove = "", Change{}, Change{}
	f.Elements = setEdit(append(foreignElements(c), c.Elements...), c.Add.Elements, c.Remove.Elements)
	f.URLs.Schemes = setEdit(c.URLs.Schemes, c.Add.Schemes, c.Remove.Schemes)
	// A setting left out means the safe choice (docs/policy.md,
	// "Defaults"); a weaker one is written out.
	if f.URLs.Relative == "" {
		f.URLs.Relative = RelativeDeny
	}
	if f.URLs.Nested == nil {
		f.URLs.Nested = new(true)
	} else {
		f.URLs.Nested = new(*f.URLs.Nested) // the caller's pointer stays theirs
	}
	if f.RemoteContent == "" && f.Document == DocumentWrap {
		// A fragment's "" stays "" (allow), so that a Config taken from
		// Policy.Config and switched to wrap blocks too.
		f.RemoteContent = RemoteBlock
	}
	if f.URLs.Userinfo == "" {
		f.URLs.Userinfo = UserinfoReject
	}
	f.Limits = f.Limits.withDefaults()
	f.URLs.Flags = maps.Clone(c.URLs.Flags) // the caller's map stays theirs
	f.Classes = cloneClasses(c.Classes)
	f.Drop, f.Unwrap = slices.Clone(c.Drop), slices.Clone(c.Unwrap)
	return f
}

// cloneClasses copies class rules, lists and all.
func cloneClasses(rules []ClassRule) []ClassRule {
	if rules == nil {
		return nil
	}
	out := make([]ClassRule, len(rules))
	for i, r := range rules {
		out[i] = ClassRule{On: slices.Clone(r.On), Tokens: slices.Clone(r.Tokens), Match: r.Match}
	}
	return out
}

// setEdit returns (base ∪ add) − remove, sorted, without duplicates, in
// O(n log n): lists come from files and may be long.
func setEdit(base, add, remove []string) []string {
	drop := make(map[string]bool, len(remove))
	for _, s := range remove {
		drop[s] = true
	}
	out := slices.Concat(base, add)
	slices.Sort(out)
	out = slices.Compact(out)
	return slices.DeleteFunc(out, func(s string) bool { return drop[s] })
}

// checkLists validates every list entry where it was written, so that an
// error names the line of the file that holds it.
func (k *compiler) checkLists(c Config) {
	for _, l := range []struct {
		field string
		names []string
	}{{"elements", c.Elements}, {"add.elements", c.Add.Elements}, {"remove.elements", c.Remove.Elements}} {
		for i, name := range l.names {
			if msg := elementProblem(name, l.field == "remove.elements"); msg != "" {
				k.fail(fmt.Sprintf("%s[%d]", l.field, i), "%s", msg)
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
			case s == anyScheme && l.field == "urls.schemes":
			case bad && l.field != "remove.schemes":
				k.fail(field, "%q is never allowed: it %s", s, why)
			case !bad && !schemeRE.MatchString(s):
				k.fail(field, "%q is not a scheme (lower case, no \":\")", s)
			}
		}
	}
}

func (k *compiler) urls(p *Policy, u URLs) {
	// Strict is carried by Reject (see flags), so that the flags a policy
	// allows stay allowed.
	o := urlnorm.Options{Nested: u.Nested == nil || *u.Nested, Schemes: slices.Clone(u.Schemes)}
	if o.Schemes == nil {
		o.Schemes = []string{}
	}
	switch u.Relative {
	case RelativeAllow:
	case RelativeDeny:
		o.Relative = urlnorm.RelativeReject
	case RelativeFragment:
		o.Relative = urlnorm.RelativeFragment
	case RelativeResolve:
		o.Relative = urlnorm.RelativeResolve
		o.Base = u.Base
		if u.Base == "" {
			k.fail("urls.relative", "resolve needs a base URL (urls.base)")
		}
	default:
		relativeWords.check(k, u.Relative, false)
	}
	if u.Base != "" {
		r, err := urlnorm.Inspect(u.Base, urlnorm.Options{})
		switch {
		case err != nil:
			k.fail("urls.base", "%q is not a valid URL: %v", u.Base, err)
		case r.Scheme != "http" && r.Scheme != "https":
			k.fail("urls.base", "%q is not an absolute http(s) URL", u.Base)
		default:
			p.r.Internal[r.Host] = true
		}
	}
	switch u.Userinfo {
	case UserinfoReject:
	case UserinfoStrip:
		o.Userinfo = urlnorm.UserinfoStrip
	case UserinfoKeep:
		o.Userinfo = urlnorm.UserinfoKeep
	default:
		userinfoWords.check(k, u.Userinfo, false)
	}
	p.r.URL = o
}

func (k *compiler) links(p *Policy, l Links) {
	for i, t := range l.Rel {
		if why := relProblem(t); why != "" {
			k.fail(fmt.Sprintf("links.rel[%d]", i), "%q %s", t, why)
		}
	}
	relOnWords.check(k, l.RelOn, true)
	var add []string
	if l.TargetBlank {
		add = []string{"noopener"}
	}
	p.rel = setEdit(l.Rel, add, nil)
	textMismatchWords.check(k, l.TextMismatch, true)
	if l.TargetBlank && p.r.Elements["a"] == nil && p.r.Elements["area"] == nil {
		k.fail("links.target_blank", "no link element (a, area) is allowed")
	}
	for i, h := range l.InternalHosts {
		r, err := urlnorm.Inspect("//"+h+"/", urlnorm.Options{})
		if err != nil || r.Host == "" {
			k.fail(fmt.Sprintf("links.internal_hosts[%d]", i), "%q is not a host name", h)
			continue
		}
		p.r.Internal[r.Host] = true
	}
}

// limits checks each limit against its range. A limit that depends on
// another is checked against it only when that one is valid, so that one
// mistake gives one message, with a range that reads the right way round.
func (k *compiler) limits(l Limits) {
	check := func(field string, v, lo, hi int64) bool {
		if v < lo || v > hi {
			k.fail("limits."+field, "%d is out of range [%s, %s]", v, excerpt.Commas(int(lo)), excerpt.Commas(int(hi)))
			return false
		}
		return true
	}
	if l.MaxInputBytes != -1 && (l.MaxInputBytes < 1 || l.MaxInputBytes > maxInputLimit) {
		k.fail("limits.max_input_bytes", "%d is out of range [1, %s], or -1 for no limit", l.MaxInputBytes, excerpt.Commas(maxInputLimit))
	}
	check("max_depth", int64(l.MaxDepth), 1, 100_000)
	tokenOK := check("max_token_bytes", int64(l.MaxTokenBytes), 1<<10, 1<<30)
	if check("max_attribute_bytes", int64(l.MaxAttributeBytes), 1, 1<<30) && tokenOK && l.MaxAttributeBytes > l.MaxTokenBytes {
		k.fail("limits.max_attribute_bytes", "%d is more than limits.max_token_bytes (%d): a value cannot be longer than its tag", l.MaxAttributeBytes, l.MaxTokenBytes)
	}
	check("max_attributes", int64(l.MaxAttributes), 1, 100_000)
}

// maxInputLimit is the largest max_input_bytes (1 TiB).
const maxInputLimit = 1 << 40

// removal checks Unlisted, Drop and Unwrap against the allowed elements
// (flat, after Add and Remove), and records them in p.
func (k *compiler) removal(p *Policy, flat Config) {
	switch flat.Unlisted {
	case "", UnlistedUnwrap:
	case UnlistedDrop:
		p.r.Unlisted = rules.UnlistedDrop
	default:
		unlistedWords.check(k, flat.Unlisted, false)
	}
	p.r.Removal = map[string]bool{}
	for _, l := range []struct {
		field string
		names []string
		drop  bool
	}{{"drop", flat.Drop, true}, {"unwrap", flat.Unwrap, false}} {
		for i, name := range l.names {
			field := fmt.Sprintf("%s[%d]", l.field, i)
			drop, seen := p.r.Removal[name]
			switch why := forbiddenElement(name); {
			case why != "":
				k.fail(field, "%q is never allowed (it %s) and keeps its own handling", name, why)
			case !ValidElement(name):
				k.fail(field, "%s", elementProblem(name, false))
			case p.r.Elements[name] != nil:
				k.fail(field, "%q is allowed: only an element the policy does not allow is dropped or unwrapped", name)
			case seen && drop != l.drop:
				k.fail(field, "%q is in both drop and unwrap", name)
			default:
				p.r.Removal[name] = l.drop
				p.r.DropsAny = p.r.DropsAny || l.drop
			}
		}
	}
	p.r.DropsAny = p.r.DropsAny || p.r.Unlisted == rules.UnlistedDrop
}
