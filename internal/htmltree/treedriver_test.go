package htmltree

import (
	"strings"

	"golang.org/x/net/html"
)

// treeNode is an element, text or comment of the tree a treeDriver
// rebuilds.
type treeNode struct {
	dump     string // its line in the html5lib dump format
	text     bool
	children []*treeNode
}

// treeDriver drives a Builder as a caller that allows every element and
// writes every end tag the builder's rules close, and rebuilds the
// element tree from its answers.
type treeDriver struct {
	b       Builder
	props   map[string]Props
	slots   map[string]int32 // by namespace and name: the caller's numbering
	nodes   []*treeNode      // the element of each frame
	body    *treeNode
	started bool    // an element or text is in the body
	pending []int32 // markers of formatting elements closed without their end tag
	skip    string  // the first step the builder does not model, or ""
	strip   bool    // a leading newline of the next text is dropped (pre, listing, textarea)
}

// voidNames are the elements a browser pops as soon as it inserts them.
var voidNames = set("area", "base", "basefont", "bgsound", "br", "col", "embed", "hr", "img",
	"image", "input", "keygen", "link", "meta", "param", "source", "track", "wbr", "frame")

// run builds the tree of data and returns its dump, or why the builder
// does not model it.
func (d *treeDriver) run(data string) (dump, skip string) {
	if d.props == nil {
		d.props = PropTable()
	}
	d.b.Reset(0)
	clear(d.slots)
	if d.slots == nil {
		d.slots = map[string]int32{}
	}
	d.nodes, d.pending, d.skip, d.started, d.strip = d.nodes[:0], d.pending[:0], "", false, false
	d.body = &treeNode{}
	z := html.NewTokenizer(strings.NewReader(data))
	for d.skip == "" {
		z.AllowCDATA(d.b.ForeignContent())
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		tok := z.Token()
		switch tt {
		case html.TextToken:
			d.text(tok.Data)
		case html.StartTagToken, html.SelfClosingTagToken:
			// An SVG or MathML element's content is markup, whatever
			// its name, as the tree builder tells its tokenizer.
			if d.b.ForeignContent() && !breakout[tok.Data] {
				z.NextIsNotRawText()
			}
			d.start(tok, tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			d.end(tok.Data)
		case html.CommentToken:
			if !d.started {
				d.skip = "document-level comment"
			}
			d.append(&treeNode{dump: "<!-- " + tok.Data + " -->"})
		case html.DoctypeToken:
			d.skip = "document-level head, body or frameset"
		}
	}
	if d.skip != "" {
		return "", d.skip
	}
	var b strings.Builder
	writeTree(&b, d.body.children, 0)
	return b.String(), ""
}

func writeTree(b *strings.Builder, nodes []*treeNode, depth int) {
	for _, n := range nodes {
		b.WriteString(strings.Repeat("  ", depth) + n.dump + "\n")
		kids, at := n.children, depth+1
		if n.dump == "<template>" {
			b.WriteString(strings.Repeat("  ", depth+1) + "content\n")
			at++
		}
		writeTree(b, kids, at)
	}
}

// current returns the element the next node goes in.
func (d *treeDriver) current() *treeNode {
	if n := len(d.nodes); n > 0 {
		return d.nodes[n-1]
	}
	return d.body
}

func (d *treeDriver) append(n *treeNode) {
	c := d.current()
	c.children = append(c.children, n)
}

// text inserts text in the current node.
func (d *treeDriver) text(s string) {
	if d.strip {
		s, d.strip = strings.TrimPrefix(s, "\n"), false
	}
	if !d.started {
		s = strings.TrimLeft(s, "\t\n\f\r ")
	}
	if s == "" {
		return
	}
	if strings.ContainsRune(s, 0) {
		d.skip = "NUL characters (the tree builder drops them)"
		return
	}
	blank := strings.Trim(s, "\t\n\f\r ") == ""
	switch m := d.b.BaseMode(); {
	case !blank && (m == ModeTable || m == ModeTableBody || m == ModeRow || m == ModeColgroup):
		d.skip = "text foster-parented out of a table"
		return
	case !blank && d.reconstructs():
		d.skip = "formatting elements reconstructed"
		return
	}
	d.started = true
	c := d.current()
	if k := len(c.children); k > 0 && c.children[k-1].text {
		last := c.children[k-1]
		last.dump = strings.TrimSuffix(last.dump, `"`) + s + `"`
		return
	}
	c.children = append(c.children, &treeNode{dump: `"` + s + `"`, text: true})
}

// reconstructs reports whether a browser would reopen a formatting
// element the builder closed (HTML §13.2.4.3).
func (d *treeDriver) reconstructs() bool {
	m := d.b.Marker()
	for _, p := range d.pending {
		if p == m {
			return true
		}
	}
	return false
}

// slot returns the caller's number for name in ns.
func (d *treeDriver) slot(ns Namespace, name string) int32 {
	key := string(rune('0'+ns)) + name
	s, ok := d.slots[key]
	if !ok {
		s = d.b.AddSlot()
		d.slots[key] = s
	}
	return s
}

// push inserts the element name in ns and pushes its frame.
func (d *treeDriver) push(f Frame) {
	dump := "<" + f.Name + ">"
	if f.Foreign {
		if f.NS == HTML {
			f.NS = d.b.FrameNS(f.Name)
		}
		dump = "<" + [...]string{"", "svg ", "math "}[f.NS] + f.Name + ">"
	}
	n := &treeNode{dump: dump}
	d.append(n)
	d.b.Push(f, d.slot(f.NS, f.Name), d.props[f.Name])
	d.nodes = append(d.nodes, n)
}

// closeTo closes frames until the stack is depth deep.
func (d *treeDriver) closeTo(depth int) {
	for depth >= 0 && d.b.Len() > depth {
		d.pop(true)
	}
}

// pop closes the innermost frame; implicit says not by its own end tag.
func (d *treeDriver) pop(implicit bool) {
	f := d.b.Pop()
	d.nodes = d.nodes[:len(d.nodes)-1]
	if implicit && !f.Foreign && Formatting(f.Name) {
		d.pending = append(d.pending, f.Marker())
	}
	if int(f.Marker()) == d.b.Len() {
		at := int32(d.b.Len())
		kept := d.pending[:0]
		for _, p := range d.pending {
			if p < at {
				kept = append(kept, p)
			}
		}
		d.pending = kept
	}
}

// specialAbove reports whether a special element other than address,
// div and p lies above index at.
func (d *treeDriver) specialAbove(at int, all bool) bool {
	for j := at + 1; j < d.b.Len(); j++ {
		if n := d.b.At(j).Name; d.b.IsSpecial(j) && (all || n != "address" && n != "div" && n != "p") {
			return true
		}
	}
	return false
}
