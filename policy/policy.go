package policy

import (
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"go.yaml.in/yaml/v3"

	"github.com/htmlclean/htmlclean/internal/policystage"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// Policy is a compiled, validated policy. It is immutable and safe for
// concurrent use; build one with [Compile], [Preset] or [LoadFile] and
// share it.
type Policy struct {
	name       string
	cfg        Config
	elements   map[string]*Element
	urlOpts    urlnorm.Options
	report     urlnorm.Flags // the flags urls.flags maps to report
	rel        []string
	internal   map[string]bool // the base URL's host and Links.InternalHosts
	idPrefix   string          // IDs.Prefix, once checked
	classRE    *regexp.Regexp  // what the policy stage allows in a filtered class
	sandbox    string          // the sandbox written on iframes (Config.Embeds), or ""
	embedHosts []string        // Config.Embeds.Hosts, sorted
	bm         *bluemonday.Policy
	// What becomes of an element the policy does not allow: Drop and
	// Unwrap by name (true: dropped), else dropUnlisted (Unlisted).
	removal      map[string]bool
	dropUnlisted bool
	dropsAny     bool // dropUnlisted, or a name in Drop: DropsContent may be true
}

// Element is an allowed element and the attributes allowed on it: by
// name, by data-* wildcard ([Element.Attr]) and, for class, token by
// token ([Element.AllowsClass]).
type Element struct {
	Name     string
	attrs    map[string]*AttrRule
	wild     []wildRule      // data-* wildcards, for names attrs lacks
	declared map[string]Kind // the kinds the policy declares, for wild
	classes  []*classRule    // per-token class rules, or none
}

// AttrRule allows an attribute on an element: the value must match one
// of its patterns, or anything if it has none. Its [AttrRule.Kind] says
// how sanitize checks the value.
type AttrRule struct {
	kind     Kind
	any      bool
	patterns []matcher
	sources  []string    // the patterns as written
	styles   *styleRules // a style attribute allowed per property (Config.Styles)
}

// Kind returns what the attribute's value holds; never [KindUnknown] for a
// rule of a compiled policy.
func (r *AttrRule) Kind() Kind { return r.kind }

// Allows reports whether the attribute may have this value.
func (r *AttrRule) Allows(value string) bool {
	if r.any {
		return true
	}
	for _, m := range r.patterns {
		if m.MatchString(value) {
			return true
		}
	}
	return false
}

// add enters one attribute entry (m nil: any value) on the element. The
// compiler has already dropped a pattern the rule holds.
func (e *Element) add(name string, m *matcher, kind Kind) {
	r := e.attrs[name]
	if r == nil {
		r = &AttrRule{kind: kind}
		e.attrs[name] = r
	}
	if m == nil {
		r.any = true
	} else {
		r.patterns = append(r.patterns, *m)
		r.sources = append(r.sources, m.source)
	}
}

// attributeList writes the compiled attribute rules back as a Config
// list: one entry per attribute and pattern, listing its elements, with
// the kind of attributes the built-in table does not know.
func (p *Policy) attributeList() []Attribute {
	type key struct{ name, match string }
	on := map[key][]string{}
	kinds := map[string]Kind{}
	enter := func(name string, r *AttrRule, el string) {
		if r.styles != nil {
			return // written back as Config.Styles
		}
		kinds[name] = r.kind
		if r.any {
			on[key{name, ""}] = append(on[key{name, ""}], el)
			return
		}
		for _, src := range r.sources {
			on[key{name, src}] = append(on[key{name, src}], el)
		}
	}
	for _, el := range p.elements {
		for name, r := range el.attrs {
			enter(name, r, el.Name)
		}
		for _, w := range el.wild {
			enter(w.prefix+"*", w.rule, el.Name)
		}
	}
	var out []Attribute
	for k, els := range on {
		slices.Sort(els)
		a := Attribute{Name: k.name, On: els, Match: k.match}
		if KindOf(k.name) == KindUnknown {
			a.Kind = kinds[k.name].String() // declared: write it back
		}
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b Attribute) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		if c := strings.Compare(a.Match, b.Match); c != 0 {
			return c
		}
		return slices.Compare(a.On, b.On)
	})
	return out
}

