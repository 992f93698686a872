package urlnorm

import "strings"

// Two more ways a path carries a URL to another host, besides a URL in a
// path segment (pathnested.go). Both are flagged FlagNestedURL and, with
// [Options.Nested], the URL they carry is inspected with the outer options.
//
// A network-path path. A path that starts with "//" once dot segments are
// resolved ("/.//evil.example/x", "/a/..//evil.example", "//evil.example"
// after the host) is a network-path reference (RFC 3986 §4.2) to a server
// that writes the path into a Location header, and to whatever resolves
// it again as a relative reference: "//evil.example/x" on the site's page
// goes to evil.example. The browser keeps it on the site (the URL
// Standard serialises the path after the host; without a host it writes
// "/." before it), so the link itself is not rewritten, only flagged.
//
// Redirect services' path forms, where the nested URL has no scheme of
// its own and a marker in the path gives it:
//
//   - Google's AMP viewer, "/amp/s/host/path" (https) on any host: the
//     "s" segment after "amp" is specific enough not to need the host,
//     and the viewer runs on every google.* domain; "/amp/host/path"
//     (http) only on a google.* host, since "/amp/story.html" is an
//     ordinary path elsewhere;
//   - the AMP caches, "/c/s/host/path", "/v/s/", "/i/s/", "/r/s/" (and
//     without "s/", http), only on a cache host (cdn.ampproject.org,
//     bing-amp.com), since "/i/s/logo.png" is an ordinary path elsewhere.
//
// In both the segment after the marker must read as a host (readsAsHost):
// "/amp/s/index" names none. Proofpoint URL Defense v3
// ("/v3/__https://host/path__;!!…") carries its scheme and is read by
// pathNestedAt.

// ampCacheHosts are the AMP cache domains whose paths are "/c/", "/v/",
// "/i/" and "/r/" forms.
var ampCacheHosts = [...]string{"cdn.ampproject.org", "bing-amp.com"}

// isAMPCache reports whether the canonical host is an AMP cache's.
func isAMPCache(host string) bool {
	for _, h := range ampCacheHosts {
		if host == h || strings.HasSuffix(host, h) && host[len(host)-len(h)-1] == '.' {
			return true
		}
	}
	return false
}

// isGoogleHost reports whether the canonical host is google.<suffix> or
// under one ("www.google.com", "www.google.co.uk").
func isGoogleHost(host string) bool {
	return strings.HasPrefix(host, "google.") || strings.Contains(host, ".google.")
}

// hasRedirectPrefix reports whether path may be a redirect service's path
// form on some host: it starts with "/amp/". The fast path hands those to
// the full normaliser, as it does any URL on an AMP cache host.
func hasRedirectPrefix(path string) bool {
	return strings.HasPrefix(path, "/amp/")
}

// redirectServiceTarget returns the URL a redirect service's path form
// carries ("https://evil.example/page" for "/amp/s/evil.example/page"),
// or "". host is the canonical host ("" for a relative reference), path
// the canonical absolute path.
func redirectServiceTarget(host, path string) string {
	var rest string
	switch {
	case strings.HasPrefix(path, "/amp/"):
		rest = path[len("/amp/"):]
		if !strings.HasPrefix(rest, "s/") && !isGoogleHost(host) {
			return ""
		}
	case isAMPCache(host) && len(path) > 3 && strings.IndexByte("cvir", path[1]) >= 0 && path[2] == '/':
		rest = path[3:]
	default:
		return ""
	}
	scheme := "http://"
	if strings.HasPrefix(rest, "s/") {
		scheme, rest = "https://", rest[2:]
	}
	if !readsAsHost(rest, false) {
		return ""
	}
	return scheme + rest
}

// flagPathRedirect flags the canonical absolute path of a special URL (or
// of a relative reference, read as on an http(s) page) written from output
// position start (input position p) if it is a network-path reference or
// a redirect service's path form, and with Options.Nested inspects the
// URL it carries.
func (n *normalizer) flagPathRedirect(p, start int) error {
	w := n.out.w
	k := start
	if !n.authority && w-k >= 4 && n.out.at(k+1) == '.' && n.out.at(k+2) == '/' && n.out.at(k+3) == '/' {
		k += 2 // the "/." fixPathStart writes before "//"
	}
	if w-k < 3 || n.out.at(k) != '/' {
		return nil
	}
	var target string
	switch c := n.out.at(k + 1); {
	case c == '/':
		j := k
		for j < w && n.out.at(j) == '/' {
			j++
		}
		if j == w {
			return nil // "//" and nothing after: no host
		}
		target = n.out.slice(k, w)
	case c == 'a' && n.out.contains(k, min(k+5, w), "/amp/"),
		n.authority && strings.IndexByte("cvir", c) >= 0 && n.out.at(k+2) == '/':
		host := ""
		if n.authority {
			host = n.out.slice(n.hostStart, n.hostEnd)
		}
		if target = redirectServiceTarget(host, n.out.slice(k, w)); target == "" {
			return nil
		}
	default:
		return nil
	}
	n.flag(FlagNestedURL, p)
	if !n.opts.Nested {
		return nil
	}
	return n.inspectNested(target, 0, false, p)
}
