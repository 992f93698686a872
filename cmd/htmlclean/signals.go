package main

import (
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/htmlclean/htmlclean/internal/safefile"
)

// stopGrace is how long a batch has, after a signal, to abandon the
// files in flight and print its summary. Abandoning takes one read or
// one write of a file; a write that hangs (a stuck network file system)
// is given up on, as a second signal gives up at once.
const stopGrace = 3 * time.Second

// catchSignals makes SIGINT, SIGTERM and SIGHUP stop the run, which then
// exits with status 128 + the signal's number, as a shell reports a
// process the signal killed. A batch stops (see halt): no file starts,
// the files in flight are abandoned, every temporary file is removed and
// no file is left half written, and the summary says "interrupted" and
// how far the batch got. Outside a batch (the url and sm commands, the
// flags) the run ends at once, saying nothing: the user knows they
// pressed ^C. If the batch has not ended within stopGrace, or on a second
// signal, its temporary files are removed (see [safefile.Writer.Abort])
// and it ends with the summary so far.
//
// SIGPIPE is caught too, so that a write to a closed pipe on standard
// output is an error (EPIPE) that stops the batch, not a death that
// leaves temporary files. stop undoes all this.
func (e *env) catchSignals() (stop func()) {
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	pipe := make(chan os.Signal, 1) // never read: EPIPE is the news
	signal.Notify(pipe, syscall.SIGPIPE)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			e.interrupted(s, ch, done)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		signal.Stop(pipe)
		close(done)
	}
}

// interrupted handles the first signal s: it stops the batch and lets it
// end, or ends the process.
func (e *env) interrupted(s os.Signal, ch <-chan os.Signal, done <-chan struct{}) {
	sig := syscall.SIGTERM
	if n, ok := s.(syscall.Signal); ok {
		sig = n
	}
	if e.halt.inBatch() {
		e.halt.stop(sig)
		select {
		case <-done:
			return // the batch ended, and said how far it got
		case <-ch:
		case <-time.After(stopGrace):
		}
	}
	e.files.Abort()
	if sum := e.halt.summary(); sum != "" {
		e.errorf("%s (a file in flight did not finish)", sum)
	}
	os.Exit(128 + int(sig))
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
