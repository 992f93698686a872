//go:build !race

package urlnorm_test

const raceEnabled = false
