package sanitizetest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// generatedPolicies is how many random policy files
// TestGeneratedPoliciesKeepProtections writes, and linksPerPolicy how many
// of the caught deceptive links, drawn at random, each is checked with;
// HTMLCLEAN_GENERATED_POLICIES asks for more files and
// HTMLCLEAN_GENERATED_LINKS=all for every link under each.
const (
	generatedPolicies = 2000
	linksPerPolicy    = 20
)

// A genFile is a generated policy file and the protections it writes
// out weaker than the presets' ("flag:confusable", "userinfo", ...):
// weakens those it lets keep a link silently, softens those it lets
// keep a link with a report (a flag set to report, text_mismatch: mark).
type genFile struct {
	text             string
	weakens, softens map[string]bool
}

// genPolicy writes a policy file of a random subset of the settings,
// with random values, with or without extends.
func genPolicy(r *rand.Rand) genFile {
	g := genFile{weakens: map[string]bool{}, softens: map[string]bool{}}
	var b strings.Builder
	pick := func(vals ...string) string { return vals[r.IntN(len(vals))] }
	if r.IntN(2) == 0 {
		fmt.Fprintf(&b, "extends: %s\n", pick(policy.Presets()...))
	}
	if r.IntN(4) != 0 {
		els := []string{"a"}
		for _, e := range []string{"p", "span", "b", "i", "img", "div", "bdi", "bdo", "code", "abbr"} {
			if r.IntN(2) == 0 {
				els = append(els, e)
			}
		}
		if r.IntN(8) == 0 {
			els = els[1:] // no link element: the file allows no links
		}
		fmt.Fprintf(&b, "elements: [%s]\n", strings.Join(els, ", "))
	}
	if r.IntN(4) != 0 {
		b.WriteString("attributes:\n  - {name: href, on: [a]}\n")
		for _, a := range []string{"title", "dir", "alt"} {
			if r.IntN(2) == 0 {
				fmt.Fprintf(&b, "  - {name: %s}\n", a)
			}
		}
	}
	for _, s := range []struct{ key, vals string }{
		{"comments", "true false"}, {"word_breaks", "true false"}, {"unlisted", "unwrap drop"},
		{"bare_elements", "drop keep"},
	} {
		if r.IntN(4) == 0 {
			fmt.Fprintf(&b, "%s: %s\n", s.key, pick(strings.Fields(s.vals)...))
		}
	}
	var urls []string
	if r.IntN(3) != 0 {
		schemes := pick("[http, https]", "[http, https, mailto]", "[https]", "[http, https, mailto, tel, ftp]", "['*']")
		if schemes != "[http, https]" && schemes != "[https]" && schemes != "[http, https, mailto]" {
			g.weakens["schemes"] = true
		}
		urls = append(urls, "schemes: "+schemes)
	}
	if r.IntN(3) == 0 {
		v := pick("allow", "deny", "resolve")
		if v == "resolve" {
			urls = append(urls, "base: https://site.example/")
		}
		if v != "deny" {
			g.weakens["relative"] = true
		}
		urls = append(urls, "relative: "+v)
	}
	if r.IntN(3) == 0 {
		v := pick("reject", "strip", "keep")
		if v != "reject" {
			g.weakens["userinfo"] = true
		}
		urls = append(urls, "userinfo: "+v)
	}
	if r.IntN(3) == 0 {
		v := pick("true", "false")
		if v == "false" {
			g.weakens["nested"] = true
		}
		urls = append(urls, "nested: "+v)
	}
	if r.IntN(4) == 0 {
		urls = append(urls, "strict: "+pick("true", "false"))
	}
	if r.IntN(2) == 0 {
		var flags []string
		for _, name := range urlnorm.AllFlags.Names() {
			if r.IntN(4) != 0 {
				continue
			}
			v := policy.FlagAction(pick(string(policy.FlagReject), string(policy.FlagReport), string(policy.FlagIgnore)))
			switch v {
			case policy.FlagIgnore:
				g.weakens["flag:"+name] = true
			case policy.FlagReport:
				g.softens["flag:"+name] = true
				// Reported where it is met, but a nested URL that
				// carries it is then no longer refused.
				g.weakens["inner:flag:"+name] = true
			}
			flags = append(flags, name+": "+string(v))
		}
		if len(flags) > 0 {
			urls = append(urls, "flags: {"+strings.Join(flags, ", ")+"}")
		}
	}
	if len(urls) > 0 {
		b.WriteString("urls:\n")
		for _, u := range urls {
			b.WriteString("  " + u + "\n")
		}
	}
	var links []string
	if r.IntN(3) == 0 {
		v := pick("reject", "rewrite", "mark", "report", "ignore")
		switch v {
		case "ignore":
			g.weakens["text_mismatch"] = true
		case "report", "mark", "rewrite":
			g.softens["text_mismatch"] = true
		}
		links = append(links, "text_mismatch: "+v)
	}
	if r.IntN(4) == 0 {
		links = append(links, "rel: [nofollow]")
	}
	if len(links) > 0 {
		b.WriteString("links:\n")
		for _, l := range links {
			b.WriteString("  " + l + "\n")
		}
	}
	if r.IntN(4) == 0 {
		fmt.Fprintf(&b, "limits: {max_attribute_bytes: %d}\n", 1024+r.IntN(1<<16))
	}
	if b.Len() == 0 {
		b.WriteString("comments: false\n")
	}
	g.text = b.String()
	return g
}

