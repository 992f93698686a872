package domtest

import (
	"encoding/json"
	"errors"
	"strings"

	"golang.org/x/net/html"
)

// Node is x/net/html's node, named here so that a test module reading
// trees from elsewhere (a browser's DOM, [DecodeJSON]) compares them
// without requiring x/net itself.
type Node = html.Node

// DecodeJSON reads a tree built elsewhere, a browser's DOM walked by a
// script, and returns a document node holding it. The JSON is a list of
// nodes: a text as its string, a comment as {"comment": data}, an
// element as [name, attributes, children] with each attribute as
// [name, value] and children a list of nodes. An element's or an
// attribute's name is its namespace, a space, and its local name; the
// namespace is kept as written (a browser's namespace URI, "" for none).
func DecodeJSON(b []byte) (*Node, error) {
	doc := &html.Node{Type: html.DocumentNode}
	return doc, appendJSON(doc, b)
}

// appendJSON decodes the list of nodes b and appends them to parent.
func appendJSON(parent *html.Node, b []byte) error {
	var list []json.RawMessage
	if err := json.Unmarshal(b, &list); err != nil {
		return err
	}
	for _, raw := range list {
		n, err := decodeNode(raw)
		if err != nil {
			return err
		}
		parent.AppendChild(n)
	}
	return nil
}

// decodeNode decodes one node of [DecodeJSON]'s form, with its children.
func decodeNode(raw json.RawMessage) (*html.Node, error) {
	var text string
	if json.Unmarshal(raw, &text) == nil {
		return &html.Node{Type: html.TextNode, Data: text}, nil
	}
	var comment struct {
		Comment *string `json:"comment"`
	}
	if json.Unmarshal(raw, &comment) == nil {
		if comment.Comment == nil {
			return nil, errors.New("domtest: a JSON object that is no comment: " + string(raw))
		}
		return &html.Node{Type: html.CommentNode, Data: *comment.Comment}, nil
	}
	var el [3]json.RawMessage
	var name string
	var attrs [][2]string
	if err := json.Unmarshal(raw, &el); err != nil {
		return nil, err
	}
	if err := errors.Join(json.Unmarshal(el[0], &name), json.Unmarshal(el[1], &attrs)); err != nil {
		return nil, err
	}
	n := &html.Node{Type: html.ElementNode}
	n.Namespace, n.Data = splitName(name)
	for _, a := range attrs {
		at := html.Attribute{Val: a[1]}
		at.Namespace, at.Key = splitName(a[0])
		n.Attr = append(n.Attr, at)
	}
	return n, appendJSON(n, el[2])
}

// splitName splits "namespace local" at its first space; a name without
// one is local.
func splitName(s string) (namespace, local string) {
	ns, local, ok := strings.Cut(s, " ")
	if !ok {
		return "", s
	}
	return ns, local
}
