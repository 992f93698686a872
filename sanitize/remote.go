package sanitize

import (
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// This file holds remote_content (policy.Config.RemoteContent): what
// becomes of the URLs a mail loads from as it is shown, and the report
// of the images that exist to track its reader.

// loads reports whether the attribute key of element makes the browser
// fetch its URL as the page is shown, rather than when the reader
// follows a link or submits a form. It fails closed: every URL attribute
// not known to wait for the reader loads (src, srcset, background,
// poster, data, a CSS url(), a style sheet's url(), ...).
func loads(element, key string) bool {
	switch key {
	case "cite", "longdesc", "action", "formaction", "itemid", "itemtype", "usemap", "ping":
		return false
	case "href", "xlink:href":
		return element != "a" && element != "area" && element != "svg:a"
	}
	return true
}

// remote applies remote_content to out, the canonical URL (res) of the
// attribute being checked, if that attribute loads it: it returns the URL
// to write, or why it goes. cid: references (a part of the mail itself)
// and URLs already pointing at the proxy are kept. It also notes an img
// src that loads remote content, for trackingPixel.
func (s *pass) remote(c *checking, out string, res urlnorm.Result) (string, Reason) {
	m := &s.r.Mail
	if !loads(c.element, c.key) || res.Scheme == "cid" || res.Scheme == "data" || m.IsProxied(out) {
		return out, ""
	}
	if c.element == "img" && c.key == "src" {
		s.mail.imgRemote = true
	}
	switch m.Remote {
	case rules.RemoteBlock:
		return "", ReasonRemoteBlocked
	case rules.RemoteProxy:
		if res.Host == "" {
			return "", ReasonRemoteBlocked // relative: no proxy can load it
		}
		p, err := urlnorm.Inspect(m.Proxied(out), s.r.URL)
		if err != nil || p.URL == "" {
			return "", ReasonRemoteBlocked
		}
		c.rewrote(RewroteURL, ReasonRemoteProxied)
		return p.URL, ""
	}
	return out, ""
}

// mailURLs reports whether the policy has a setting for HTML e-mail that
// remote must see URLs for.
func (s *pass) mailURLs() bool {
	return s.r.Mail.Remote != rules.RemoteAllow || s.r.Mail.Wrap
}

// cssURLToken returns what to write for the url token raw of a style
// attribute's declaration, or false if the declaration goes: the token
// as written if its URL is canonical and kept, url("…") with the proxy's
// URL if remote_content: proxy rewrote it.
func (s *pass) cssURLToken(c *checking, raw string) (string, bool) {
	u := cssURLValue([]byte(raw))
	canon, _, r := s.url(c, u)
	switch {
	case r != "":
		return "", false
	case canon == u:
		return raw, true
	case s.r.Mail.IsProxied(canon) && !strings.ContainsAny(canon, "\"\\\n"):
		s.mail.proxiedCSS = true
		return `url("` + canon + `")`, true
	}
	return "", false
}

// trackingPixel reports an img whose src loads remote content and that
// no reader sees: 1×1 or smaller by its width and height attributes, or
// hidden by its style. Its attributes are s.attrs.list.
func (s *pass) trackingPixel() {
	if !s.mail.imgRemote {
		return
	}
	s.mail.imgRemote = false
	w, h, hidden := "", "", false
	for _, a := range s.attrs.list {
		switch a.key {
		case "width":
			w = a.val
		case "height":
			h = a.val
		case "style":
			v := strings.ToLower(strings.Join(strings.Fields(a.val), ""))
			hidden = strings.Contains(v, "display:none") || strings.Contains(v, "visibility:hidden") ||
				tiny(styleValue(v, "width")) && tiny(styleValue(v, "height"))
		}
	}
	if hidden || tiny(w) && tiny(h) || w == "0" || h == "0" {
		s.change(Change{Element: "img", Attribute: "src", Action: Flagged, Reason: ReasonTrackingPixel})
	}
}

// tiny reports whether a width or height is at most one pixel.
func tiny(v string) bool {
	v = strings.TrimSuffix(strings.TrimSpace(v), "px")
	return v == "0" || v == "1"
}

// styleValue returns the value of prop in a style with its whitespace
// removed, or "".
func styleValue(style, prop string) string {
	for _, d := range strings.Split(style, ";") {
		if v, ok := strings.CutPrefix(d, prop+":"); ok {
			return v
		}
	}
	return ""
}
