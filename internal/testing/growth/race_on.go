//go:build race

package growth

// raceEnabled: the race detector's instrumentation, not the code under
// test, dominates the cost, so timing means nothing.
const raceEnabled = true
