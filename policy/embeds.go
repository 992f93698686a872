package policy

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// Embeds allows <iframe> for a few video and media hosts, the only way a
// policy allows it (no preset does). An iframe is kept only with an https
// src whose host is exactly one of Hosts, without user info or port; it
// keeps width, height, title, frameborder, allowfullscreen, loading and a
// referrerpolicy sending no more than the origin, is always written with
// Sandbox, and loses its content.
type Embeds struct {
	// Hosts lists the hosts an iframe may load, as lower-case ASCII DNS
	// names ("www.youtube-nocookie.com"; an internationalised name in its
	// xn-- form). No wildcards, IP addresses or ports. At most 100.
	Hosts []string `yaml:"hosts,flow,omitempty" json:"hosts,omitempty"`
	// Sandbox lists the sandbox tokens written on every iframe: a subset
	// of allow-scripts, allow-same-origin and allow-presentation, which is
	// also the default. A policy may only narrow it.
	Sandbox []string `yaml:"sandbox,flow,omitempty" json:"sandbox,omitempty"`
}

// sandboxTokens are the tokens Embeds.Sandbox may list, in the order they
// are written; the default is all of them. allow-scripts with
// allow-same-origin lets a frame of the page's own origin remove its
// sandbox (HTML §4.8.5), which is why Hosts may not name the site's own
// hosts while both are on.
var sandboxTokens = []string{"allow-scripts", "allow-same-origin", "allow-presentation"}

// refusedSandbox are the sandbox tokens that give the embedded page power
// over the page or the reader, and why they are never written.
var refusedSandbox = map[string]string{
	"allow-top-navigation":                     "lets the embed navigate the page away",
	"allow-top-navigation-by-user-activation":  "lets the embed navigate the page away on a click",
	"allow-top-navigation-to-custom-protocols": "lets the embed open other applications",
	"allow-popups-to-escape-sandbox":           "opens windows without the sandbox",
	"allow-popups":                             "opens windows (phishing, ads) from the page",
	"allow-modals":                             "opens dialogs over the page (alert, print), which read as the page's own",
	"allow-forms":                              "submits forms, such as a password form drawn as part of the page",
	"allow-downloads":                          "starts downloads from the page",
	"allow-pointer-lock":                       "captures the pointer",
	"allow-orientation-lock":                   "locks the screen orientation",
	"allow-storage-access-by-user-activation":  "asks for the embed's cookies in the page's context",
}

// maxEmbedHosts bounds Embeds.Hosts: the hosts become one pattern that
// every iframe src is matched against.
const maxEmbedHosts = 100

