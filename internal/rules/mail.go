package rules

import (
	"net/url"
	"strings"
)

// WrapperClass is the class of the element a mail is written in
// (document: wrap). The pass refuses it inside the mail, so that only
// the wrapper matches the scope its style sheets are written under
// (":scope.htmlclean-mail", in an @scope rule that is its last child).
const WrapperClass = "htmlclean-mail"

// Mail is what the settings for HTML e-mail compile to.
type Mail struct {
	Wrap   bool   // document: wrap
	Remote Remote // remote_content
	// ProxyBefore and ProxyAfter are the proxy template around "{url}".
	ProxyBefore, ProxyAfter string
}

// Remote is what becomes of a URL a mail loads from (remote_content).
type Remote uint8

// The remote_content settings; the zero value allows.
const (
	RemoteAllow Remote = iota
	RemoteBlock
	RemoteProxy
)

// Proxied returns the proxy URL that loads u: u percent-encoded as a
// query component (every byte but ASCII letters, digits, "-", "_", "."
// and "~"), so that it reads as one value wherever "{url}" stands.
func (m *Mail) Proxied(u string) string {
	return m.ProxyBefore + url.QueryEscape(u) + m.ProxyAfter
}

// IsProxied reports whether u is already a URL of the proxy: kept as it
// is, so that sanitising again changes nothing.
func (m *Mail) IsProxied(u string) bool {
	return m.Remote == RemoteProxy && len(u) > len(m.ProxyBefore)+len(m.ProxyAfter) &&
		strings.HasPrefix(u, m.ProxyBefore) && strings.HasSuffix(u, m.ProxyAfter)
}
