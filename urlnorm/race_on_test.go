//go:build race

package urlnorm_test

// raceEnabled is set under the race detector, whose instrumentation
// changes the cost of memory accesses and so the ratios TestGrowth times.
const raceEnabled = true