var (
	embedHostRE = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$`)
	// numericLabelRE is a last label the URL Standard's host parser reads
	// as a number, making the host an IPv4 address ("ends in a number").
	numericLabelRE = regexp.MustCompile(`^(?:[0-9]+|0x[0-9a-f]*)$`)
)

// The attributes an iframe keeps besides src and sandbox, with their
// patterns ("" for any value). referrerpolicy may only send as much as
// the page's origin: unsafe-url and no-referrer-when-downgrade send its
// whole URL to the embed's host.
var embedAttributes = []struct{ name, match string }{
	{"width", `[0-9]{1,5}`},
	{"height", `[0-9]{1,5}`},
	{"title", ""},
	{"frameborder", `0|1`},
	{"allowfullscreen", `(?i:|allowfullscreen|true)`},
	{"loading", `(?i:lazy|eager)`},
	{"referrerpolicy", `(?i:no-referrer|origin|strict-origin|strict-origin-when-cross-origin|same-origin|origin-when-cross-origin)`},
}

// hostProblem says what is wrong with h as an embed host, or "".
func hostProblem(h string) string {
	last := h[strings.LastIndexByte(h, '.')+1:]
	switch {
	case h == "":
		return "is empty"
	case strings.Contains(h, "*"):
		return "is a wildcard: list each host (a wildcard admits every subdomain, including ones that serve what their users upload)"
	case strings.Contains(h, "/"):
		return "is a URL or has a path: list the host name only"
	case strings.HasPrefix(h, "["):
		return "is an IP address: list a host name"
	case strings.Contains(h, ":"):
		return "has a port: embeds load from the default https port only"
	case strings.ToLower(h) != h:
		return "is not lower case"
	case strings.IndexFunc(h, func(r rune) bool { return r >= 0x80 }) >= 0:
		return "is not ASCII: write an internationalised name in its xn-- form"
	case numericLabelRE.MatchString(last):
		return "is an IP address (or ends in a number, which a browser reads as one): list a host name"
	case !embedHostRE.MatchString(h):
		return "is not a DNS host name (labels of lower-case letters, digits and \"-\", at least two, no trailing dot)"
	}
	// An xn-- label that is not valid IDNA is kept by browsers, but an
	// embed host is chosen, not found: refuse it.
	r, err := urlnorm.Inspect("https://"+h+"/", urlnorm.Options{Schemes: []string{"https"}, Reject: urlnorm.FlagBadPunycode})
	switch {
	case err != nil:
		return fmt.Sprintf("is not a valid host name: %v", err)
	case r.Host != h:
		return fmt.Sprintf("is not in canonical form: a browser reads it as %q", r.Host)
	}
	return ""
}

// embeds checks the Embeds setting and, if it lists hosts, enters the
// iframe element with its fixed attribute rules. It runs after every
// other setting, so that none of them applies to iframe. The flattened
// setting (hosts sorted, sandbox in its written order, the default
// filled in) goes back into p.cfg.
func (k *compiler) embeds(p *Policy, e Embeds) {
	if len(e.Hosts) == 0 {
		if e.Sandbox != nil {
			k.fail("embeds.sandbox", "means nothing without embeds.hosts")
		}
		p.cfg.Embeds = Embeds{}
		return
	}
	sandbox := k.sandbox(e.Sandbox)
	sameOrigin := slices.Contains(sandbox, "allow-scripts") && slices.Contains(sandbox, "allow-same-origin")
	if len(e.Hosts) > maxEmbedHosts {
		k.fail("embeds.hosts", "%d hosts; at most %d", len(e.Hosts), maxEmbedHosts)
		return
	}
	seen := map[string]bool{}
	for i, h := range e.Hosts {
		field := fmt.Sprintf("embeds.hosts[%d]", i)
		switch msg := hostProblem(h); {
		case msg != "":
			k.fail(field, "%q %s", h, msg)
		case sameOrigin && p.r.Internal[h]:
			k.fail(field, "%q is the site's own host (urls.base, links.internal_hosts): with allow-scripts and allow-same-origin a page of the same origin can remove its sandbox", h)
		case !seen[h]:
			// Counted toward the pattern every iframe src is matched with.
			seen[h] = true
			k.spendValue(field, "iframe", "src", len(h)+2)
		}
	}
	if !p.schemeAllowed("https") {
		k.fail("embeds.hosts", "embeds load https URLs: add https to urls.schemes")
	}
	if len(k.errs) > 0 || k.more > 0 {
		return
	}
	hosts := setEdit(e.Hosts, nil, nil)
	p.cfg.Embeds = Embeds{Hosts: hosts, Sandbox: sandbox}
	p.r.Sandbox = strings.Join(sandbox, " ")
	quoted := make([]string, len(hosts))
	for i, h := range hosts {
		quoted[i] = regexp.QuoteMeta(h)
	}
	p.r.EmbedHosts = hosts
	el := &rules.Element{Name: "iframe", Attrs: map[string]*rules.Attr{}}
	// The canonical form of an allowed src: https, the host, then "/"
	// (urlnorm writes the root path of an https URL).
	src := `https://(?:` + strings.Join(quoted, "|") + `)/(?s:.*)`
	for _, a := range append([]struct{ name, match string }{{"src", src}, {"sandbox", regexp.QuoteMeta(p.r.Sandbox)}}, embedAttributes...) {
		var m *rules.Matcher
		if a.match != "" {
			re, ok := k.builtPattern("embeds.hosts", `^(?:`+a.match+`)$`)
			if !ok {
				return
			}
			mm := rules.NewMatcher(re, a.match)
			m = &mm
		}
		el.Add(a.name, m, KindOf(a.name))
	}
	p.r.Elements["iframe"] = el
}

// sandbox checks Embeds.Sandbox and returns the tokens to write, in
// their written order.
func (k *compiler) sandbox(tokens []string) []string {
	if tokens == nil {
		return slices.Clone(sandboxTokens)
	}
	if len(tokens) == 0 {
		k.fail("embeds.sandbox", "an empty list: leave sandbox out for the default (%s), or list the tokens to keep", strings.Join(sandboxTokens, ", "))
	}
	for i, t := range tokens {
		field := fmt.Sprintf("embeds.sandbox[%d]", i)
		switch why := refusedSandbox[t]; {
		case why != "":
			k.fail(field, "%q is never allowed: it %s", t, why)
		case !slices.Contains(sandboxTokens, t):
			k.fail(field, "%q is not one of %s (the list may only narrow them)", t, strings.Join(sandboxTokens, ", "))
		}
	}
	return slices.DeleteFunc(slices.Clone(sandboxTokens), func(t string) bool { return !slices.Contains(tokens, t) })
}
