package main

import (
	"bytes"
	"io"
	"sync"
)

// A turn says when a job may write to the run's shared outputs (standard
// output, the report): once every job before it has been collected. The
// collector opens each job's turn just before it waits for the job's
// result, and writes nothing itself until the result comes; so the job
// whose turn it is owns the outputs, and the channel orders its writes
// after the collector's.
type turn struct {
	ch chan struct{}
}

// openTurn returns a turn that is already open: for a job that runs on
// the collector's goroutine, after every job before it.
func openTurn() *turn {
	t := &turn{ch: make(chan struct{})}
	close(t.ch)
	return t
}

func (t *turn) wait() { <-t.ch }
func (t *turn) open() { close(t.ch) }

// A heldWriter is a job's share of a shared output. It holds up to limit
// bytes in memory, for the collector to write when the job is done; that
// keeps the outputs in input order and lets a job that fails leave
// nothing. Past limit it waits for the job's turn, writes what it holds
// and everything after straight through: memory stays bounded, at the
// cost of an incomplete output if the job fails later.
type heldWriter struct {
	buf    bytes.Buffer
	limit  int
	turn   *turn
	dst    io.Writer
	direct bool  // writing straight to dst
	err    error // the first error from dst
}

func (h *heldWriter) Write(b []byte) (int, error) {
	if h.err != nil {
		return 0, h.err
	}
	if !h.direct {
		if h.buf.Len()+len(b) <= h.limit {
			return h.buf.Write(b)
		}
		h.turn.wait()
		h.direct = true
		held := h.buf.Bytes()
		h.buf = bytes.Buffer{} // let the held bytes go once written
		if n, err := h.dst.Write(held); err != nil || n < len(held) {
			if err == nil {
				err = io.ErrShortWrite
			}
			h.err = err
			return 0, err
		}
	}
	n, err := h.dst.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	if err != nil {
		h.err = err
	}
	return n, err
}

// held returns the bytes held, or nil once the writer has gone direct.
func (h *heldWriter) held() []byte {
	if h.direct {
		return nil
	}
	return h.buf.Bytes()
}

// A budget bounds the bytes that jobs hold at once, whatever -j says: a
// job takes its estimated cost before it starts and gives it back when
// its result has been collected (a result waiting for its turn still
// holds its output). Only the goroutine that starts jobs takes, in job
// order, so the job the collector waits for always has its share and the
// run cannot deadlock; a job costing more than the whole budget takes all
// of it and runs alone.
type budget struct {
	mu   sync.Mutex
	cond sync.Cond
	cap  int64
	used int64
}

func newBudget(capacity int64) *budget {
	b := &budget{cap: capacity}
	b.cond.L = &b.mu
	return b
}

// take waits until n bytes (at most the whole budget) are free and takes
// them. It returns what it took, for give.
func (b *budget) take(n int64) int64 {
	n = min(n, b.cap)
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.used+n > b.cap {
		b.cond.Wait()
	}
	b.used += n
	return n
}

// give returns n bytes to the budget.
func (b *budget) give(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
	b.cond.Signal() // one taker
}
