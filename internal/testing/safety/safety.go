// Package safety is the tests' own judge of sanitised HTML: it parses the
// output as a browser builds it and lists anything that could run script
// or uses a URL scheme outside a policy's list. It is kept apart from the
// sanitiser's tables on purpose, so the two cannot share a mistake. Only
// tests and fuzz targets import it.
package safety

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// urlAttributes is the test's own list of attributes a browser fetches or
// follows (HTML, SVG and obsolete attributes browsers still honour),
// kept apart from the sanitiser's table.
var urlAttributes = map[string]string{
	"href": "one", "xlink:href": "one", "src": "one", "action": "one", "formaction": "one",
	"cite": "one", "data": "one", "poster": "one", "background": "one", "longdesc": "one",
	"usemap": "one", "manifest": "one", "icon": "one", "codebase": "one", "classid": "one",
	"lowsrc": "one", "dynsrc": "one", "itemid": "one", "srcset": "srcset", "imagesrcset": "srcset",
	"ping": "spaced", "itemtype": "spaced", "archive": "spaced", "profile": "spaced",
	"style": "css", "fill": "css", "stroke": "css", "filter": "css", "mask": "css",
	"clip-path": "css", "cursor": "css",
}

// Problems parses out as a browser would (html.Parse) and lists what in it
// could run script, or uses a URL scheme outside schemes, reading each
// URL's scheme with [SchemeOf]. An empty answer means safe.
func Problems(out string, schemes []string) []string {
	return ProblemsWith(out, schemes, SchemeOf)
}

// ProblemsWith is [Problems] with scheme reading each URL's scheme. The
// nested test module under fuzz/ passes the WHATWG URL oracle's reading,
// which also reports a URL the browser cannot parse (a stricter check
// than the scheme alone: a module outside it cannot depend on the oracle).
func ProblemsWith(out string, schemes []string, scheme func(string) string) []string {
	return ProblemsEmbeds(out, schemes, scheme, nil)
}

// ProblemsEmbeds is [ProblemsWith] for a policy whose embeds setting
// allows iframes of hosts: such an iframe is no problem if its src is
// literally "https://" + one of hosts + "/…" (nothing a browser could
// read another host from) and it has a sandbox attribute whose tokens
// are all among allow-scripts, allow-same-origin and allow-presentation
// (none lets the frame navigate the page, open windows or dialogs, or
// submit forms). Any other iframe is a problem, as in ProblemsWith.
func ProblemsEmbeds(out string, schemes []string, scheme func(string) string, hosts []string) []string {
	doc, err := html.Parse(strings.NewReader(out))
	if err != nil {
		return []string{fmt.Sprintf("output does not parse: %v", err)}
	}
	var problems []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			problems = append(problems, unsafeElement(n, schemes, scheme, hosts)...)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return problems
}

func unsafeElement(n *html.Node, schemes []string, scheme func(string) string, hosts []string) []string {
	var problems []string
	switch n.Data {
	case "iframe":
		if p := embedProblem(n, hosts); p != "" {
			problems = append(problems, p)
		}
	case "style":
		// Only a mail's sheet, the last child of its wrapper at the top
		// of the body, scoped (sheet.go).
		if !mailSheetPlace(n) || n.FirstChild == nil || n.FirstChild.NextSibling != nil {
			problems = append(problems, "element <style>")
		} else if p := sheetProblem(n.FirstChild.Data, schemes, scheme); p != "" {
			problems = append(problems, p)
		}
	case "script", "base", "frame", "object", "embed", "meta",
		"link", "template", "noscript", "foreignobject", "handler":
		problems = append(problems, fmt.Sprintf("element <%s>", n.Data))
	case "animate", "set", "animateTransform", "animatetransform":
		problems = append(problems, animationProblems(n)...)
	}
	for _, a := range n.Attr {
		key := a.Key
		if a.Namespace != "" {
			key = a.Namespace + ":" + a.Key
		}
		if strings.HasPrefix(key, "on") || key == "srcdoc" {
			problems = append(problems, fmt.Sprintf("attribute %s on <%s>", key, n.Data))
			continue
		}
		for _, u := range urlsIn(urlAttributes[key], a.Val) {
			if s := scheme(u); !slices.Contains(schemes, s) {
				problems = append(problems, fmt.Sprintf("<%s %s=%q>: scheme %q", n.Data, key, a.Val, s))
			}
		}
	}
	return problems
}

// urlsIn splits an attribute value into the URLs a browser reads from it.
func urlsIn(kind, v string) []string {
	switch kind {
	case "one":
		return []string{v}
	case "spaced":
		return strings.Fields(v)
	case "srcset":
		var us []string
		for _, cand := range strings.Split(v, ",") {
			if f := strings.Fields(cand); len(f) > 0 {
				us = append(us, f[0])
			}
		}
		return us
	case "css":
		return cssURLs(v)
	}
	return nil
}

