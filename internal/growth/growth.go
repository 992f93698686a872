// Package growth checks that work grows linearly with an input dimension.
// It is for tests: the cost of an input of size 8n must stay under 16
// times the cost at n (a quadratic path gives 64 times, a linear one 8).
package growth

import (
	"testing"
	"time"
)

// Factor is how much the input grows between the two measurements, and
// Limit the most the cost may grow: linear work gives Factor, quadratic
// Factor², and the margin absorbs the noise of a loaded machine.
const (
	Factor = 8
	Limit  = 16
)

// runs is how many times each size is timed; the minimum is kept, which
// is the measurement least disturbed by other processes.
const runs = 5

// Check times f on gen(n) and gen(Factor*n) and fails t if the cost grew
// by Limit or more. f must do the work under test and nothing that is
// superlinear by design.
func Check(t testing.TB, n int, gen func(n int) string, f func(string)) {
	t.Helper()
	small, large := gen(n), gen(Factor*n)
	f(small) // warm caches and pools
	var tSmall, tLarge time.Duration = 1<<63 - 1, 1<<63 - 1
	for range runs {
		tSmall = min(tSmall, timeIt(f, small))
		tLarge = min(tLarge, timeIt(f, large))
	}
	ratio := float64(tLarge) / float64(max(tSmall, time.Microsecond))
	if ratio >= Limit {
		t.Errorf("cost grew %.1f× for %d× the input (%v for %d bytes, %v for %d bytes): superlinear",
			ratio, Factor, tSmall, len(small), tLarge, len(large))
	}
}

func timeIt(f func(string), in string) time.Duration {
	start := time.Now()
	f(in)
	return time.Since(start)
}
