package policy

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/htmlclean/htmlclean/internal/excerpt"
)

// weakerMark begins the comment [Policy.String] writes beside a setting
// that is weaker than the choice a policy gets by leaving it out, which
// is the presets' (docs/policy.md, "Defaults"): a reader of the printed
// policy sees every protection it gives up, and -print-policy shows it.
const weakerMark = "WEAKER than the presets"

// weakness is one setting of an effective policy written weaker than its
// default: its path in the printed YAML and what the default does.
type weakness struct {
	path []string
	why  string
}

// weaknesses lists the settings of the effective config c that are
// weaker than their defaults, urls.flags apart (flagComment marks those).
func weaknesses(c Config) []weakness {
	var out []weakness
	add := func(why string, path ...string) { out = append(out, weakness{path, why}) }
	u := c.URLs
	if slices.Equal(u.Schemes, []string{anyScheme}) {
		add("name the schemes (http, https, mailto): \"*\" allows every scheme a URL may spell, protocol handlers of other applications among them", "urls", "schemes")
	}
	switch u.Userinfo {
	case "strip", "keep":
		add("reject (https://bank.example@evil.example/ reads as bank.example and leads to evil.example)", "urls", "userinfo")
	}
	if u.Nested != nil && !*u.Nested {
		add("true (a share or redirect link to a refused URL, or one with another scheme, is refused with it)", "urls", "nested")
	}
	if u.Relative == "allow" {
		add("deny, the default, as in strict and mail (a relative reference resolves against whatever page shows the output; allow suits a site's own pages)", "urls", "relative")
	}
	if c.Comments {
		add("false (a comment carries nothing a reader sees, and is where parsers disagree)", "comments")
	}
	switch c.Links.TextMismatch {
	case "report", "ignore":
		add("reject (a link whose text names another site than its href is kept, and its reader is not told)", "links", "text_mismatch")
	}
	if c.Document == "wrap" && (c.RemoteContent == "" || c.RemoteContent == "allow") {
		add("block, as mail (a remote image in a mail tells its sender when and where it is read)", "remote_content")
	}
	l := c.Limits
	for _, lim := range []struct {
		key      string
		v, deflt int64
	}{
		{"max_input_bytes", l.MaxInputBytes, DefaultMaxInputBytes},
		{"max_depth", int64(l.MaxDepth), DefaultMaxDepth},
		{"max_token_bytes", int64(l.MaxTokenBytes), DefaultMaxTokenBytes},
		{"max_attribute_bytes", int64(l.MaxAttributeBytes), DefaultMaxAttributeBytes},
		{"max_attributes", int64(l.MaxAttributes), DefaultMaxAttributes},
	} {
		if lim.v > lim.deflt || lim.v < 0 {
			add(fmt.Sprintf("%s (more work and memory per document)", excerpt.Commas(int(lim.deflt))), "limits", lim.key)
		}
	}
	return out
}

// commentWeaker writes weakerMark beside every setting weaknesses finds
// in the encoded config.
func commentWeaker(doc *yaml.Node, c Config) {
	for _, w := range weaknesses(c) {
		n := doc
		for _, k := range w.path {
			n = mapValue(n, k)
		}
		if n == nil {
			continue
		}
		n.LineComment = weakerMark + ": " + w.why
	}
}
