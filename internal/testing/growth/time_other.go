//go:build !linux

package growth

import "time"

var epoch = time.Now()

// threadTime is wall time where the thread's CPU time is not at hand.
func threadTime() time.Duration { return time.Since(epoch) }
