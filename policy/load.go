package policy

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/htmlclean/htmlclean/internal/excerpt"
	"github.com/htmlclean/htmlclean/internal/yamltree"
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
// Its work is linear in the size of the file.
func Load(r io.Reader, name string) (*Policy, error) {
	data, root, err := readPolicy(r, name)
	if err != nil {
		return nil, err
	}
	c, errs, more := decodeConfig(data, root, name)
	if len(errs) == 1 && more == 0 {
		if ce, ok := errs[0].(*ConfigError); ok && ce.Field == "extends" {
			return nil, errs[0] // nothing sensible to check without the preset
		}
	}
	// Check what did decode too, so one run reports every mistake (up to
	// maxErrors, then a count).
	p, cerrs, cmore := compile(c, maxErrors-len(errs), func(path string) bool { return yamltree.NodeOf(root, path) != nil })
	if len(errs)+more+len(cerrs)+cmore == 0 {
		return p, nil
	}
	errs = append(errs, locate(cerrs, root, name)...)
	return nil, joinErrors(errs, more+cmore, name)
}

// ParseConfig reads a policy file from r without compiling it: the preset
// it extends, with the file's settings applied on top. name is used in
// errors. Use it to inspect or change a policy in code before [Compile].
func ParseConfig(r io.Reader, name string) (Config, error) {
	data, root, err := readPolicy(r, name)
	if err != nil {
		return Config{}, err
	}
	c, errs, more := decodeConfig(data, root, name)
	if len(errs) > 0 || more > 0 {
		return c, joinErrors(errs, more, name)
	}
	return c, nil
}

// readPolicy reads the file and parses it into a node tree. A file holds
// one policy: a second YAML document ("---") is refused, not ignored.
func readPolicy(r io.Reader, name string) ([]byte, *yaml.Node, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxPolicyBytes+1))
	if err != nil {
		return nil, nil, fmt.Errorf("policy: %s: %w", name, err)
	}
	if len(data) > maxPolicyBytes {
		return nil, nil, &ConfigError{File: name, Field: "(file)", Msg: fmt.Sprintf("larger than %d bytes", maxPolicyBytes)}
	}
	if err := checkUTF8(data, name); err != nil {
		return nil, nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var root yaml.Node
	switch err := dec.Decode(&root); {
	case errors.Is(err, io.EOF) || err == nil && root.Kind == 0:
		return nil, nil, &ConfigError{File: name, Field: "(file)", Msg: "empty policy: say at least `extends: <preset>`"}
	case err != nil:
		return nil, nil, syntaxError(data, name, err)
	}
	if doc := root.Content[0]; doc.Kind != yaml.MappingNode {
		return nil, nil, &ConfigError{File: name, Line: doc.Line, Field: "(file)", Msg: "a policy is a mapping of settings"}
	}
	budget := maxNodes
	if n, at, line := yamltree.Wide(root.Content[0], maxKeys, &budget); n != nil {
		if budget < 0 {
			return nil, nil, &ConfigError{File: name, Line: line, Field: at.String(),
				Msg: fmt.Sprintf("the file holds more than %s settings and values (keys, list items, scalars) from here on; a policy has a few thousand at most", excerpt.Commas(maxNodes))}
		}
		return nil, nil, &ConfigError{File: name, Line: line, Field: at.String(),
			Msg: fmt.Sprintf("%s settings in one place; none has more than %d", excerpt.Commas(len(n.Content)/2), maxKeys)}
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
		return data, &root, nil
	case err != nil:
		return nil, nil, syntaxError(data, name, err)
	}
	return nil, nil, &ConfigError{File: name, Line: yamltree.SecondDocLine(data, next.Line), Field: "(file)",
		Msg: "a second document (after ---): a policy file holds one policy"}
}

// maxKeys is the most keys a mapping in a policy file may have. The
// widest setting (Config) has 10 fields, so a wider mapping holds unknown
// or repeated keys; refusing it here matters because yaml.v3 checks a
// mapping for repeated keys in time quadratic in its size, even where it
// then finds a mapping does not belong.
const maxKeys = 64

// maxNodes is the most nodes (keys, values, list items, each scalar,
// list and mapping) a policy file may hold. Every preset, flattened
// into a file, holds under 3,000 (sanitizer-api the most, 2,718), and
// the policies people write a few hundred. Decoding and compiling cost
// memory per node, whatever the node holds: a file of 1 MiB can hold
// about 200,000 of them, and decoding and checking those took over
// 100 MB. The count is taken on the node tree, before the file is
// decoded into a Config or compiled.
const maxNodes = 20_000

