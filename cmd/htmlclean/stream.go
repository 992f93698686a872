package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"errors"
	"hash"
	"io"

	"github.com/htmlclean/htmlclean/sanitize"
)

// errUnchanged stops a -w that streamed into a temporary file when the
// output turned out equal to the input: the temporary file is removed and
// the file is left alone, as a file done in memory is.
var errUnchanged = errors.New("unchanged")

// A sumWriter hashes and counts what it passes to w, so that a streamed
// output can be compared with its input (hashed by the textReader)
// without holding either. SHA-256, because a collision would make -check
// pass a file that changes, and -w leave it unsanitised.
type sumWriter struct {
	w io.Writer
	h hash.Hash
	n int64
}

func newSumWriter(w io.Writer) *sumWriter { return &sumWriter{w: w, h: sha256.New()} }

func (s *sumWriter) Write(b []byte) (int, error) {
	n, err := s.w.Write(b)
	s.h.Write(b[:n])
	s.n += int64(n)
	return n, err
}

// differs reports whether the output s passed differs from the input
// the task read, all of it by now.
func (k *task) differs(s *sumWriter) bool {
	return s.n != k.in.n || !bytes.Equal(s.h.Sum(nil), k.in.sum.Sum(nil))
}

// streamBuf is the size of the buffer between the sanitiser, which writes
// a token at a time, and a streamed output: a write to a file or a pipe is
// a system call.
const streamBuf = 64 << 10

// sanitizeTo runs the sanitiser from src to dst through a streamBuf
// buffer. A failing dst is a *sanitize.WriteError, from the sanitiser or
// from the last flush.
func (k *task) sanitizeTo(dst io.Writer, src io.Reader) error {
	bw := bufio.NewWriterSize(dst, streamBuf)
	if err := k.sanitize(bw, src); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return &sanitize.WriteError{Err: err}
	}
	return nil
}

// stream sanitises an input too large to hold, straight into its
// destination: a temporary file for -w and -o, nothing for -check, and
// standard output through a heldWriter, which keeps the outputs in input
// order.
func (k *task) stream(src io.Reader) {
	r, w, j := k.r, k.w, k.r.job
	switch {
	case w.f.check:
		s := newSumWriter(io.Discard)
		if err := k.sanitizeTo(s, src); err != nil {
			k.fail(err)
			return
		}
		r.changed = k.differs(s)
	case w.f.write:
		k.streamFile(src, func(fill func(io.Writer) error) error {
			return w.rewrite(j, fill)
		}, true)
	case j.out != "":
		k.streamFile(src, func(fill func(io.Writer) error) error {
			return w.e.writeOutput(j.out, fill, j.mode)
		}, false)
	default:
		k.streamStdout(src)
	}
}

// streamFile sanitises into the writer write gives fill (a temporary file,
// or a device named by -o). With skipSame, an output equal to the input
// is not written.
func (k *task) streamFile(src io.Reader, write func(fill func(io.Writer) error) error, skipSame bool) {
	var sanErr error
	same := false
	err := write(func(f io.Writer) error {
		s := newSumWriter(f)
		if sanErr = k.sanitizeTo(s, src); sanErr != nil {
			return sanErr
		}
		same = !k.differs(s)
		if same && skipSame {
			return errUnchanged
		}
		return nil
	})
	var we *sanitize.WriteError
	switch {
	case sanErr != nil && !errors.As(sanErr, &we):
		k.fail(sanErr) // the input's fault, not the output's
		return
	case same && skipSame:
		return
	}
	k.r.changed = !same
	k.wrote(err)
}

// streamStdout sanitises to standard output, held up to holdBytes. A job
// that fails after its output went straight through says so: what is on
// standard output is incomplete.
func (k *task) streamStdout(src io.Reader) {
	h := &heldWriter{limit: holdBytes, turn: k.turn, dst: k.w.stdout}
	s := newSumWriter(h)
	err := k.sanitizeTo(s, src)
	var we *sanitize.WriteError
	switch {
	case err == nil:
		k.r.changed = k.differs(s)
		k.r.out = h.held()
	case errors.As(err, &we) && h.err != nil:
		k.r.writeErr = "standard output: " + ioMessage(h.err)
	default:
		k.fail(err)
		switch {
		case h.direct && k.r.notDone:
			k.r.notDone = false
			k.r.err = k.r.job.name() + ": stopped; standard output is incomplete"
		case h.direct:
			k.r.err += " (standard output is incomplete)"
		}
	}
}
