package svgfile

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// Reason says why [Clean] refused a document.
type Reason uint8

// The reasons of an [*Error].
const (
	// ReasonEntity: the doctype's internal subset declares entities,
	// which are never expanded (billion laughs, XXE).
	ReasonEntity Reason = iota + 1
	// ReasonInternalSubset: the doctype has an internal subset (attribute
	// defaults, notations), which is never processed.
	ReasonInternalSubset
	// ReasonEncoding: the XML declaration names an encoding other than
	// UTF-8.
	ReasonEncoding
	// ReasonProlog: a comment, processing instruction or doctype before
	// the root element is not closed.
	ReasonProlog
	// ReasonNotSVG: the root element is not svg.
	ReasonNotSVG
	// ReasonRootRemoved: the policy does not keep the svg root element.
	ReasonRootRemoved
)

var reasonText = [...]string{
	ReasonEntity:         "the doctype declares entities, which are never expanded",
	ReasonInternalSubset: "the doctype has an internal subset, which is never processed",
	ReasonEncoding:       "the XML declaration names an encoding other than UTF-8",
	ReasonProlog:         "the prolog has an unterminated comment, processing instruction or doctype",
	ReasonNotSVG:         "the root element is not svg",
	ReasonRootRemoved:    "the policy removes the svg root element",
}

// String returns the reason's description.
func (r Reason) String() string {
	if int(r) < len(reasonText) && reasonText[r] != "" {
		return reasonText[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Error is a document [Clean] refuses: Offset is the byte offset in the
// input of what it refused.
type Error struct {
	Offset int
	Reason Reason
}

func (e *Error) Error() string {
	return fmt.Sprintf("svgfile: at byte %d: %s", e.Offset, e.Reason)
}

// defaultMaxInput is policy.Limits' default MaxInputBytes.
const defaultMaxInput = 16 << 20

// Clean reads a standalone SVG document from r, sanitises it under p and
// writes it to w as a well-formed SVG file (see the package doc). It
// writes nothing on error. It is safe for concurrent use with a shared
// policy.
func Clean(w io.Writer, r io.Reader, p *policy.Policy) error {
	return CleanWith(w, r, p, sanitize.Options{})
}

// CleanWith is [Clean] with the per-call [sanitize.Options]: the report
// gets the changes of the sanitising pipeline, with lines and columns
// counted from the start of the document.
func CleanWith(w io.Writer, r io.Reader, p *policy.Policy, o sanitize.Options) error {
	raw, err := readAll(r, p)
	if err != nil {
		return err
	}
	out, err := clean(raw, p, o)
	if err != nil {
		return err
	}
	if _, err := w.Write(out); err != nil {
		return &sanitize.WriteError{Err: err}
	}
	return nil
}

// String is [Clean] over a string.
func String(s string, p *policy.Policy) (string, error) {
	out, err := clean([]byte(s), p, sanitize.Options{})
	return string(out), err
}

// readAll reads r up to one byte past the policy's input limit, so that
// the pipeline refuses a longer document as it would a stream.
func readAll(r io.Reader, p *policy.Policy) ([]byte, error) {
	limit := p.Limits().MaxInputBytes
	if limit == 0 {
		limit = defaultMaxInput
	}
	if limit > 0 {
		r = io.LimitReader(r, limit+1)
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("svgfile: reading input: %w", err)
	}
	return raw, nil
}

// clean is the whole conversion: prolog, pipeline, XML.
func clean(raw []byte, p *policy.Policy, o sanitize.Options) ([]byte, error) {
	start, err := skipProlog(raw)
	if err != nil {
		return nil, err
	}
	// The prolog is replaced by as many newlines, and its last line by as
	// many spaces, so that the report's lines and columns count from the
	// start of the file; white space before the root is no node.
	prolog := raw[:start]
	last := len(prolog) - 1 - bytes.LastIndexByte(prolog, '\n')
	body := strings.Repeat("\n", bytes.Count(prolog, []byte("\n"))) + strings.Repeat(" ", last) + string(raw[start:])
	sanitized, err := sanitize.StringWith(body, p, o)
	if err != nil {
		return nil, err
	}
	root, err := parseRoot(sanitized)
	if err != nil {
		return nil, &Error{Offset: start, Reason: ReasonRootRemoved}
	}
	var b bytes.Buffer
	b.WriteString(xmlDecl)
	writeRoot(&b, root)
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// xmlDecl is the XML declaration every output starts with.
const xmlDecl = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

// parseRoot parses the sanitised output as a browser would (HTML, in a
// body) and returns its svg element: the first top-level element, which
// the pipeline keeps where the input's root was.
func parseRoot(s string) (*html.Node, error) {
	ctx := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	nodes, err := html.ParseFragment(strings.NewReader(s), ctx)
	if err != nil {
		return nil, err
	}
	for _, n := range nodes {
		if n.Type == html.ElementNode {
			if n.Namespace == "svg" && n.Data == "svg" {
				return n, nil
			}
			break
		}
	}
	return nil, errNoRoot
}

var errNoRoot = fmt.Errorf("svgfile: no svg root")
