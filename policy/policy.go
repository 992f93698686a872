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

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// Policy is a compiled, validated policy. It is immutable and safe for
// concurrent use; build one with [Compile], [Preset] or [LoadFile] and
// share it.
type Policy struct {
	name    string
	cfg     Config
	r       rules.Rules    // what package sanitize enforces ([Policy.Rules])
	rel     []string       // links.rel, with noopener for target_blank
	classRE *regexp.Regexp // what the policy stage allows in a filtered class
	denyRE  *regexp.Regexp // the schemes it allows under urls.schemes ["*"]
	bm      *bluemonday.Policy
}

// Rules returns the compiled rules package sanitize enforces, the one
// crossing between the two; only this module can name [rules.Key].
func (p *Policy) Rules(rules.Key) rules.Rules { return p.r }

// attributeList writes the compiled attribute rules back as a Config
// list: one entry per attribute and pattern, listing its elements, with
// the kind of attributes the built-in table does not know.
func (p *Policy) attributeList() []Attribute {
	type key struct{ name, match string }
	on := map[key][]string{}
	kinds := map[string]Kind{}
	enter := func(name string, r *rules.Attr, el string) {
		if r.Styles != nil {
			return // written back as Config.Styles
		}
		kinds[name] = r.Kind
		if r.Any {
			on[key{name, ""}] = append(on[key{name, ""}], el)
			return
		}
		for _, src := range r.Sources {
			on[key{name, src}] = append(on[key{name, src}], el)
		}
	}
	for _, el := range p.r.Elements {
		for name, r := range el.Attrs {
			enter(name, r, el.Key())
		}
		for _, w := range el.Wild {
			enter(w.Prefix+"*", w.Rule, el.Key())
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

// URLOptions returns the options every URL of this policy is normalised
// with; Schemes is nil under urls.schemes: ["*"].
func (p *Policy) URLOptions() urlnorm.Options {
	o := p.r.URL
	o.Schemes = slices.Clone(o.Schemes)
	return o
}

// Rel returns the tokens written to the rel of every link (every
// external one under links.rel_on "external"), sorted.
func (p *Policy) Rel() []string { return slices.Clone(p.rel) }

// Limits returns the limits, with defaults filled in.
func (p *Policy) Limits() Limits { return p.cfg.Limits }

// Config returns the policy as it takes effect: Add and Remove applied,
// defaults filled in. It compiles to an equal policy.
func (p *Policy) Config() Config {
	c := p.cfg
	c.Elements = slices.Clone(c.Elements)
	c.Attributes = slices.Clone(c.Attributes)
	c.URLs.Schemes = slices.Clone(c.URLs.Schemes)
	c.URLs.Flags = maps.Clone(c.URLs.Flags)
	if c.URLs.Nested != nil {
		c.URLs.Nested = new(*c.URLs.Nested)
	}
	c.Links.Rel = slices.Clone(c.Links.Rel)
	c.Links.AuthorRel = slices.Clone(c.Links.AuthorRel)
	c.Links.Targets = slices.Clone(c.Links.Targets)
	c.URLs.DenySchemes = slices.Clone(c.URLs.DenySchemes)
	c.URLs.DataImages.Types = slices.Clone(c.URLs.DataImages.Types)
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
	b.WriteString(gadgetWarnings(p.cfg))
	b.WriteString(topLayerWarnings(p.cfg))
	b.WriteString(svgRefWarnings(p.cfg)) // svgupload.go
	// Through a node tree, to write why the presets chose what they did
	// beside each flag.
	var doc yaml.Node
	err := doc.Encode(printable(p.cfg)) // printable.go
	if err == nil {
		commentFlags(&doc, p.cfg.URLs.Strict)
		commentWeaker(&doc, p.cfg) // weaker.go
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

// apply runs the policy's allowlist over HTML from r and writes the result
// to w: the last stage of sanitize.Sanitize, done with bluemonday, which
// requires every URL to parse, allows only the policy's schemes and keeps
// only the policy's elements and attributes. It streams. It is not
// exported (package sanitize reaches it through [Policy.Rules]): alone
// it keeps URLs the first stage refuses, such as
// http://bank.example@evil.example/.
func (p *Policy) apply(w io.Writer, r io.Reader) error {
	if err := p.bm.SanitizeReaderToWriter(r, w); err != nil {
		return fmt.Errorf("policy: %w", err)
	}
	return nil
}

// passValued are the inert text attributes whose values only the first
// stage matches against the policy's patterns: the bluemonday stage
// allows them on the same elements, whatever their value, and escapes
// it. Their patterns guard no URL, CSS or class token, and matching them
// again cost the stage a regexp per value (on the bench pages 21,131
// matches, 6.6% of the pipeline). Every pattern on a URL, style or class
// attribute stays in both stages.
var passValued = map[string]bool{
	"title": true, "alt": true, "abbr": true, "summary": true, "lang": true, "dir": true,
}

// bluemonday builds the second-line allowlist from the compiled policy.
func (p *Policy) bluemonday() *bluemonday.Policy {
	bm := bluemonday.NewPolicy()
	bm.RequireParseableURLs(true)
	bm.AllowRelativeURLs(p.cfg.URLs.Relative == "allow")
	// bluemonday's zero scheme list would allow none; say so explicitly.
	bm.AllowURLSchemes(p.r.URL.Schemes...)
	if p.cfg.Comments {
		bm.AllowComments()
	}
	wild := false
	for _, el := range p.r.Elements {
		// bluemonday knows no namespaces: it gets local names, and an
		// attribute allowed on svg:a is allowed on every a. The first stage
		// keeps each in its own namespace.
		name := el.Name
		bm.AllowElements(name)
		// Without this bluemonday drops allowed elements that have no
		// attributes left, such as a link whose href was refused.
		bm.AllowNoAttrs().OnElements(name)
		wild = wild || len(el.Wild) > 0
		if el.FiltersClasses() {
			bm.AllowAttrs("class").Matching(p.classRE).OnElements(name)
		}
		if p.r.IDPrefix != "" {
			bm.AllowAttrs("id", "name").Matching(idRE(p.r.IDPrefix)).OnElements(name)
		}
		for attr, rule := range el.Attrs {
			switch {
			case rule.Any, rule.Kind.Inert() && passValued[attr]:
				bm.AllowAttrs(attr).OnElements(name)
			default:
				for _, m := range rule.Patterns {
					bm.AllowAttrs(attr).Matching(m.RE).OnElements(name)
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
	p.linkStage(bm)
	p.mediaStage(bm)
	return bm
}
