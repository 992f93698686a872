// Package growth checks, in tests, that work grows linearly with an input
// dimension: the cost of an input of size 8n must stay under 16 times the
// cost at n (a quadratic path gives 64 times, a linear one 8).
//
// The cost is the CPU time of the calling thread (Linux: RUSAGE_THREAD;
// elsewhere wall time), with the garbage collector off while measuring,
// and the minimum of several runs: time spent by other processes, or on
// collecting another test's garbage, is not counted, so the check holds
// on a loaded machine.
package growth

import (
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// Factor is how much the input grows between the two measurements, and
// Limit the most the cost may grow: linear work gives Factor, quadratic
// Factor², and the margin absorbs noise.
const (
	Factor = 8
	Limit  = 16
)

// Each size is measured at least minRuns() times and at most maxRuns
// times, the least cost kept; measuring stops once the ratio is under
// Limit. A quadratic path stays far above Limit however often it is
// measured, so stopping early cannot pass it; a linear one that a busy
// machine made look slow gets more runs before it fails.
const maxRuns = 7

// minRuns is three in the everyday run, which keeps `go test ./...`
// short, and maxRuns in the long run (HTMLCLEAN_LONG=1, as .ci/run sets).
func minRuns() int {
	if os.Getenv("HTMLCLEAN_LONG") != "" {
		return maxRuns
	}
	return 3
}

// minBatch is how long one measurement of the small input lasts at least:
// f runs as many times as that takes (and the large input an eighth as
// many times), so that the clock's resolution and fixed costs stay small.
const minBatch = 2 * time.Millisecond

// Check measures f on gen(n) and gen(Factor*n) and fails t if the cost
// grew by Limit or more. f must do the work under test and nothing that
// is superlinear by design.
//
// Under the race detector it skips t: its instrumentation, not the code
// under test, sets the cost.
func Check(t testing.TB, n int, gen func(n int) string, f func(string)) {
	t.Helper()
	if raceEnabled {
		t.Skip("timing under the race detector measures its instrumentation")
	}
	small, large := gen(n), gen(Factor*n)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	f(small) // warm caches and pools
	reps := 1
	for cost(f, small, reps) < minBatch && reps < 1<<16 {
		reps *= 2
	}
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var tSmall, tLarge time.Duration = 1<<63 - 1, 1<<63 - 1
	repsLarge := max(1, reps/Factor)
	var ratio float64
	for run := 1; run <= maxRuns; run++ {
		tSmall = min(tSmall, cost(f, small, reps)/time.Duration(reps))
		tLarge = min(tLarge, cost(f, large, repsLarge)/time.Duration(repsLarge))
		runtime.GC()
		ratio = float64(tLarge) / float64(max(tSmall, time.Nanosecond))
		if run >= minRuns() && ratio < Limit {
			break
		}
	}
	if ratio >= Limit {
		t.Errorf("cost grew %.1f× for %d× the input (%v for %d bytes, %v for %d bytes): superlinear",
			ratio, Factor, tSmall, len(small), tLarge, len(large))
	}
}

// cost is the thread's CPU time for reps calls of f(in).
func cost(f func(string), in string, reps int) time.Duration {
	start := threadTime()
	for range reps {
		f(in)
	}
	return threadTime() - start
}
