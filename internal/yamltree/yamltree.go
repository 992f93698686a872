// Package yamltree reads what package policy needs from the parsed node
// tree of a YAML file: its size, the paths of its settings
// ("add.attributes[0].match"), and the node and line a path leads to;
// and from its text, where it may not parse, the line and setting an
// error is on (text.go). Policy uses it to bound a file before decoding it and to put the line
// and setting on each error.
package yamltree

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/htmlclean/htmlclean/internal/excerpt"
)

// Wide returns the node, path and line of the first mapping under n
// with more than maxKeys keys (the path nil and the line n's for n
// itself), or of the node where the count of nodes, taken from *budget,
// runs out (*budget is then negative); or a nil node.
func Wide(n *yaml.Node, maxKeys int, budget *int) (*yaml.Node, *Path, int) {
	return wide(n, nil, n.Line, maxKeys, budget)
}

func wide(n *yaml.Node, at *Path, line, maxKeys int, budget *int) (*yaml.Node, *Path, int) {
	switch n.Kind {
	case yaml.MappingNode:
		if len(n.Content)/2 > maxKeys {
			return n, at, line
		}
		*budget -= len(n.Content) / 2 // the keys
	}
	if *budget--; *budget < 0 {
		return n, at, line
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if w, p, l := wide(n.Content[i+1], &Path{up: at, key: k.Value}, k.Line, maxKeys, budget); w != nil {
				return w, p, l
			}
		}
	case yaml.SequenceNode:
		for i, item := range n.Content {
			if w, p, l := wide(item, &Path{up: at, item: true, index: i}, item.Line, maxKeys, budget); w != nil {
				return w, p, l
			}
		}
	}
	return nil, nil, 0
}

// Path is a setting's path, as its last step; the path is built from
// the leaf up only for the settings an error names.
type Path struct {
	up    *Path
	key   string
	item  bool // a sequence item: index, not key
	index int
}

// String writes the path as errors name settings ("links.rel[1]"), and
// nil as "(file)".
func (s *Path) String() string {
	if s == nil {
		return "(file)"
	}
	var parts []*Path
	for ; s != nil; s = s.up {
		parts = append(parts, s)
	}
	var b strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		switch p := parts[i]; {
		case p.item:
			fmt.Fprintf(&b, "[%d]", p.index)
		case b.Len() > 0:
			b.WriteString("." + p.key)
		default:
			b.WriteString(p.key)
		}
	}
	return b.String()
}

// LineQuery asks for the setting on a line, preferring a key of that
// name if the line has one.
type LineQuery struct {
	Line int
	Key  string
}

// PathsAtLines returns, for each query, the path of a setting on its line
// ("add.attributes[0].onn"): the first key named by the query if the line
// has one, otherwise the first of the deepest keys. It walks the tree
// once, however many queries there are.
func PathsAtLines(root *yaml.Node, queries []LineQuery) []string {
	type found struct {
		deep  *Path
		depth int
		named map[string]*Path
		item  *Path // the first sequence item on the line
	}
	lines := map[int]*found{}
	for _, q := range queries {
		f := lines[q.Line]
		if f == nil {
			f = &found{depth: -1, named: map[string]*Path{}}
			lines[q.Line] = f
		}
		if q.Key != "" {
			f.named[q.Key] = nil
		}
	}
	var walk func(n *yaml.Node, up *Path, depth int)
	walk = func(n *yaml.Node, up *Path, depth int) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				s := &Path{up: up, key: k.Value}
				if f := lines[k.Line]; f != nil {
					if s0, want := f.named[k.Value]; want && s0 == nil {
						f.named[k.Value] = s
					}
					if depth > f.depth {
						f.deep, f.depth = s, depth
					}
				}
				walk(n.Content[i+1], s, depth+1)
			}
		case yaml.SequenceNode:
			for i, item := range n.Content {
				s := &Path{up: up, item: true, index: i}
				// An item is a setting too ("attributes[0]"), for an error
				// on a line that holds no key.
				if f := lines[item.Line]; f != nil && f.item == nil {
					f.item = s
				}
				walk(item, s, depth+1)
			}
		}
	}
	walk(root.Content[0], nil, 0)
	out := make([]string, len(queries))
	for i, q := range queries {
		f := lines[q.Line]
		switch {
		case f.named[q.Key] != nil:
			out[i] = f.named[q.Key].String()
		case f.deep != nil:
			out[i] = f.deep.String()
		case f.item != nil:
			out[i] = f.item.String()
		default:
			out[i] = "(file)"
		}
	}
	return out
}

// Kind names what a node holds, for an error.
func Kind(n *yaml.Node) string {
	switch {
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.AliasNode:
		return "an alias"
	case n.Tag == "!!null":
		return "empty"
	}
	return fmt.Sprintf("%q (%s)", excerpt.Text(n.Value), strings.TrimPrefix(n.Tag, "!!"))
}

// Lookup returns the value node of a top-level key, or nil.
func Lookup(root *yaml.Node, key string) *yaml.Node {
	m := root.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// walkPath follows path from the file's root: the node of the setting at
// path, or nil if the file does not hold it, and the line of that setting
// or of its nearest ancestor present in the file. Keys step from a
// mapping's key to its value, indexes into a sequence.
func walkPath(root *yaml.Node, path string) (*yaml.Node, int) {
	n := root.Content[0]
	line := n.Line
	for rest := path; ; {
		var key, index string
		if key, index, rest = nextPathPart(rest); key == "" && index == "" {
			return n, line
		}
		var next *yaml.Node
		switch {
		case key != "" && n.Kind == yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == key {
					line, next = n.Content[i].Line, n.Content[i+1]
				}
			}
		case index != "" && n.Kind == yaml.SequenceNode:
			if i, _ := strconv.Atoi(index); i < len(n.Content) {
				next = n.Content[i]
				line = next.Line
			}
		}
		if next == nil {
			return nil, line
		}
		n = next
	}
}

// nextPathPart splits the first step off a field path: a key (letters,
// digits, "_" and "-", as flag names have: "urls.flags.nested-url") or
// the digits of an index ("[2]"), skipping the bytes between steps ("."
// or a cut excerpt's "["). Both are "" at the end of the path.
func nextPathPart(path string) (key, index, rest string) {
	for i := 0; i < len(path); i++ {
		if n := keyBytes(path[i:]); n > 0 {
			return path[i : i+n], "", path[i+n:]
		}
		if path[i] != '[' {
			continue
		}
		if n := digitBytes(path[i+1:]); n > 0 && i+1+n < len(path) && path[i+1+n] == ']' {
			return "", path[i+1 : i+1+n], path[i+2+n:]
		}
	}
	return "", "", ""
}

// keyBytes returns the length of the run of key bytes that starts s.
func keyBytes(s string) int {
	n := 0
	for n < len(s) && (s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || s[n] >= '0' && s[n] <= '9' || s[n] == '_' || s[n] == '-') {
		n++
	}
	return n
}

// digitBytes returns the length of the run of ASCII digits that starts s.
func digitBytes(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// LineOf returns the line of the setting at path, or of its nearest
// ancestor present in the file.
func LineOf(root *yaml.Node, path string) int {
	_, line := walkPath(root, path)
	return line
}

// NodeOf returns the node of the setting at path, or nil if the file
// does not hold it.
func NodeOf(root *yaml.Node, path string) *yaml.Node {
	n, _ := walkPath(root, path)
	return n
}
