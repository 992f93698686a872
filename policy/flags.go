package policy

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// What a policy does with a URL that carries a urlnorm flag
// ([URLs.Flags]).
const (
	// FlagReject removes the attribute (a link keeps its text).
	FlagReject FlagAction = "reject"
	// FlagReport keeps the URL and lists the flag in the report.
	FlagReport FlagAction = "report"
	// FlagIgnore keeps the URL and says nothing about the flag.
	FlagIgnore FlagAction = "ignore"
)

// flagChoice is what the presets do with one flag, and why. An empty
// action leaves the flag to urls.strict: report, or reject under it.
type flagChoice struct {
	action FlagAction
	why    string
}

// presetFlags are the presets' choices, for a public comment system:
// reject what exists only to deceive a reader or a filter into reading
// another destination, name as allowed what ordinary links carry (so
// that urls.strict keeps them), and leave the rare oddities to the
// default. The bench corpus (testdata/corpus/bench) and the deceptive
// link set (fuzz/sanitizetest) are the evidence for each line.
var presetFlags = map[string]flagChoice{
	"confusable":          {FlagReject, "a host written to look like another (pаypal.com with a Cyrillic а, ɡoogle.com); UTS #39"},
	"lookalike-separator": {FlagReject, "a host hiding a look-alike / . @ (paypal.com∕evil.example): the reader sees the wrong host"},
	"spoof-char":          {FlagReject, "bidi controls, invisible or fullwidth look-alike characters that make the path read differently (%E2%80%AE reverses gnp.exe)"},
	"encoded-separator":   {FlagReject, "%2F or %5C that a back end decoding them reads as another path (..%2Fetc, %2F%2Fevil)"},
	"active-scheme":       {FlagReject, "javascript:, vbscript: and data: are never links; the scheme list refuses them too"},
	"userinfo":            {FlagReport, "only seen when urls.userinfo strips or keeps userinfo (the presets reject it outright)"},
	"nested-url":          {FlagReport, "share and redirect links (sharer.php?u=https://…, SiteMinder TARGET=-SM-…) are ordinary; urls.nested refuses a nested URL with userinfo or another scheme"},
	"host-mapped":         {FlagReport, "upper-case or fullwidth IDNs (https://MÜNCHEN.de/) map to the same host a browser uses"},
	"trailing-dot":        {FlagReport, "a fully qualified host (http://10.0.0.1./) is the same host"},
	"malformed-escape":    {FlagReport, "a lone % (100%_Orange_Juice, ?q=50%+off) is repaired as %25, which every lenient server reads the same"},
	"tab-newline":         {FlagReport, "links wrapped across lines in the source; browsers delete TAB and newlines"},
	"idn":                 {FlagReport, "an internationalised host that passes the confusable checks (bücher.de): ordinary, shown so a moderator sees its Punycode"},
	"ip-host":             {FlagReport, "an IP address for a host (https://192.0.2.10/, [2001:db8::1]): 0.35% of the bench corpus's URL attributes; the output shows it dotted or compressed"},
	"backslash":           {"", "\\ read as / by browsers; rare in real links, and the output shows /"},
	"slashes":             {"", "extra slashes before the host; the output shows the host the browser uses"},
	"encoded-host":        {"", "a percent-encoded host; the output shows it decoded"},
	"numeric-ipv4":        {"", "an IPv4 host in hex, octal or one number; the output shows it dotted"},
	"mapped-ipv6":         {"", "an IPv4-mapped IPv6 host; the output shows where it leads"},
	"embedded-ipv4":       {"", "an IPv6 host carrying an IPv4 address (NAT64, 6to4, ...)"},
	"encoded-dot":         {"", "a %2E dot segment, resolved in the output as the browser resolves it"},
	"double-encoding":     {"", "%25XX in a path: rare but sometimes meant"},
	"triple-encoding":     {"", "%2525XX: filter evasion, but the output is what the browser sends"},
	"invalid-utf8":        {"", "path escapes in a legacy charset"},
	"encoded-control":     {"", "%0D%0A in a query or fragment: also what a mailto: body holds"},
	"internal-ip":         {"", "loopback, private, link-local, CGNAT or cloud-metadata address: a different machine for each reader; urls.strict refuses it, fetchers (unfurlers, image proxies) should set it to reject"},
	"bad-punycode":        {"", "an ASCII xn-- label that is not valid IDNA, kept as written as browsers do (URL Standard domain to ASCII)"},
}

