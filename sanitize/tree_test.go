package sanitize

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
)

// TestTreeGrowth checks the tree rules cost linear time in every shape
// that would make a naive pass search the stack (each rule keeps the
// indices it needs in the frames instead): the cost at 8n must stay
// under 16x the cost at n (quadratic gives 64x), measured by
// internal/testing/growth. Deeper than the default limit, so max_depth is raised.
func TestTreeGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	p := mustPolicy(t, structuralPolicy+"limits: {max_depth: 100000, max_input_bytes: -1}\n")
	tests := []struct {
		name       string
		head, body string // body repeats n times, after head
		tail       string // then tail repeats n times
	}{
		{"links-beyond-desc", `<a href="/x"><svg><desc>`, "<b>", `<a href="/y">`},
		{"links-after-dropped-links", `<a href="/x"><table>`, "<a>", `<a href="/y">`},
		{"blocks-past-dropped-frames", "<p><button>", "<a>", "<div>"},
		{"buttons", "", "<button>", ""},
		{"headings", "", "<h1>x", "<h2>"},
		{"table-rows", "<table>", "<tr><td>x", "<caption>"},
		{"svg-breakouts", "", "<svg><g><desc>", "<p>"},
		{"ruby", "<ruby>", "<span>", "<rt>"},
		{"forms", `<form action="/a">`, "<div>", `<form action="/b">`},
		{"cells-in-svg", "<table><tr><td>", "<svg><desc>", "<td>"},
		{"unmatched-end-tags", "", "<div>", "</span>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gen := func(n int) string { return tc.head + strings.Repeat(tc.body, n) + strings.Repeat(tc.tail, n) }
			growth.Check(t, 4000, gen, func(in string) {
				if _, err := String(in, p); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}
