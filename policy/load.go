package policy

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// maxPolicyBytes bounds a policy file; real ones are a few KiB.
const maxPolicyBytes = 1 << 20

// LoadFile reads, checks and compiles the policy file at path (YAML; JSON
// is YAML too). Every error is a *[ConfigError] naming the file, the line
// and the setting, several joined with errors.Join.
func LoadFile(path string) (*Policy, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("policy: %w", err)
	}
	defer f.Close()
	return Load(f, path)
}

// Load is [LoadFile] for a policy read from r; name is used in errors.
func Load(r io.Reader, name string) (*Policy, error) {
	data, root, err := readPolicy(r, name)
	if err != nil {
		return nil, err
	}
	c, decodeErr := decodeConfig(data, root, name)
	var ce *ConfigError
	if errors.As(decodeErr, &ce) && ce.Field == "extends" {
		return nil, decodeErr // nothing sensible to check without the preset
	}
	// Check what did decode too, so one run reports every mistake.
	p, err := Compile(c)
	if err != nil || decodeErr != nil {
		var errs []error
		if decodeErr != nil {
			errs = unjoin(decodeErr)
		}
		if err != nil {
			errs = append(errs, unjoin(locate(err, root, name))...)
		}
		return nil, errors.Join(errs...)
	}
	return p, nil
}

// ParseConfig reads a policy file from r without compiling it: the preset
// it extends, with the file's settings applied on top. name is used in
// errors. Use it to inspect or change a policy in code before [Compile].
func ParseConfig(r io.Reader, name string) (Config, error) {
	data, root, err := readPolicy(r, name)
	if err != nil {
		return Config{}, err
	}
	return decodeConfig(data, root, name)
}

// readPolicy reads the file and parses it into a node tree.
func readPolicy(r io.Reader, name string) ([]byte, *yaml.Node, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxPolicyBytes+1))
	if err != nil {
		return nil, nil, fmt.Errorf("policy: %s: %w", name, err)
	}
	if len(data) > maxPolicyBytes {
		return nil, nil, &ConfigError{File: name, Field: "(file)", Msg: fmt.Sprintf("larger than %d bytes", maxPolicyBytes)}
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		line := yamlErrorLine(err.Error())
		return nil, nil, &ConfigError{File: name, Line: line, Field: fieldAtLine(data, line), Msg: yamlMessage(err.Error())}
	}
	if root.Kind == 0 {
		return nil, nil, &ConfigError{File: name, Field: "(file)", Msg: "empty policy: say at least `extends: <preset>`"}
	}
	if doc := root.Content[0]; doc.Kind != yaml.MappingNode {
		return nil, nil, &ConfigError{File: name, Line: doc.Line, Field: "(file)", Msg: "a policy is a mapping of settings"}
	}
	return data, &root, nil
}

// decodeConfig starts from the preset the file extends and decodes the
// file on top of it, refusing unknown fields.
func decodeConfig(data []byte, root *yaml.Node, name string) (Config, error) {
	var c Config
	if ext := lookup(root, "extends"); ext != nil {
		preset, err := PresetConfig(ext.Value)
		if err != nil {
			return Config{}, &ConfigError{File: name, Line: ext.Line, Field: "extends", Msg: fmt.Sprintf("unknown preset %q (presets: %s)", ext.Value, strings.Join(Presets(), ", "))}
		}
		c = preset
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	err := dec.Decode(&c)
	var te *yaml.TypeError
	switch {
	case err == nil:
		return c, nil
	case errors.As(err, &te):
		// The decoder fills in what it can; return that with the errors.
		var errs []error
		for _, msg := range te.Errors {
			line := yamlErrorLine(msg)
			errs = append(errs, &ConfigError{File: name, Line: line, Field: pathAtLine(root, line, unknownKey(msg)), Msg: yamlMessage(msg)})
		}
		return c, errors.Join(errs...)
	}
	return Config{}, &ConfigError{File: name, Field: "(file)", Msg: err.Error()}
}

var (
	lineRE      = regexp.MustCompile(`line (\d+)`)
	yamlPrefix  = regexp.MustCompile(`^(yaml: )?(line \d+: )?`)
	typeNameRE  = regexp.MustCompile(` in type policy\.\w+`)
	unknownYAML = regexp.MustCompile(`field (\S+) not found`)
)

func yamlErrorLine(msg string) int {
	if m := lineRE.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

// unknownKey returns the key an "unknown field" message names, or "".
func unknownKey(msg string) string {
	if m := unknownYAML.FindStringSubmatch(msg); m != nil {
		return m[1]
	}
	return ""
}

// pathAtLine returns the path of a setting on a line of the parsed file
// ("add.attributes[0].onn"): the one named key if there is one, otherwise
// the deepest.
func pathAtLine(root *yaml.Node, line int, key string) string {
	best, bestDepth, named := "(file)", -1, false
	var walk func(n *yaml.Node, path string, depth int)
	walk = func(n *yaml.Node, path string, depth int) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				p := k.Value
				if path != "" {
					p = path + "." + k.Value
				}
				if k.Line == line && !named {
					if key != "" && k.Value == key {
						best, named = p, true
					} else if depth > bestDepth {
						best, bestDepth = p, depth
					}
				}
				walk(n.Content[i+1], p, depth+1)
			}
		case yaml.SequenceNode:
			for i, item := range n.Content {
				walk(item, fmt.Sprintf("%s[%d]", path, i), depth+1)
			}
		}
	}
	walk(root.Content[0], "", 0)
	return best
}

// yamlMessage rewrites a yaml.v3 message for a policy author.
func yamlMessage(msg string) string {
	msg = yamlPrefix.ReplaceAllString(msg, "")
	if m := unknownYAML.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("unknown setting %q", m[1])
	}
	return typeNameRE.ReplaceAllString(msg, "")
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

// locate adds the file and line to the ConfigErrors of Compile, found by
// following each error's field path ("attributes[2].match") in the tree.
func locate(err error, root *yaml.Node, name string) error {
	var errs []error
	for _, e := range unjoin(err) {
		var ce *ConfigError
		if errors.As(e, &ce) {
			located := *ce
			located.File = name
			located.Line = lineOfPath(root, ce.Field)
			e = &located
		}
		errs = append(errs, e)
	}
	return errors.Join(errs...)
}

func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

var pathPartRE = regexp.MustCompile(`([a-z_]+)|\[(\d+)\]`)

// lineOfPath returns the line of the setting at path, or of its nearest
// ancestor present in the file.
func lineOfPath(root *yaml.Node, path string) int {
	n := root.Content[0]
	line := n.Line
	for _, m := range pathPartRE.FindAllStringSubmatch(path, -1) {
		var next *yaml.Node
		switch {
		case m[1] != "" && n.Kind == yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == m[1] {
					line, next = n.Content[i].Line, n.Content[i+1]
				}
			}
		case m[2] != "" && n.Kind == yaml.SequenceNode:
			if i, _ := strconv.Atoi(m[2]); i < len(n.Content) {
				next = n.Content[i]
				line = next.Line
			}
		}
		if next == nil {
			break
		}
		n = next
	}
	return line
}

var keyLineRE = regexp.MustCompile(`^(\s*)(?:-\s+)?"?([A-Za-z_][A-Za-z0-9_]*)"?\s*:`)

// fieldAtLine names the setting on a line of a file that may not parse:
// the keys of the enclosing blocks, by indentation, joined with ".".
func fieldAtLine(data []byte, line int) string {
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