// Attr returns the rule of an attribute allowed on the element, or nil.
// The name must be lower case. An entry that names the attribute wins
// over a data-* wildcard that covers it.
func (e *Element) Attr(name string) *AttrRule {
	if r := e.attrs[name]; r != nil || len(e.wild) == 0 {
		return r
	}
	return e.wildAttr(name)
}

// Element returns the rule of an allowed element, or nil. The name must be
// lower case.
func (p *Policy) Element(name string) *Element { return p.elements[name] }

// URLOptions returns the options every URL of this policy is normalised
// with; its Schemes is never nil.
func (p *Policy) URLOptions() urlnorm.Options {
	o := p.urlOpts
	o.Schemes = slices.Clone(o.Schemes)
	return o
}

// ReportFlags returns the flags a URL is kept with and reported for
// (urls.flags "report"). The flags it is refused for are
// URLOptions().Reject; the others are ignored: sanitize leaves them out of
// its report.
func (p *Policy) ReportFlags() urlnorm.Flags { return p.report }

// Rel returns the tokens written to the rel attribute of every link
// (every external one, if [Policy.RelOn] is "external"), sorted.
func (p *Policy) Rel() []string { return slices.Clone(p.rel) }

// TextMismatch returns what Links.TextMismatch says to do with a link
// whose text names another host than its href: "reject" (also for an
// unset value), "rewrite", "report" or "ignore".
func (p *Policy) TextMismatch() string {
	if p.cfg.Links.TextMismatch == "" {
		return "reject"
	}
	return p.cfg.Links.TextMismatch
}

// TargetBlank reports whether external links get target="_blank".
func (p *Policy) TargetBlank() bool { return p.cfg.Links.TargetBlank }

// Internal reports whether a canonical host (urlnorm's form) belongs to
// the site: the base URL's host or one of Links.InternalHosts.
func (p *Policy) Internal(host string) bool {
	return p.internal[host]
}

// Limits returns the limits, with defaults filled in.
func (p *Policy) Limits() Limits { return p.cfg.Limits }

// KeepsBareElements reports whether an element that means nothing
// without its attributes is written when none is left
// (Config.BareElements).
func (p *Policy) KeepsBareElements() bool { return p.cfg.BareElements == "keep" }

// WordBreaks reports whether the pass separates words a dropped element
// separated (Config.WordBreaks).
func (p *Policy) WordBreaks() bool { return p.cfg.WordBreaks }

// DropsContent reports whether the element name, which the policy does
// not allow, is removed with its content (Config.Unlisted "drop", or a
// name in Config.Drop) rather than unwrapped. It is false for an allowed
// or [Forbidden] element: the sanitizer handles those as it always does.
func (p *Policy) DropsContent(name string) bool {
	if !p.dropsAny {
		return false // most policies: no lookup per dropped tag
	}
	if p.elements[name] != nil || forbiddenElements[name] != "" {
		return false
	}
	if drop, ok := p.removal[name]; ok {
		return drop
	}
	return p.dropUnlisted
}

// Config returns the policy as it takes effect: Add and Remove applied,
// defaults filled in. It compiles to an equal policy.
func (p *Policy) Config() Config {
	c := p.cfg
	c.Elements = slices.Clone(c.Elements)
	c.Attributes = slices.Clone(c.Attributes)
	c.URLs.Schemes = slices.Clone(c.URLs.Schemes)
	c.URLs.Flags = maps.Clone(c.URLs.Flags)
	c.Links.Rel = slices.Clone(c.Links.Rel)
	c.Links.InternalHosts = slices.Clone(c.Links.InternalHosts)
	c.Classes = cloneClasses(c.Classes)
	c.Drop, c.Unwrap = slices.Clone(c.Drop), slices.Clone(c.Unwrap)
	c.Embeds.Hosts = slices.Clone(c.Embeds.Hosts)
	c.Embeds.Sandbox = slices.Clone(c.Embeds.Sandbox)
	return c
}

