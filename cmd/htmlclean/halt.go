package main

import (
	"errors"
	"io"
	"os"
	"sync"
	"syscall"
)

// errStopped is the error of a job that a stopped run abandoned: it read
// no further, and put no file in place.
var errStopped = errors.New("stopped")

// A halt stops a batch: set once, by the collector when an output the
// run depends on fails (the report, standard output, a full disk under
// -o or -w), or by a signal. Once it is set, no job starts, a job reading
// its input gets errStopped, and no file is put in place (see
// [safefile.Writer.Proceed]); the collector then takes the results still
// due and prints how far the batch got. Safe for concurrent use.
type halt struct {
	once sync.Once
	done chan struct{}  // closed when stopped
	sig  syscall.Signal // the signal that stopped the run; 0 for a failed output

	mu        sync.Mutex
	summarize func() string // the batch summary so far, while a batch runs
}

func newHalt() *halt { return &halt{done: make(chan struct{})} }

// stop stops the run, for sig (0 for a failed output). Only the first
// call counts.
func (h *halt) stop(sig syscall.Signal) {
	h.once.Do(func() {
		h.sig = sig
		close(h.done)
	})
}

// stopped reports whether the run is stopped.
func (h *halt) stopped() bool {
	select {
	case <-h.done:
		return true
	default:
		return false
	}
}

// signal returns the signal that stopped the run, or 0. It is meaningful
// once stopped reports true.
func (h *halt) signal() syscall.Signal {
	if !h.stopped() {
		return 0
	}
	return h.sig
}

// proceed is the [safefile.Writer.Proceed] of a run: errStopped once the
// run is stopped.
func (h *halt) proceed() error {
	if h.stopped() {
		return errStopped
	}
	return nil
}

// setSummary registers the summary of the batch under way (nil when it
// ends), for a signal that cannot wait for the batch to stop.
func (h *halt) setSummary(f func() string) {
	h.mu.Lock()
	h.summarize = f
	h.mu.Unlock()
}

// summary returns the batch summary so far, or "" outside a batch.
func (h *halt) summary() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.summarize == nil {
		return ""
	}
	return h.summarize()
}

// inBatch reports whether a batch is under way.
func (h *halt) inBatch() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.summarize != nil
}

// A stopReader is a job's input, which ends with errStopped when the run
// stops, so that a large file in flight is abandoned within a read.
type stopReader struct {
	r io.Reader
	h *halt
}

func (s stopReader) Read(p []byte) (int, error) {
	if s.h.stopped() {
		return 0, errStopped
	}
	return s.r.Read(p)
}

// fatalOutput reports whether err, writing an output file, will fail the
// same way for every file after it: the disk or quota is full, or the
// device fails. The run stops then, rather than fail file after file.
func fatalOutput(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) || errors.Is(err, syscall.EIO)
}

// A reportFile is the -report file. A write that fails is undone, so the
// report holds whole lines (each write is whole lines), the changes of
// the files before the failure.
type reportFile struct {
	f    *os.File
	good int64 // bytes written whole
}

func (r *reportFile) Write(b []byte) (int, error) {
	n, err := r.f.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	if err != nil {
		r.f.Truncate(r.good) // best effort; /dev/full and pipes cannot
		r.f.Seek(r.good, io.SeekStart)
		return 0, err
	}
	r.good += int64(n)
	return n, nil
}
