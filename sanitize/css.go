package sanitize

import (
	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/internal/stylesheet"
)

// cssReasons is the Reason of each stylesheet.Fault but FaultURL, which
// takes the reason of the URL refused.
var cssReasons = [stylesheet.FaultCount]Reason{
	stylesheet.FaultUnterminatedComment: ReasonCSSUnterminatedComment,
	stylesheet.FaultBadString:           ReasonCSSBadString,
	stylesheet.FaultBadURL:              ReasonCSSBadURL,
	stylesheet.FaultEscapedURL:          ReasonCSSEscapedURL,
	stylesheet.FaultExpression:          ReasonCSSExpression,
	stylesheet.FaultJavascript:          ReasonCSSJavascript,
	stylesheet.FaultVbscript:            ReasonCSSVbscript,
	stylesheet.FaultMozBinding:          ReasonCSSMozBinding,
	stylesheet.FaultBehavior:            ReasonCSSBehavior,
	stylesheet.FaultImport:              ReasonCSSImport,
	stylesheet.FaultImageSet:            ReasonCSSImageSet,
	stylesheet.FaultImage:               ReasonCSSImage,
	stylesheet.FaultCrossFade:           ReasonCSSCrossFade,
	stylesheet.FaultSrc:                 ReasonCSSSrc,
	stylesheet.FaultElement:             ReasonCSSElement,
	stylesheet.FaultOverlay:             ReasonCSSOverlay,
	stylesheet.FaultNoDeclaration:       ReasonCSSNoAllowedDeclaration,
}

// cssTokenFunc is how a url token of a style declaration kept is
// checked, and rewritten into remote_content's proxy (pass.cssURLToken
// for the attribute being checked): the token to write, or false.
type cssTokenFunc func(raw string) (string, bool)

// checkCSS checks a style attribute or an SVG presentation attribute whole
// (stylesheet.Check): every url token must hold a URL that url accepts
// and that is already canonical. It returns the reason, or "".
func checkCSS(v string, url urlFunc) Reason {
	var why Reason
	f := stylesheet.Check(v, func(u string) bool {
		why = cssURL(u, url)
		return why == ""
	})
	return cssReason(f, why)
}

// styles filters a style attribute allowed property by property
// (policy.Config.Styles, stylesheet.Filter): rule allows each
// declaration, token checks the url tokens of those kept, and what is
// left is read again whole, its URLs through url. out is the value to
// write; rewrote says it is not the value as written; reason is why the
// whole attribute goes, or "".
func styles(rule *rules.Attr, v string, url urlFunc, token cssTokenFunc) (out string, rewrote bool, reason Reason) {
	var why Reason
	out, rewrote, f := stylesheet.Filter(v, rule.AllowsDeclaration, token,
		func(u string) bool {
			why = cssURL(u, url)
			return why == ""
		})
	return out, rewrote, cssReason(f, why)
}

// cssReason is the Reason of f; url is the reason of the URL refused,
// for FaultURL.
func cssReason(f stylesheet.Fault, url Reason) Reason {
	if f == stylesheet.FaultURL {
		return url
	}
	return cssReasons[f]
}

// cssURL checks the URL of one url token.
func cssURL(u string, url urlFunc) Reason {
	canon, r := url(u)
	switch {
	case r != "":
		return r
	case canon != u:
		return ReasonCSSURLNotCanonical
	}
	return ""
}

// cssURLToken returns what to write for the url token raw of a style
// attribute's declaration, or false if the declaration goes: the token
// as written if its URL is canonical and kept, or url("…") with the
// proxy's URL if remote_content: proxy rewrote it.
func (s *pass) cssURLToken(c *checking, raw string) (string, bool) {
	u := cssURLValue([]byte(raw))
	canon, _, r := s.url(c, u)
	if r == "" && canon == u {
		return raw, true
	}
	return s.mail.cssURL(c, u, canon, r, s)
}

// cssURLValue returns the URL of a url token, decoded
// (stylesheet.URLValue).
func cssURLValue(raw []byte) string { return stylesheet.URLValue(raw) }

// isHexDigit and hexValue read the %XX escapes of a same-document
// reference (tokens.go); CSS escapes are internal/stylesheet's.
func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

func hexValue(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}
