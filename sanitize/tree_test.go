package sanitize

import (
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestTreeGrowth checks the tree rules cost linear time in every shape
// that would make a naive pass search the stack (each rule keeps the
// indices it needs in the frames instead): the cost at 8n must stay
// under 16x the cost at n (quadratic gives 64x). Each cost is the minimum
// of several runs of the process's CPU time (other processes on a loaded
// machine do not count), and n is large enough that the small run is not lost
// in noise. Deeper than the default limit, so max_depth is raised.
func TestTreeGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	p := mustPolicy(t, structuralPolicy+"limits: {max_depth: 100000, max_input_bytes: -1}\n")
	// Collect garbage between runs only: the collector's cost grows with
	// the live heap, which is not the pass's work (a deep stack of frames
	// holding strings made it 20x at 8n while the pass alone was 7x).
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
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
			// cost is the CPU time of one pass over the input of size n,
			// run reps times so that both sizes take about as long: the
			// kernel accounts CPU time in clock ticks.
			cost := func(n, reps int) time.Duration {
				in := tc.head + strings.Repeat(tc.body, n) + strings.Repeat(tc.tail, n)
				best := time.Duration(1 << 62)
				for range 5 {
					runtime.GC()
					start := cpuTime()
					for range reps {
						if _, err := String(in, p); err != nil {
							t.Fatal(err)
						}
					}
					best = min(best, (cpuTime()-start)/time.Duration(reps))
				}
				return best
			}
			small, large := cost(4000, 8), cost(32000, 1)
			if large > 16*small {
				t.Errorf("n=4000: %v, n=32000: %v (%.1fx, want under 16x)", small, large, float64(large)/float64(small))
			}
			t.Logf("n=4000: %v, n=32000: %v (%.1fx)", small, large, float64(large)/float64(small))
		})
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
