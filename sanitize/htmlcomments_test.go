package sanitize

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/htmlclean/htmlclean/policy"
)

// commentsPolicy is the ugc preset with comments: true.
func commentsPolicy(t testing.TB, comments bool) *policy.Policy {
	t.Helper()
	c, err := policy.PresetConfig("ugc")
	if err != nil {
		t.Fatal(err)
	}
	c.Comments = comments
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCommentsKept: with comments: true a comment is kept where the tree
// builder puts it, its data changed only where it could not be read back.
func TestCommentsKept(t *testing.T) {
	runCases(t, commentsPolicy(t, true), []sanitizeCase{
		{"plain", "<p>a<!-- note -->b</p>", "<p>a<!-- note -->b</p>"},
		{"empty", "<!---->x", "<!---->x"},
		{"abrupt-empty", "<!-->x", "<!---->x"},
		{"abrupt-dash", "<!--->x", "<!---->x"},
		{"bang-end", "<!-- a --!>x", "<!-- a -->x"},
		{"bang-not-end", "<!-- a --!b -->", "<!-- a --!b -->"},
		{"double-dash", "<!-- a -- b -->", "<!-- a -- b -->"},
		{"trailing-dashes", "<!-- a--->", "<!-- a--->"},
		{"trailing-bang", "<!-- a--!-->", "<!-- a--!-->"},
		{"nested-open", "<!-- <!-- x -->", "<!-- <!-- x -->"},
		{"ends-bang-dash", "<!--x<!--->", "<!--x<!--->"},
		{"arrow", "<!-- a->b -->", "<!-- a- >b -->"},
		{"bang-gt", "<!-- hi!> -->", "<!-- hi! > -->"},
		{"lead-dash", "<!---x-->", "<!---x-->"},
		{"tag-inside", "<!-- </p><script>alert(1)</script> -->", "<!-- </p><script>alert(1)</script> -->"},
		{"ampersand", "<!-- a &amp; b & c -->", "<!-- a \uFFFD b \uFFFD c -->"},
		{"processing-instruction", "<?x y?>x", "x"},
		{"processing-instruction-xml", "<?xml version=1?>x", "x"},
		{"bogus-bang", "<!x>y", "<!--x-->y"},
		{"bogus-end-tag", "</ x>y", "<!-- x-->y"},
		{"nul", "<!--a\x00b-->", "<!--a\uFFFDb-->"},
		{"in-dropped", "<script><!-- a --></script><p>x</p>", "<p>x</p>"},
		{"in-table", "<table><!-- t --><tr><td>1</td></tr></table>", "<table><!-- t --><tr><td>1</td></tr></table>"},
		{"unterminated", "x<!-- open", "x<!-- open-->"},
	})
	// In SVG and MathML the tokenizer reads comments as in HTML (HTML
	// §13.2.6.5: a comment token in foreign content is inserted as a
	// comment), so the same writing holds.
	foreign := mustPolicy(t, "extends: ugc\nsvg: safe\nmathml: core\ncomments: true\n")
	runCases(t, foreign, []sanitizeCase{
		{"svg", `<svg><!-- a --><circle r="1"></circle></svg>`, `<svg><!-- a --><circle r="1"></circle></svg>`},
		{"svg-bang-end", `<svg><!-- a --!><circle r="1"></circle></svg>`, `<svg><!-- a --><circle r="1"></circle></svg>`},
		{"svg-abrupt", `<svg><!--><g></g></svg>`, `<svg><!----><g></g></svg>`},
		{"math-arrow", `<math><mi>x</mi><!-- a->b --></math>`, `<math><mi>x</mi><!-- a- >b --></math>`},
	})
	runCases(t, commentsPolicy(t, false), []sanitizeCase{
		{"off", "<p>a<!-- note -->b</p>", "<p>ab</p>"},
	})
}

// TestCommentsReadBack: whatever the data, the comment appendComment
// writes is read back as one comment holding what was written, by the
// HTML tokenizer's comment states (specCommentData) and by x/net/html's
// parser; and sanitizing a document of such pieces twice changes nothing.
func TestCommentsReadBack(t *testing.T) {
	p := commentsPolicy(t, true)
	parts := []string{"-", "--", "!", ">", "<", "<!", "&", "a", " ", "--!", "<!--", "->", "&gt;", "-->", "--!>"}
	for _, a := range parts {
		for _, b := range parts {
			for _, c := range parts {
				data := a + b + c
				markup, _ := appendComment(nil, []byte(data))
				got := string(markup)
				written := got[4 : len(got)-3]
				read, end := specCommentData(got[4:])
				if read != written || 4+end != len(got) {
					t.Errorf("appendComment(%q) = %q: the tokenizer reads comment %q ending at %d, want %q ending at %d", data, got, read, 4+end, written, len(got))
				}
				nodes, err := html.ParseFragment(strings.NewReader(got+"x"), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
				if err != nil {
					t.Fatal(err)
				}
				if len(nodes) != 2 || nodes[0].Type != html.CommentNode || nodes[0].Data != written {
					t.Errorf("appendComment(%q) = %q: x/net/html reads %d nodes, want the comment %q and text", data, got, len(nodes), written)
				}
				for _, in := range []string{"<!--" + data + "-->x", "<!--" + data, "<p>" + data + "</p>"} {
					out, err := String(in, p)
					if err != nil {
						t.Fatalf("String(%q): %v", in, err)
					}
					if again, _ := String(out, p); again != out {
						t.Errorf("String(%q) = %q, not a fixed point: %q", in, out, again)
					}
				}
			}
		}
	}
}

// specCommentData runs the HTML tokenizer's comment states (HTML
// §13.2.5.43 comment start state to §13.2.5.52 comment end bang state)
// over s, the markup after "<!--", and returns the comment's data and
// the offset just past its end (len(s) at end of input).
func specCommentData(s string) (string, int) {
	const (
		start = iota
		startDash
		comment
		lt
		ltBang
		ltBangDash
		ltBangDashDash
		endDash
		end
		endBang
	)
	var data strings.Builder
	state := start
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch state {
		case start:
			switch c {
			case '-':
				state = startDash
			case '>':
				return data.String(), i + 1
			default:
				state, i = comment, i-1
			}
		case startDash:
			switch c {
			case '-':
				state = end
			case '>':
				return data.String(), i + 1
			default:
				data.WriteByte('-')
				state, i = comment, i-1
			}
		case comment:
			switch c {
			case '<':
				data.WriteByte(c)
				state = lt
			case '-':
				state = endDash
			default:
				data.WriteByte(c)
			}
		case lt:
			switch c {
			case '!':
				data.WriteByte(c)
				state = ltBang
			case '<':
				data.WriteByte(c)
			default:
				state, i = comment, i-1
			}
		case ltBang:
			if c == '-' {
				state = ltBangDash
			} else {
				state, i = comment, i-1
			}
		case ltBangDash:
			if c == '-' {
				state = ltBangDashDash
			} else {
				state, i = endDash, i-1
			}
		case ltBangDashDash:
			state, i = end, i-1
		case endDash:
			if c == '-' {
				state = end
			} else {
				data.WriteByte('-')
				state, i = comment, i-1
			}
		case end:
			switch c {
			case '>':
				return data.String(), i + 1
			case '!':
				state = endBang
			case '-':
				data.WriteByte('-')
			default:
				data.WriteString("--")
				state, i = comment, i-1
			}
		case endBang:
			switch c {
			case '-':
				data.WriteString("--!")
				state = endDash
			case '>':
				return data.String(), i + 1
			default:
				data.WriteString("--!")
				state, i = comment, i-1
			}
		}
	}
	return data.String(), len(s)
}
