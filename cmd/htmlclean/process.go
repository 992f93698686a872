package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// binaryPrefix is how much of a file is searched for a NUL byte, the sign
// of a binary file (git and grep use the same test on their first
// 8,000 bytes): HTML never contains NUL.
const binaryPrefix = 8 << 10

// result is what processing one job produced, handed to the collector in
// input order.
type result struct {
	job     *job
	size    int64             // bytes read
	changed bool              // the sanitised output differs from the input
	out     []byte            // the sanitised HTML, when it goes to stdout
	diff    []byte            // the unified diff, for -diff
	changes []sanitize.Change // for -report
	err     string            // the diagnostic, if the job failed
}

// worker holds what processing a job needs: the flags and the shared,
// immutable policy. Its process method runs on many goroutines at once.
type worker struct {
	e      *env
	f      *cleanFlags
	p      *policy.Policy
	report bool
}

// process reads, checks, sanitises and writes one job. It never leaves a
// partial output: everything happens in memory until the write, which is
// atomic.
func (w *worker) process(j *job) result {
	r := result{job: j}
	if j.err != "" {
		r.err = j.err
		return r
	}
	in, err := w.read(j)
	r.size = int64(len(in))
	if err != nil {
		r.err = j.name() + ": " + ioMessage(err)
		return r
	}
	if msg := checkText(in); msg != "" {
		r.err = j.name() + msg
		return r
	}
	var out bytes.Buffer
	out.Grow(len(in))
	var collect func(sanitize.Change)
	if w.report {
		collect = func(c sanitize.Change) { r.changes = append(r.changes, c) }
	}
	if err := sanitize.SanitizeReport(&out, bytes.NewReader(in), w.p, collect); err != nil {
		r.err = sanitizeMessage(j.name(), err)
		r.changes = nil // nothing was written: a report would mislead
		return r
	}
	r.changed = !bytes.Equal(in, out.Bytes())
	switch {
	case w.f.check || w.f.diff:
		if w.f.diff && r.changed {
			r.diff = unifiedDiff(j.name(), j.name()+" (sanitised)", in, out.Bytes())
		}
	case w.f.write:
		if r.changed {
			err = w.e.writeAtomic(j.replace, func(w io.Writer) error { _, err := w.Write(out.Bytes()); return err }, j.mode, true)
		}
	case j.out != "":
		err = w.e.writeOutput(j.out, func(w io.Writer) error { _, err := w.Write(out.Bytes()); return err }, j.mode)
	default:
		r.out = out.Bytes()
	}
	if err != nil {
		r.err = j.name() + ": " + err.Error()
	}
	return r
}

// read returns the whole input, or an error for an input larger than
// the policy's max_input_bytes: the sanitiser would refuse it anyway, and
// reading no more than the limit bounds the memory of a run.
func (w *worker) read(j *job) ([]byte, error) {
	r := w.e.stdin
	if j.path != "-" {
		f, err := os.Open(j.path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	limit := w.p.Limits().MaxInputBytes
	if limit <= 0 {
		return io.ReadAll(r)
	}
	in, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err == nil && int64(len(in)) > limit {
		err = fmt.Errorf("input exceeds max_input_bytes (%d)", limit)
	}
	return in, err
}

// checkText returns a diagnostic suffix (": binary file",
// ":3:14: invalid UTF-8") if in is not UTF-8 text, or "". The sanitiser
// would turn such bytes into U+FFFD, losing the text silently; refusing
// the file keeps it intact for the user to convert.
func checkText(in []byte) string {
	if bytes.IndexByte(in[:min(len(in), binaryPrefix)], 0) >= 0 {
		return ": binary file"
	}
	if utf8.Valid(in) {
		return ""
	}
	line, col := 1, 1
	for i := 0; i < len(in); {
		r, n := utf8.DecodeRune(in[i:])
		if r == utf8.RuneError && n == 1 {
			return fmt.Sprintf(":%d:%d: invalid UTF-8", line, col)
		}
		if in[i] == '\n' {
			line, col = line+1, 1
		} else {
			col += n
		}
		i += n
	}
	return ""
}

// sanitizeMessage is the diagnostic for a sanitiser error: a limit error
// gets the position as a compiler would print it.
func sanitizeMessage(path string, err error) string {
	var le *sanitize.LimitError
	if errors.As(err, &le) {
		return fmt.Sprintf("%s:%d:%d: input exceeds %s (%d)", path, le.Line, le.Column, le.Limit, le.Value)
	}
	return fmt.Sprintf("%s: %s", path, strings.TrimPrefix(err.Error(), "sanitize: "))
}
