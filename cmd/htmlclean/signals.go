package main

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/htmlclean/htmlclean/internal/safefile"
)

// catchSignals makes SIGINT, SIGTERM and SIGHUP remove the run's
// temporary files (see [safefile.Writer.Abort]) and exit with status
// 128 + the signal's number, as a shell reports a process the signal
// killed. It prints nothing: the user knows they pressed ^C. stop undoes
// it.
func (e *env) catchSignals() (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			e.files.Abort()
			n := 1
			if sig, ok := s.(syscall.Signal); ok {
				n = int(sig)
			}
			os.Exit(128 + n)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// removeStale removes the temporary files among paths (met in the walk)
// that an interrupted run left (see [safefile.Stale]). It runs before the
// run writes anything, and says so for each; a file it cannot remove is
// reported, but it is not an input, so the run's outcome does not depend
// on it.
func (e *env) removeStale(paths []string) {
	for _, path := range paths {
		pid, stale := safefile.Stale(path, e.now())
		if !stale {
			continue
		}
		if err := os.Remove(path); err != nil {
			e.errorf("%s: cannot remove this temporary file of an interrupted run: %s", path, ioMessage(err))
			continue
		}
		e.errorf("%s: removed a temporary file left by an interrupted run (process %d)", path, pid)
	}
}
