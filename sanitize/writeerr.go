package sanitize

import "io"

// WriteError reports that the writer given to [Sanitize] or
// [SanitizeWith] failed: the output is incomplete, and Err is the
// writer's own error (a closed connection, a full disk). Without it the
// error would come out of whichever stage happened to write, as
// "policy: ...", and a caller could not tell its output from its input.
type WriteError struct {
	Err error
}

func (e *WriteError) Error() string { return "sanitize: writing output: " + e.Err.Error() }

// Unwrap returns the writer's error, for [errors.Is] (io.ErrClosedPipe,
// syscall.EPIPE).
func (e *WriteError) Unwrap() error { return e.Err }

// outWriter remembers the first error of the caller's writer. It is
// written on the caller's goroutine only: by the policy stage for a
// document in memory, by the handoff's drain for a stream. It keeps
// WriteString, which bluemonday uses to avoid a copy per token when the
// writer has it.
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(b []byte) (int, error) {
	n, err := o.w.Write(b)
	return n, o.note(n, len(b), err)
}

func (o *outWriter) WriteString(s string) (int, error) {
	n, err := io.WriteString(o.w, s)
	return n, o.note(n, len(s), err)
}

// note keeps the first error of a write of want bytes that wrote n: a
// writer that writes less without saying why has lost output all the
// same, and io.Writer's contract calls that io.ErrShortWrite.
func (o *outWriter) note(n, want int, err error) error {
	if err == nil && n < want {
		err = io.ErrShortWrite
	}
	if err != nil && o.err == nil {
		o.err = err
	}
	return err
}

// result is the error of a run that wrote through o: a failed write wins
// over whatever a stage made of it, and over a nil error from a stage
// that ignored it (bluemonday does not check the write of a comment).
func (o *outWriter) result(err error) error {
	if o.err != nil {
		return &WriteError{Err: o.err}
	}
	return err
}