// allowsLinks reports whether p keeps an http(s) href on a.
func allowsLinks(p *policy.Policy) bool {
	c := p.Config()
	if !slices.Contains(c.Elements, "a") {
		return false
	}
	href := slices.ContainsFunc(c.Attributes, func(a policy.Attribute) bool {
		return a.Name == "href" && (len(a.On) == 0 || slices.Contains(a.On, "a"))
	})
	s := c.URLs.Schemes
	return href && (slices.Contains(s, "https") || slices.Contains(s, "*"))
}

// protections names what refused or reported a link, from its changes:
// each urlnorm flag ("flag:confusable"), and the setting behind a reason
// (userinfo, nested, schemes, relative, text_mismatch).
func protections(changes []sanitize.Change) map[string]bool {
	out := map[string]bool{}
	for _, c := range changes {
		if c.Element != "a" {
			continue
		}
		for _, name := range c.Flags.Names() {
			out["flag:"+name] = true
		}
		r := string(c.Reason)
		for _, s := range []struct{ in, setting string }{
			{"userinfo", "userinfo"}, {"nested", "nested"}, {"scheme", "schemes"},
			{"relative", "relative"}, {"link-text", "text_mismatch"},
		} {
			if strings.Contains(r, s.in) {
				out[s.setting] = true
			}
		}
	}
	return out
}

// removed reports whether out no longer holds the link's href.
func removed(out string) bool { return len(anchorHrefs(out)) == 0 }

// caught reports whether out no longer holds the link's href, or a
// change tells the reader or the report about the link.
func caught(l deceptionLink, out string, changes []sanitize.Change) bool {
	in := ""
	if hrefs := anchorHrefs(l.HTML); len(hrefs) > 0 {
		in = hrefs[0]
	}
	if removed(out) {
		return true
	}
	for _, c := range changes {
		if c.Element != "a" {
			continue
		}
		switch {
		case c.Action == sanitize.RewroteText, c.Action == sanitize.MarkedLink, c.Action == sanitize.Flagged:
			return true
		case c.Attribute == "href" && c.Before == in && (c.Flags != 0 || c.Action == sanitize.RemovedAttribute):
			return true
		}
	}
	return false
}