// presetFlagMap returns the flag map the presets start from: the flags
// they name.
func presetFlagMap() map[string]FlagAction {
	m := map[string]FlagAction{}
	for name, c := range presetFlags {
		if c.action != "" {
			m[name] = c.action
		}
	}
	return m
}

// defaultFlagAction is the action of a flag a policy does not name:
// the presets' choice, so that a policy written without extends, or a
// Config built in code, rejects every deceptive URL form the presets
// reject; for the flags the presets leave open, report, or reject under
// urls.strict.
func defaultFlagAction(name string, strict bool) FlagAction {
	if a := presetFlags[name].action; a != "" && (a == FlagReject || !strict) {
		return a
	}
	if strict {
		return FlagReject
	}
	return FlagReport
}

// flags checks urls.flags and sets p's reject and report sets and the
// effective map, which names every flag.
func (k *compiler) flags(p *Policy, u URLs) {
	names := make([]string, 0, len(u.Flags))
	for name := range u.Flags {
		names = append(names, name)
	}
	slices.Sort(names) // errors in a stable order
	effective := make(map[string]FlagAction, len(flagNames))
	for _, name := range names {
		field := "urls.flags." + name
		action := u.Flags[name]
		if _, ok := urlnorm.FlagByName(name); !ok {
			k.fail(field, "unknown flag %q (flags: %s)", name, strings.Join(flagNames, ", "))
			continue
		}
		if flagWords.checkAt(k, field, action, false) {
			effective[name] = action
		}
	}
	for _, name := range flagNames {
		if effective[name] == "" {
			effective[name] = defaultFlagAction(name, u.Strict)
		}
		f, _ := urlnorm.FlagByName(name)
		switch effective[name] {
		case FlagReject:
			p.r.URL.Reject |= f
		case FlagReport:
			p.r.Report |= f
		}
	}
	p.cfg.URLs.Flags = effective
}

// flagNames lists every flag urlnorm knows, in its order.
var flagNames = urlnorm.AllFlags.Names()

// flagComment is the comment [Policy.String] writes beside a flag: why
// the presets chose this action, or what they do instead, marked WEAKER
// when the policy keeps what the presets would not.
func flagComment(name string, action FlagAction, strict bool) string {
	c, ok := presetFlags[name]
	if !ok {
		return ""
	}
	preset := c.action
	if preset == "" {
		preset = defaultFlagAction(name, strict)
	}
	switch {
	case action == preset:
		return c.why
	case flagRank[action] < flagRank[defaultFlagAction(name, false)]:
		return fmt.Sprintf("%s: %s (%s)", weakerMark, preset, c.why)
	}
	return fmt.Sprintf("presets: %s (%s)", preset, c.why)
}

// flagRank orders the actions from the weakest.
var flagRank = map[FlagAction]int{FlagIgnore: 0, FlagReport: 1, FlagReject: 2}

// commentFlags adds a comment to each entry of urls.flags in the encoded
// config and one above the setting saying what the actions mean.
func commentFlags(doc *yaml.Node, strict bool) {
	key, flags := mapEntry(mapValue(doc, "urls"), "flags")
	if flags == nil || flags.Kind != yaml.MappingNode {
		return
	}
	key.HeadComment = "reject: the attribute is removed (a link keeps its text); report: kept,\n" +
		"listed in the report; ignore: kept silently. A flag a policy does not\n" +
		"name gets the presets' action: reject for every deceptive form, report\n" +
		"for the rest (reject under strict: true)."
	for i := 0; i+1 < len(flags.Content); i += 2 {
		name, action := flags.Content[i].Value, flags.Content[i+1]
		action.LineComment = flagComment(name, FlagAction(action.Value), strict)
	}
}

// mapValue returns the value of key in a mapping (or document) node, or
// nil.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	_, v := mapEntry(n, key)
	return v
}

// mapEntry returns the key and value nodes of key in a mapping (or
// document) node, or nils.
func mapEntry(n *yaml.Node, key string) (*yaml.Node, *yaml.Node) {
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i], n.Content[i+1]
		}
	}
	return nil, nil
}
