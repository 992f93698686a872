package sanitize

import (
	"context"
	"io"
	"sync"
)

// ctxReadBytes is the most a ctxReader reads at a time: how much input a
// call can still take in, and work on, after its context is done. The
// tokenizer reads 4 KiB at a time until a long token grows its buffer, so
// the limit seldom splits a read.
const ctxReadBytes = 32 << 10

// ctxReader reads r until ctx is done. Checking at each read, rather than
// at each token, costs one ctx.Err per read (a mutex, uncontended) and
// bounds the work after cancellation by the input, whatever the hooks
// cost per token.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c *ctxReader) Read(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if len(b) > ctxReadBytes {
		b = b[:ctxReadBytes]
	}
	return c.r.Read(b)
}

// withContext returns r, read until ctx is done; r itself if ctx is
// never done.
func withContext(ctx context.Context, r io.Reader) io.Reader {
	if ctx.Done() == nil {
		return r
	}
	return &ctxReader{ctx: ctx, r: r}
}

// handoff carries the policy stage's output from the stage's goroutine to
// the caller's, which writes it to the caller's writer (drain): no code of
// the caller's runs on a goroutine the package started, so a panic in the
// writer reaches the caller's recover, and a writer that fails stops the
// pass at its next segment. The stage reads only what the pass has piped
// to it since the last drain, a segment and the pipe's buffer, so what
// waits here stays bounded by a few times that.
type handoff struct {
	mu    sync.Mutex
	buf   []byte // written by the stage, under mu
	spare []byte // the buffer drain wrote last, for the next swap
}

func (h *handoff) Write(p []byte) (int, error) {
	h.mu.Lock()
	h.buf = append(h.buf, p...)
	h.mu.Unlock()
	return len(p), nil
}

func (h *handoff) WriteString(s string) (int, error) {
	h.mu.Lock()
	h.buf = append(h.buf, s...)
	h.mu.Unlock()
	return len(s), nil
}

// drain writes to w what the stage wrote since the last drain. It is
// called on the caller's goroutine only.
func (h *handoff) drain(w io.Writer) error {
	h.mu.Lock()
	b := h.buf
	h.buf = h.spare[:0]
	h.mu.Unlock()
	h.spare = b
	if len(b) == 0 {
		return nil
	}
	_, err := w.Write(b)
	return err
}

// stageResult is how the policy stage's goroutine ends: its error, or
// the value it panicked with (a bug of this package's or bluemonday's:
// no caller code runs there), which runStream panics with again on the
// caller's goroutine.
type stageResult struct {
	err      error
	panicked any
}