// TestGeneratedPoliciesKeepProtections: for thousands of random policy
// files (any subset of the settings, with and without extends), every
// deceptive link of both deception sets that the preset the file starts
// from (ugc without extends, or when that preset keeps no links) removes
// is removed under the file too, and every one it reports is removed or
// reported, whenever the file allows links, unless the file writes out a
// weaker choice for a protection that caught it (a flag set to report or
// ignore, userinfo: keep, nested: false, text_mismatch other than
// reject, more schemes, relative references), or the file's policy no
// longer shows the host the link's text named.
func TestGeneratedPoliciesKeepProtections(t *testing.T) {
	n := generatedPolicies
	if s := os.Getenv("HTMLCLEAN_GENERATED_POLICIES"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("HTMLCLEAN_GENERATED_POLICIES=%q: %v", s, err)
		}
	}
	if testing.Short() {
		n = min(n, 200)
	}
	every := os.Getenv("HTMLCLEAN_GENERATED_LINKS") == "all"
	var links []deceptionLink
	for _, set := range []string{"links.jsonl", "reading.jsonl"} {
		l, err := jsonl.Read[deceptionLink](filepath.Join("..", "..", "testdata", "deception", set))
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range l {
			if x.Label == "deceptive" {
				links = append(links, x)
			}
		}
	}
	// What each preset catches, and by which protections.
	type baseline struct {
		caught  []int // indexes into links
		removed []bool
		by      []map[string]bool
	}
	baselines := map[string]*baseline{}
	for _, name := range policy.Presets() {
		p, err := policy.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		if !allowsLinks(p) {
			continue
		}
		b := &baseline{}
		for i, l := range links {
			var changes []sanitize.Change
			out, err := sanitize.StringWith(l.HTML, p, sanitize.Options{Report: func(c sanitize.Change) { changes = append(changes, c) }})
			if err != nil {
				t.Fatal(err)
			}
			if caught(l, out, changes) {
				b.caught = append(b.caught, i)
				b.removed = append(b.removed, removed(out))
				b.by = append(b.by, protections(changes))
			}
		}
		baselines[name] = b
	}
	r := rand.New(rand.NewPCG(20261202, 33))
	var count struct{ files, refused, linkless, checked, caught, writtenOut, defused, silent int }
	for range n {
		g := genPolicy(r)
		count.files++
		p, err := policy.Load(strings.NewReader(g.text), "generated.yaml")
		if err != nil {
			count.refused++
			continue
		}
		if !allowsLinks(p) {
			count.linkless++
			continue
		}
		from := "ugc"
		if ext, ok := strings.CutPrefix(g.text, "extends: "); ok {
			from, _, _ = strings.Cut(ext, "\n")
		}
		base := baselines[from]
		if base == nil {
			base = baselines["ugc"]
		}
		order := r.Perm(len(base.caught))
		if !every {
			order = order[:min(len(order), linksPerPolicy)]
		}
		for _, j := range order {
			l := links[base.caught[j]]
			count.checked++
			var changes []sanitize.Change
			out, err := sanitize.StringWith(l.HTML, p, sanitize.Options{Report: func(c sanitize.Change) { changes = append(changes, c) }})
			if err != nil {
				t.Fatalf("%s: %s: %v\n%s", l.ID, l.HTML, err, g.text)
			}
			switch {
			case base.removed[j] && removed(out), !base.removed[j] && caught(l, out, changes):
				count.caught++
				continue
			case weakened(base.by[j], g.weakens), base.removed[j] && weakened(base.by[j], g.softens):
				count.writtenOut++
				continue
			}
			if ol := outputLinks(out); len(ol) > 0 && !shownHost.MatchString(ol[0].shows) && isTextLink(l) {
				count.defused++ // the policy dropped the text that named a host
				continue
			}
			count.silent++
			t.Errorf("%s (%s) kept (removed by the preset: %v) under a generated policy that writes no weaker choice for %v:\n in  %q\n out %q\n%s",
				l.ID, l.Why, base.removed[j], keys(base.by[j]), l.HTML, out, g.text)
			break // one per file is enough to read
		}
	}
	t.Logf("%d generated policies: %d refused, %d allow no links; %d deceptive links checked: %d removed (or reported, as the preset does), %d kept where the file writes a weaker choice, %d whose text no longer names a host, %d kept otherwise",
		count.files, count.refused, count.linkless, count.checked, count.caught, count.writtenOut, count.defused, count.silent)
	if count.checked < count.files {
		t.Errorf("only %d links checked over %d files: the generator rarely allows links", count.checked, count.files)
	}
}

// weakened reports whether the file writes out a weaker choice for one
// of the protections by. urls.nested refuses a URL whose nested URL the
// policy refuses, so whatever lets the nested one through (userinfo,
// schemes, a flag reported or ignored) weakens it too.
func weakened(by, weakens map[string]bool) bool {
	for k := range by {
		if weakens[k] {
			return true
		}
	}
	if by["nested"] {
		for k := range weakens {
			if k == "userinfo" || k == "schemes" || strings.HasPrefix(k, "flag:") || strings.HasPrefix(k, "inner:") {
				return true
			}
		}
	}
	return false
}

// isTextLink reports whether l deceives by its text, not its href.
func isTextLink(l deceptionLink) bool {
	return strings.HasPrefix(l.Class, "text-") || slices.Contains(textClasses, l.Class)
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