// String returns the effective policy as YAML, in the format [LoadFile]
// reads.
func (p *Policy) String() string {
	var b strings.Builder
	if p.name != "" {
		fmt.Fprintf(&b, "# the %q preset, as it takes effect\n", p.name)
	}
	if p.cfg.Hooks.hasHooks() {
		b.WriteString("# this policy has Go hooks (Config.Hooks), which a file cannot hold:\n# loaded from this text, it runs without them\n")
	}
	// Through a node tree, to write why the presets chose what they did
	// beside each flag.
	var doc yaml.Node
	err := doc.Encode(p.cfg)
	if err == nil {
		commentFlags(&doc, p.cfg.URLs.Strict)
		enc := yaml.NewEncoder(&b)
		enc.SetIndent(2)
		err = enc.Encode(&doc)
		enc.Close()
	}
	if err != nil {
		// A Config holds only strings, numbers, bools and lists and maps
		// of them, so this cannot happen; say so rather than print half a
		// policy.
		return "# policy: cannot encode: " + err.Error() + "\n"
	}
	return b.String()
}

func init() {
	policystage.Apply = func(p any, w io.Writer, r io.Reader) error { return p.(*Policy).apply(w, r) }
}

// apply runs the policy's allowlist over HTML from r and writes the result
// to w: the last stage of sanitize.Sanitize, done with bluemonday, which
// requires every URL to parse, allows only the policy's schemes and keeps
// only the policy's elements and attributes. It streams. It is not
// exported (package sanitize reaches it through internal/policystage):
// alone it keeps URLs the first stage refuses, such as
// http://bank.example@evil.example/.
func (p *Policy) apply(w io.Writer, r io.Reader) error {
	if err := p.bm.SanitizeReaderToWriter(r, w); err != nil {
		return fmt.Errorf("policy: %w", err)
	}
	return nil
}

// bluemonday builds the second-line allowlist from the compiled policy.
func (p *Policy) bluemonday() *bluemonday.Policy {
	bm := bluemonday.NewPolicy()
	bm.RequireParseableURLs(true)
	bm.AllowRelativeURLs(p.cfg.URLs.Relative == "allow")
	// bluemonday's zero scheme list would allow none; say so explicitly.
	bm.AllowURLSchemes(p.urlOpts.Schemes...)
	wild := false
	for name, el := range p.elements {
		bm.AllowElements(name)
		// Without this bluemonday drops allowed elements that have no
		// attributes left, such as a link whose href was refused.
		bm.AllowNoAttrs().OnElements(name)
		wild = wild || len(el.wild) > 0
		if el.FiltersClasses() {
			bm.AllowAttrs("class").Matching(p.classRE).OnElements(name)
		}
		if p.idPrefix != "" {
			bm.AllowAttrs("id", "name").Matching(idRE(p.idPrefix)).OnElements(name)
		}
		for attr, rule := range el.attrs {
			switch {
			case rule.any:
				bm.AllowAttrs(attr).OnElements(name)
			default:
				for _, m := range rule.patterns {
					bm.AllowAttrs(attr).Matching(m.re).OnElements(name)
				}
			}
		}
	}
	if wild {
		// bluemonday's only way to keep attributes it is not given by
		// name: every data-* name on every element, whatever its value.
		// The first stage enforces the wildcards' elements and patterns.
		bm.AllowDataAttributes()
	}
	// rel and target are written by sanitize; allow exactly what it writes.
	links := []string{"a", "area"}
	if len(p.rel) > 0 {
		bm.AllowAttrs("rel").Matching(regexp.MustCompile(`^` + regexp.QuoteMeta(strings.Join(p.rel, " ")) + `$`)).OnElements(links...)
	}
	if p.cfg.Links.TargetBlank {
		bm.AllowAttrs("target").Matching(regexp.MustCompile(`^_blank$`)).OnElements(links...)
	}
	return bm
}