// checkUTF8 refuses a file that is not UTF-8, naming the line and column
// (in bytes, from 1) of the first invalid byte. yaml.v3 would report it
// without a line, so the check comes first; it is one linear pass.
func checkUTF8(data []byte, name string) error {
	if utf8.Valid(data) {
		return nil
	}
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return &ConfigError{File: name, Line: line, Field: yamltree.FieldAtLine(data, line),
				Msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02x at column %d): a policy file is UTF-8 text", data[i], col)}
		}
		if r == '\n' {
			line, col = line+1, 0
		}
		i += size
		col += size
	}
	return nil // unreachable: utf8.Valid said there is a bad byte
}

// syntaxError locates a YAML syntax error. yaml.v3 reports a flow list
// or mapping left open at the line of the block around it, naming
// neither; the error names where it was opened instead.
func syntaxError(data []byte, name string, err error) error {
	line := yamltree.ErrorLine(err.Error())
	if strings.Contains(err.Error(), "did not find expected ',' or") {
		if l, col, open, ok := yamltree.UnclosedFlow(data); ok {
			kind, want := "list", "]"
			if open == '{' {
				kind, want = "mapping", "}"
			}
			return &ConfigError{File: name, Line: l, Field: excerpt.Path(yamltree.FieldAtLine(data, l)),
				Msg: fmt.Sprintf("the flow %s opened with %q at column %d is not closed: a %q is missing", kind, string(open), col, want)}
		}
	}
	return &ConfigError{File: name, Line: line, Field: excerpt.Path(yamltree.FieldAtLine(data, line)), Msg: yamlMessage(err.Error())}
}

// decodeConfig starts from the preset the file extends and decodes the
// file on top of it, refusing unknown fields. It returns the first
// maxErrors errors, located, and the number of the rest.
func decodeConfig(data []byte, root *yaml.Node, name string) (Config, []error, int) {
	var c Config
	if ext := yamltree.Lookup(root, "extends"); ext != nil {
		if ext.Kind != yaml.ScalarNode || ext.Tag != "!!str" {
			return Config{}, []error{&ConfigError{File: name, Line: ext.Line, Field: "extends", Msg: fmt.Sprintf("takes one preset name, a string, not %s (presets: %s)", yamltree.Kind(ext), strings.Join(Presets(), ", "))}}, 0
		}
		preset, err := PresetConfig(ext.Value)
		if err != nil {
			return Config{}, []error{&ConfigError{File: name, Line: ext.Line, Field: "extends", Msg: fmt.Sprintf("unknown preset %s (presets: %s)", quoteValue(ext.Value), strings.Join(Presets(), ", "))}}, 0
		}
		c = preset
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	err := dec.Decode(&c)
	var te *yaml.TypeError
	switch {
	case err == nil:
		return c, nil, 0
	case errors.As(err, &te):
		// The decoder fills in what it can; return that with the errors.
		msgs := te.Errors[:min(len(te.Errors), maxErrors)]
		queries := make([]yamltree.LineQuery, len(msgs))
		for i, msg := range msgs {
			queries[i] = yamltree.LineQuery{Line: yamltree.ErrorLine(msg), Key: unknownKey(msg)}
		}
		paths := yamltree.PathsAtLines(root, queries)
		errs := make([]error, len(msgs))
		for i, msg := range msgs {
			errs[i] = &ConfigError{File: name, Line: queries[i].Line, Field: excerpt.Path(paths[i]), Msg: yamlMessage(msg)}
		}
		return c, errs, len(te.Errors) - len(msgs)
	}
	return Config{}, []error{&ConfigError{File: name, Field: "(file)", Msg: fmt.Sprintf("%s", excerpt.Text(err.Error()))}}, 0
}

var (
	yamlPrefix  = regexp.MustCompile(`^(yaml: )?(line \d+: )?`)
	typeNameRE  = regexp.MustCompile(` in type policy\.\w+`)
	unknownYAML = regexp.MustCompile(`field (\S+) not found`)
)

// unknownKey returns the key an "unknown field" message names, or "".
func unknownKey(msg string) string {
	if m := unknownYAML.FindStringSubmatch(msg); m != nil {
		return m[1]
	}
	return ""
}

// yamlMessage rewrites a yaml.v3 message for a policy author.
func yamlMessage(msg string) string {
	msg = yamlPrefix.ReplaceAllString(msg, "")
	if m := unknownYAML.FindStringSubmatch(msg); m != nil {
		return "unknown setting " + quoteValue(m[1])
	}
	return fmt.Sprintf("%s", excerpt.Text(typeNameRE.ReplaceAllString(msg, "")))
}

// locate adds the file and line to the ConfigErrors of Compile, found by
// following each error's field path ("attributes[2].match") in the tree.
func locate(errs []error, root *yaml.Node, name string) []error {
	out := make([]error, len(errs))
	for i, e := range errs {
		var ce *ConfigError
		if errors.As(e, &ce) {
			located := *ce
			located.File = name
			located.Line = yamltree.LineOf(root, ce.Field)
			e = &located
		}
		out[i] = e
	}
	return out
}

func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
