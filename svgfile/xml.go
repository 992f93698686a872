package svgfile

import (
	"bytes"
	"strconv"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// The namespaces an output declares.
const (
	nsSVG   = "http://www.w3.org/2000/svg"
	nsXLink = "http://www.w3.org/1999/xlink"
)

// writeRoot writes the svg element root and its content as XML, with the
// namespace declarations the output needs: its own, whatever the input
// declared.
func writeRoot(b *bytes.Buffer, root *html.Node) {
	b.WriteString(`<svg xmlns="` + nsSVG + `"`)
	if usesXLink(root) {
		b.WriteString(` xmlns:xlink="` + nsXLink + `"`)
	}
	writeAttrs(b, root)
	writeContent(b, root)
}

// usesXLink reports whether n or an element the output keeps under it
// has an xlink: attribute. Only kept elements are walked: each is
// visited once.
func usesXLink(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Namespace == "xlink" && xmlName(a.Key) {
			return true
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Namespace == "svg" && xmlName(c.Data) && usesXLink(c) {
			return true
		}
	}
	return false
}

// writeElement writes n, an SVG element, and its content; anything else
// is left out with its content.
func writeElement(b *bytes.Buffer, n *html.Node) {
	if n.Namespace != "svg" || !xmlName(n.Data) {
		return
	}
	b.WriteByte('<')
	b.WriteString(n.Data)
	writeAttrs(b, n)
	writeContent(b, n)
}

// writeContent ends n's start tag, writes its children and its end tag:
// "/>" for an element without children.
func writeContent(b *bytes.Buffer, n *html.Node) {
	if n.FirstChild == nil {
		b.WriteString("/>")
		return
	}
	b.WriteByte('>')
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.ElementNode:
			writeElement(b, c)
		case html.TextNode:
			escape(b, c.Data, false)
		}
	}
	b.WriteString("</")
	b.WriteString(n.Data)
	b.WriteByte('>')
}

// writeAttrs writes n's attributes: an xlink: or xml: one with its
// prefix, one without a namespace if its name is an XML name without a
// prefix. Namespace declarations are left out (writeRoot writes the
// output's own), and so is a repeated name (the first wins, as in HTML).
func writeAttrs(b *bytes.Buffer, n *html.Node) {
	seen := make(map[string]bool, len(n.Attr))
	for _, a := range n.Attr {
		name, ok := attrName(a)
		if !ok || seen[name] {
			continue
		}
		seen[name] = true
		b.WriteByte(' ')
		b.WriteString(name)
		b.WriteString(`="`)
		escape(b, a.Val, true)
		b.WriteByte('"')
	}
}

// attrName returns the name a as XML writes it, or false if the output
// leaves it out.
func attrName(a html.Attribute) (string, bool) {
	if !xmlName(a.Key) {
		return "", false
	}
	switch a.Namespace {
	case "":
		return a.Key, a.Key != "xmlns"
	case "xlink", "xml":
		return a.Namespace + ":" + a.Key, true
	}
	return "", false
}

// xmlName reports whether s is an XML name without a colon (an NCName,
// Namespaces in XML §3) in the ASCII letters, digits, "-", "_" and "."
// that SVG's names use; other names are left out, failing closed.
func xmlName(s string) bool {
	if s == "" || !isNameStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isNameStart(c) && c != '-' && c != '.' && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

func isNameStart(c byte) bool { return c == '_' || c|0x20 >= 'a' && c|0x20 <= 'z' }

// escape writes s as XML character data, or as an attribute value in
// double quotes: the markup characters as entities, white space an
// attribute value would normalise as numeric references, and characters
// XML 1.0 does not allow (§2.2) as U+FFFD.
func escape(b *bytes.Buffer, s string, attr bool) {
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"' && attr:
			b.WriteString("&quot;")
		case r == '\r' || (r == '\t' || r == '\n') && attr:
			b.WriteString("&#")
			b.WriteString(strconv.Itoa(int(r)))
			b.WriteByte(';')
		case !xmlChar(r):
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteRune(r)
		}
	}
}

// xmlChar reports XML 1.0's Char production (§2.2).
func xmlChar(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return true
	case r < 0x20:
		return false
	case r >= 0xD800 && r <= 0xDFFF, r == 0xFFFE, r == 0xFFFF:
		return false
	}
	return r <= 0x10FFFF
}