// cssURLs finds url( ... ) arguments, after removing CSS escapes and
// comments the simple way: enough for a test that must not miss one.
func cssURLs(v string) []string {
	v = strings.ToLower(strings.NewReplacer("\\", "", "/*", "", "*/", "").Replace(v))
	var us []string
	for {
		k := strings.Index(v, "url(")
		if k < 0 {
			return us
		}
		v = v[k+4:]
		end := strings.IndexByte(v, ')')
		if end < 0 {
			end = len(v)
		}
		us = append(us, strings.Trim(strings.TrimSpace(v[:end]), `"'`))
		v = v[end:]
	}
}

// SchemeOf applies the URL Standard's preprocessing and scheme state
// (https://url.spec.whatwg.org/#scheme-state), which fix a URL's scheme
// whatever follows it:
// leading C0 controls and spaces stripped, tabs and newlines removed, then
// an ASCII letter and letters, digits, "+", "-" or "." up to ":". Without
// one the URL is relative, and takes the https page's scheme.
func SchemeOf(u string) string {
	u = strings.TrimLeft(u, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	u = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(u)
	for i := 0; i < len(u); i++ {
		c := u[i] | 0x20
		switch {
		case 'a' <= c && c <= 'z':
		case i > 0 && ('0' <= u[i] && u[i] <= '9' || u[i] == '+' || u[i] == '-' || u[i] == '.'):
		case i > 0 && u[i] == ':':
			return strings.ToLower(u[:i])
		default:
			return "https"
		}
	}
	return "https"
}

// safeSandbox are the sandbox tokens the judge accepts on an embed.
var safeSandbox = map[string]bool{"allow-scripts": true, "allow-same-origin": true, "allow-presentation": true}

// embedProblem describes why an iframe is not an allowed embed of hosts,
// or returns "".
func embedProblem(n *html.Node, hosts []string) string {
	if n.Namespace != "" || len(hosts) == 0 {
		return "element <iframe>"
	}
	src, sandbox, hasSandbox := "", "", false
	for _, a := range slices.Backward(n.Attr) { // the parser keeps the first of a name
		switch {
		case a.Namespace != "":
		case a.Key == "src":
			src = a.Val
		case a.Key == "sandbox":
			sandbox, hasSandbox = a.Val, true
		}
	}
	ok := strings.IndexFunc(src, func(r rune) bool { return r <= ' ' || r == '\\' }) < 0 &&
		slices.ContainsFunc(hosts, func(h string) bool { return strings.HasPrefix(src, "https://"+h+"/") })
	if !ok {
		return fmt.Sprintf("<iframe src=%q>: not an https URL of an allowed host", src)
	}
	if !hasSandbox {
		return "<iframe> without sandbox"
	}
	for _, t := range strings.FieldsFunc(sandbox, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r' }) {
		if !safeSandbox[strings.ToLower(t)] {
			return fmt.Sprintf("<iframe sandbox=%q>: %q", sandbox, t)
		}
	}
	return ""
}

// animationProblems lists what lets an SVG animation element write
// script or a remote URL into an attribute: an attributeName naming a
// link, an event handler, style, class, id or a namespaced attribute, in
// any case or spacing, and a value whose url() leaves the document.
func animationProblems(n *html.Node) []string {
	var problems []string
	for _, a := range n.Attr {
		key := strings.ToLower(a.Key)
		switch key {
		case "attributename":
			v := strings.ToLower(strings.TrimSpace(a.Val))
			if strings.Contains(v, "href") || strings.HasPrefix(v, "on") || strings.Contains(v, ":") ||
				v == "style" || v == "class" || v == "id" || v == "src" {
				problems = append(problems, fmt.Sprintf("<%s attributeName=%q> animates a dangerous attribute", n.Data, a.Val))
			}
		case "values", "from", "to", "by":
			for _, u := range cssURLs(a.Val) {
				if !strings.HasPrefix(strings.TrimSpace(u), "#") {
					problems = append(problems, fmt.Sprintf("<%s %s=%q> animates to a URL", n.Data, key, a.Val))
				}
			}
		}
	}
	return problems
}

// Fragment is what [FragmentScheme] reads a same-document reference
// ("#x") as: under urls.relative: fragment it is the only relative
// reference a policy keeps, and it is no URL of the page's scheme, which
// a policy allowing no scheme (svg-upload) would otherwise be read as
// keeping.
const Fragment = "#fragment"

// FragmentScheme returns scheme, except that a reference that is a
// fragment alone (after the URL Standard's leading C0 controls and
// spaces, and its tabs and newlines) is [Fragment].
func FragmentScheme(scheme func(string) string) func(string) string {
	return func(u string) string {
		t := strings.TrimLeft(u, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
		if strings.HasPrefix(strings.TrimLeft(t, "\t\n\r"), "#") {
			return Fragment
		}
		return scheme(u)
	}
}
