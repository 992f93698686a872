package policy

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// This file holds what is read from the parsed node tree of a policy
// file: its size, the paths of its settings, and the node and line a
// setting's path leads to.

// wideMapping returns the line and path of the first mapping under n with
// more than maxKeys keys (the path nil and line n's for the top level),
// or of the node where the count of nodes, taken from *budget, passes
// maxNodes (*budget is then negative); or a nil node.
func wideMapping(n *yaml.Node, at *seg, line int, budget *int) (*yaml.Node, *seg, int) {
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
			if w, p, l := wideMapping(n.Content[i+1], &seg{up: at, key: k.Value}, k.Line, budget); w != nil {
				return w, p, l
			}
		}
	case yaml.SequenceNode:
		for i, item := range n.Content {
			if w, p, l := wideMapping(item, &seg{up: at, item: true, index: i}, item.Line, budget); w != nil {
				return w, p, l
			}
		}
	}
	return nil, nil, 0
}

// seg is one step of a setting's path; the path is built from the leaf up
// only for the settings an error names.
type seg struct {
	up    *seg
	key   string
	item  bool // a sequence item: index, not key
	index int
}

func (s *seg) String() string {
	if s == nil {
		return "(file)"
	}
	var parts []*seg
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

// pathsAtLines returns, for each query, the path of a setting on its line
// ("add.attributes[0].onn"): the first key named by the query if the line
// has one, otherwise the first of the deepest keys. It walks the tree
// once, however many queries there are.
func pathsAtLines(root *yaml.Node, queries []lineQuery) []string {
	type found struct {
		deep  *seg
		depth int
		named map[string]*seg
		item  *seg // the first sequence item on the line
	}
	lines := map[int]*found{}
	for _, q := range queries {
		f := lines[q.line]
		if f == nil {
			f = &found{depth: -1, named: map[string]*seg{}}
			lines[q.line] = f
		}
		if q.key != "" {
			f.named[q.key] = nil
		}
	}
	var walk func(n *yaml.Node, up *seg, depth int)
	walk = func(n *yaml.Node, up *seg, depth int) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				s := &seg{up: up, key: k.Value}
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
				s := &seg{up: up, item: true, index: i}
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
		f := lines[q.line]
		switch {
		case f.named[q.key] != nil:
			out[i] = f.named[q.key].String()
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

// nodeKind names what a node holds, for an error.
func nodeKind(n *yaml.Node) string {
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
	return fmt.Sprintf("%s (%s)", quoteValue(n.Value), strings.TrimPrefix(n.Tag, "!!"))
}

// lookup returns the value node of a top-level key, or nil.
func lookup(root *yaml.Node, key string) *yaml.Node {
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

// lineOfPath returns the line of the setting at path, or of its nearest
// ancestor present in the file.
func lineOfPath(root *yaml.Node, path string) int {
	_, line := walkPath(root, path)
	return line
}

// nodeOfPath returns the node of the setting at path, or nil if the file
// does not hold it.
func nodeOfPath(root *yaml.Node, path string) *yaml.Node {
	n, _ := walkPath(root, path)
	return n
}
