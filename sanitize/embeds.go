package sanitize

import (
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// Embeds: a policy with embeds (policy.Config.Embeds) allows <iframe>,
// and only as a sandboxed frame of one of its hosts. The element's
// attribute rules come from the policy (src matching the hosts, sandbox
// exactly the policy's value, a few inert attributes); what the pass adds:
//
//   - src must be an absolute https URL whose authority is exactly an
//     allowed host: no user info, no port (embedSrc);
//   - sandbox is written with the policy's value, replacing the input's
//     in its place or added last (embedSandbox);
//   - an iframe without an allowed src is removed with its content, and so
//     is one where a browser would not put it (in SVG, foster-parented out
//     of a table), since its content is raw text to the tokenizer;
//   - the content of a kept iframe is dropped: the tokenizer reads it as
//     raw text (HTML §13.2.5.3), and browsers never render it.

// embedElement is the element embeds allow.
const embedElement = "iframe"

// embedSrc checks an iframe's src, already canonical (res), against the
// policy's hosts.
func embedSrc(r *rules.Rules, res urlnorm.Result) Reason {
	const prefix = "https://"
	if res.Scheme != "https" || !strings.HasPrefix(res.URL, prefix) {
		return ReasonEmbedURL
	}
	// The authority of the canonical form, up to the path urlnorm always
	// writes: exactly the host, so no user info and no port.
	rest := res.URL[len(prefix):]
	if i := strings.IndexByte(rest, '/'); i < 0 || rest[:i] != res.Host {
		return ReasonEmbedURL
	}
	if !r.EmbedHost(res.Host) {
		return ReasonEmbedHost
	}
	return ""
}

// embedSandbox gives the iframe in s.attrs.list the policy's sandbox if the
// input had none (check replaced one it had), and reports whether it did.
func (s *pass) embedSandbox(name string) bool {
	for _, a := range s.attrs.list {
		if a.key == "sandbox" {
			return false
		}
	}
	v := s.r.Sandbox
	s.attrs.list = append(s.attrs.list, attr{key: "sandbox", val: v})
	s.change(Change{Element: name, Attribute: "sandbox", Action: RewroteAttribute, Reason: ReasonEmbedSandbox, After: v})
	return true
}

// dropEmbed removes the current iframe start tag with its content (raw
// text up to "</iframe>", and that end tag).
func (s *pass) dropEmbed(reason Reason) {
	s.drop.skip, s.drop.skipDepth = embedElement, 1
	s.change(Change{Element: embedElement, Action: RemovedContent, Reason: reason})
}

// inEmbed reports whether the next text is the content of a kept iframe.
func (s *pass) inEmbed() bool {
	n := s.tree.Len()
	return s.embeds && n > 0 && s.tree.Top().Name == embedElement && !s.tree.Top().Foreign
}
