package sanitize

import (
	"cmp"
	"strconv"
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

// changeReporter is where the mail code reports what it changed: the
// pass, through the method it already has, so that mailDoc holds no
// pointer back to it.
type changeReporter interface{ change(Change) }

// remote applies remote_content, if m is set, to out, the canonical URL
// (res) of the attribute being checked: it returns the URL to write, or
// why it goes.
func (m *mailDoc) remote(c *checking, out string, res urlnorm.Result) (string, Reason) {
	if m == nil {
		return out, ""
	}
	return m.remoteURL(c, out, res)
}

// remoteURL is remote for a URL the attribute being checked loads. cid:
// references (a part of the mail itself) and URLs already pointing at the
// proxy are kept. It also notes an img src that loads remote content, for
// trackingPixel.
func (d *mailDoc) remoteURL(c *checking, out string, res urlnorm.Result) (string, Reason) {
	m := &d.cfg
	if !loads(c.element, c.key) || res.Scheme == "cid" || res.Scheme == "data" || m.IsProxied(out) {
		return out, ""
	}
	if c.element == "img" && c.key == "src" {
		d.imgRemote = true
	}
	switch m.Remote {
	case rules.RemoteBlock:
		return "", ReasonRemoteBlocked
	case rules.RemoteProxy:
		if res.Host == "" {
			return "", ReasonRemoteBlocked // relative: no proxy can load it
		}
		p, err := urlnorm.Inspect(m.Proxied(out), d.urls)
		if err != nil || p.URL == "" {
			return "", ReasonRemoteBlocked
		}
		c.rewrote(RewroteURL, ReasonRemoteProxied)
		return p.URL, ""
	}
	return out, ""
}

// mailURLs reports whether cfg has a setting for HTML e-mail that remote
// must see URLs for.
func mailURLs(cfg *rules.Mail) bool {
	return cfg.Remote != rules.RemoteAllow || cfg.Wrap
}

// cssURL returns what to write, if m is set, for the url token of a style
// attribute's declaration whose URL u the pass refused (r) or did not
// keep as written (canon), or false if the declaration goes: url("…")
// with the proxy's URL if remote_content: proxy rewrote it. What it
// refused or rewrote is reported to rep.
func (m *mailDoc) cssURL(c *checking, u, canon string, r Reason, rep changeReporter) (string, bool) {
	if m == nil {
		return "", false
	}
	remoteBlocked(rep, c, u, r)
	if r == "" && m.cfg.IsProxied(canon) && !strings.ContainsAny(canon, "\"\\\n") {
		remoteProxied(rep, c, u, canon)
		return `url("` + canon + `")`, true
	}
	return "", false
}

// remoteProxied reports the URL raw rewritten into the proxy as out, if
// remote did, where no attribute's report says so: a url() in a style
// attribute or a sheet, the body's background.
func remoteProxied(r changeReporter, c *checking, raw, out string) {
	if c.why == ReasonRemoteProxied {
		c.why = ""
		r.change(Change{Element: c.element, Attribute: c.key, Action: RewroteURL,
			Reason: ReasonRemoteProxied, Before: raw, After: out})
	}
}

// remoteBlocked reports the URL raw of a url() in a style attribute or a
// sheet refused by remote_content (reason), where only the declaration's
// removal would say it.
func remoteBlocked(r changeReporter, c *checking, raw string, reason Reason) {
	if reason == ReasonRemoteBlocked {
		r.change(Change{Element: c.element, Attribute: c.key, Action: RemovedContent,
			Reason: ReasonRemoteBlocked, Before: raw})
	}
}

// sheetURL reports what remote_content did to the url() raw of a sheet:
// out, or refused for reason. It reports to r.
func sheetURL(r changeReporter, c *checking, raw, out string, reason Reason) {
	remoteBlocked(r, c, raw, reason)
	if reason == "" {
		remoteProxied(r, c, raw, out)
	}
}

// trackingPixel reports an img whose src loads remote content and that
// no reader sees: 1×1 or smaller, or 0 wide or high, by its width and
// height attributes or its style (which wins); or hidden by the hidden
// attribute, display: none, visibility: hidden or collapse, opacity: 0,
// or a max-width or max-height of 0. It reads the attributes as the
// author wrote them (attrs, the tag's scan), since what the
// sender meant is what is reported: a style with !important is dropped,
// yet it hid the image. In a tag with "&" their values are read
// undecoded, which only a sender hiding a pixel from this report would
// write. An img inside a hidden parent is not seen: the pass holds no
// computed style. It reports to r.
func (d *mailDoc) trackingPixel(attrs []rawAttr, r changeReporter) {
	if d != nil && d.imgRemote {
		d.imgRemote = false
		d.flagPixel(attrs, r)
	}
}

// flagPixel is trackingPixel for an img whose src loads remote content.
func (d *mailDoc) flagPixel(attrs []rawAttr, r changeReporter) {
	var w, h string
	hidden := false
	for _, a := range attrs {
		val := transient(a.val)
		switch transient(a.key) {
		case "width":
			w = cmp.Or(w, strings.TrimSpace(val))
		case "height":
			h = cmp.Or(h, strings.TrimSpace(val))
		case "hidden":
			hidden = true
		case "style":
			var sw, sh string
			sw, sh, hidden = styleHides(val, hidden)
			w, h = cmp.Or(sw, w), cmp.Or(sh, h)
		}
	}
	if hidden || zeroLength(w) || zeroLength(h) || tiny(w) && tiny(h) {
		r.change(Change{Element: "img", Attribute: "src", Action: Flagged, Reason: ReasonTrackingPixel})
	}
}

// styleHides reads a style attribute for trackingPixel: the width and
// height it sets (the last of each, lower case, without "!important"),
// and whether it hides the element, or hidden already says so.
func styleHides(style string, hidden bool) (w, h string, _ bool) {
	for d := range strings.SplitSeq(style, ";") {
		prop, v, ok := strings.Cut(d, ":")
		if !ok {
			continue
		}
		prop = strings.ToLower(strings.TrimSpace(prop))
		v = strings.ToLower(strings.TrimSpace(v))
		if c, ok := strings.CutSuffix(v, "important"); ok {
			v = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(c), "!"))
		}
		switch prop {
		case "width":
			w = v
		case "height":
			h = v
		case "display":
			hidden = hidden || v == "none"
		case "visibility":
			hidden = hidden || v == "hidden" || v == "collapse"
		case "opacity":
			f, err := strconv.ParseFloat(strings.TrimSuffix(v, "%"), 64)
			hidden = hidden || err == nil && f <= 0
		case "max-width", "max-height":
			hidden = hidden || zeroLength(v)
		}
	}
	return w, h, hidden
}

// tiny reports whether a width or height is at most one pixel.
func tiny(v string) bool {
	n, ok := strings.CutSuffix(v, "px")
	if !ok && strings.TrimLeft(v, "0123456789.") != "" {
		return false
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(n), 64)
	return err == nil && f <= 1
}

// zeroLength reports whether a width or height is zero, in any unit.
func zeroLength(v string) bool {
	n := strings.TrimRight(v, "abcdefghijklmnopqrstuvwxyz%")
	if n == "" {
		return false
	}
	f, err := strconv.ParseFloat(n, 64)
	return err == nil && f == 0
}
