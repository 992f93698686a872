package yamltree

import (
	"regexp"
	"strconv"
	"strings"
)

// What is read from a YAML file's text, where it may not parse: the line
// an error names, the setting on a line, an unclosed flow collection and
// a second document.

// lineRE finds the line a yaml.v3 message names.
var lineRE = regexp.MustCompile(`line (\d+)`)

// ErrorLine returns the line a yaml.v3 error message names, or 0.
func ErrorLine(msg string) int {
	if m := lineRE.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

var keyLineRE = regexp.MustCompile(`^(\s*)(?:-\s+)?"?([A-Za-z_][A-Za-z0-9_]*)"?\s*:`)

// FieldAtLine names the setting on a line of a file that may not parse:
// the keys of the enclosing blocks, by indentation, joined with ".".
func FieldAtLine(data []byte, line int) string {
	type key struct {
		indent int
		name   string
	}
	var stack []key
	last := "(file)"
	for i, text := range strings.Split(string(data), "\n") {
		if i+1 > line && line > 0 {
			break
		}
		m := keyLineRE.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		indent := len(m[1])
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, key{indent, m[2]})
		names := make([]string, len(stack))
		for j, k := range stack {
			names[j] = k.name
		}
		last = strings.Join(names, ".")
	}
	return last
}

// UnclosedFlow returns the line and column (in bytes, from 1) of the
// first flow list or mapping ("[", "{") that is not closed: the
// innermost open one where a closing bracket does not match it, or at
// the end of the file. Quoted scalars and comments are skipped.
func UnclosedFlow(data []byte) (line, col int, open byte, ok bool) {
	type opener struct {
		line, col int
		b         byte
	}
	var stack []opener
	line, col = 1, 0
	var quote byte
	for i := 0; i < len(data); i++ {
		c := data[i]
		col++
		switch {
		case c == '\n':
			line, col = line+1, 0
			if quote == 0 || len(stack) == 0 {
				quote = 0 // a block scalar's quote does not span lines
			}
		case quote != 0:
			if c == quote && !(quote == '"' && i > 0 && data[i-1] == '\\') {
				quote = 0
			}
		case c == '#' && (i == 0 || data[i-1] == ' ' || data[i-1] == '\t'):
			for i+1 < len(data) && data[i+1] != '\n' {
				i++
			}
		case (c == '"' || c == '\'') && len(stack) > 0:
			quote = c
		case c == '[' || c == '{':
			stack = append(stack, opener{line, col, c})
		case c == ']' || c == '}':
			if len(stack) == 0 {
				continue
			}
			top := stack[len(stack)-1]
			if (top.b == '[') != (c == ']') {
				return top.line, top.col, top.b, true
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) == 0 {
		return 0, 0, 0, false
	}
	top := stack[0] // the outermost: everything after it was read as its content
	for _, o := range stack {
		if o.line == top.line {
			top = o
		}
	}
	return top.line, top.col, top.b, true
}

// SecondDocLine returns the line of the "---" that starts the second
// document: the last one at or before the line its content starts on.
func SecondDocLine(data []byte, contentLine int) int {
	line, found := 0, 0
	for text := range strings.Lines(string(data)) {
		line++
		if line > contentLine && found > 0 {
			break
		}
		if strings.HasPrefix(text, "---") && (len(text) == 3 || text[3] == ' ' || text[3] == '\t' || text[3] == '\n' || text[3] == '\r') {
			found = line
		}
	}
	if found == 0 {
		return contentLine
	}
	return found
}
