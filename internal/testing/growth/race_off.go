//go:build !race

package growth

const raceEnabled = false
