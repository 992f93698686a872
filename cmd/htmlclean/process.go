package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
	"github.com/htmlclean/htmlclean/svgfile"
)

// The sizes that bound a job's memory. An input up to memLimit is read
// whole, sanitised into a buffer, and then written or not, all or
// nothing, as before streaming; a larger one, or one whose size is not
// known (standard input), streams through the sanitiser. memLimit is the
// sanitiser's own threshold between the two ways (sanitize.smallInput).
const (
	memLimit     = 256 << 10
	holdBytes    = 1 << 20  // output a job holds for stdout or the report before waiting for its turn
	maxDiffBytes = 16 << 20 // the largest input -diff holds, with its output, to diff them
)

// result is what processing one job produced, handed to the collector in
// input order.
type result struct {
	job      *job
	size     int64  // bytes read
	changed  bool   // the sanitised output differs from the input
	out      []byte // the sanitised HTML held for stdout
	diff     []byte // the unified diff, for -diff
	report   []byte // the -report lines held
	err      string // the diagnostic, if the job failed
	writeErr string // an error writing stdout or the report from the job, printed once

	notDone   bool // the run stopped before the job was done: nothing was written
	wrote     bool // a file was written (-o) or rewritten (-w)
	repFailed bool // the job's report lines went straight to the report, and failed
}

// worker holds what processing a job needs: the flags, the shared,
// immutable policy, and the shared outputs that a job writes when it is
// its turn. Its process method runs on many goroutines at once.
type worker struct {
	e      *env
	f      *cleanFlags
	p      *policy.Policy
	stdout io.Writer // standard output, clearing the progress bar first
	report io.Writer // the -report destination; nil without -report
}

// task is one job being processed.
type task struct {
	w    *worker
	r    *result
	turn *turn
	in   *textReader
	rep  *heldWriter   // the job's -report lines; nil without -report
	enc  *json.Encoder // encodes into rep
}

// process reads, checks, sanitises and writes one job. An output file is
// never left partial: it is written to a temporary file and renamed into
// place only when the job succeeds (see safefile.Writer.WriteFile). Standard output is
// held up to holdBytes, so a job that fails before that leaves nothing
// there either.
func (w *worker) process(j *job, t *turn) result {
	r := result{job: j}
	switch {
	case j.err != "":
		r.err = j.err
		return r
	case w.e.halt.stopped():
		r.notDone = true
		return r
	}
	f, err := w.open(j)
	if err != nil {
		r.err = j.name() + ": " + ioMessage(err)
		return r
	}
	defer f.Close()
	k := &task{w: w, r: &r, turn: t, in: newTextReader(stopReader{f, w.e.halt})}
	if w.report != nil {
		k.rep = &heldWriter{limit: holdBytes, turn: t, dst: w.report}
		k.enc = json.NewEncoder(k.rep)
		k.enc.SetEscapeHTML(false) // keep "<a href=…>" readable in before/after
	}
	k.run()
	r.size = k.in.read
	k.endReport()
	return r
}

// open opens a job's input. A regular file over the policy's
// max_input_bytes is refused before it is read; standard input, and a
// file that grows, are stopped by the sanitiser at the limit.
func (w *worker) open(j *job) (io.ReadCloser, error) {
	if j.path == "-" {
		return io.NopCloser(w.e.stdin), nil
	}
	f, err := os.Open(j.path)
	if err != nil {
		return nil, err
	}
	limit := w.p.Limits().MaxInputBytes
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && limit > 0 && fi.Size() > limit {
		f.Close()
		return nil, fmt.Errorf("input exceeds max_input_bytes (%d)", limit)
	}
	return f, nil
}

// run chooses between memory and streaming by what the input turns out
// to hold, not by its size on disk, which may change and which standard
// input does not have.
func (k *task) run() {
	if k.w.f.diff {
		k.diff()
		return
	}
	// Sized from the walk, so that a small file is read without growing
	// the buffer (ReadFrom wants MinRead bytes free before each read).
	buf := bytes.NewBuffer(make([]byte, 0, min(max(k.r.job.size, 0), memLimit)+1+bytes.MinRead))
	_, err := buf.ReadFrom(io.LimitReader(k.in, memLimit+1))
	switch {
	case err != nil:
		k.fail(err)
	case buf.Len() <= memLimit:
		k.inMemory(buf.Bytes())
	default:
		k.stream(io.MultiReader(bytes.NewReader(buf.Bytes()), k.in))
	}
}

// sanitize runs the sanitiser from src to dst, encoding the changes for
// -report.
func (k *task) sanitize(dst io.Writer, src io.Reader) error {
	var collect func(sanitize.Change)
	if k.enc != nil {
		path := k.r.job.path
		collect = func(c sanitize.Change) {
			k.enc.Encode(reportLine{File: path, Change: c}) // an error stays in k.rep
		}
	}
	if k.w.f.svg {
		return svgfile.CleanWith(dst, src, k.w.p, sanitize.Options{Report: collect})
	}
	return sanitize.SanitizeWith(dst, src, k.w.p, sanitize.Options{Report: collect})
}

// inMemory sanitises an input held whole, then writes the output, or not.
func (k *task) inMemory(in []byte) {
	var out bytes.Buffer
	out.Grow(len(in))
	if err := k.sanitize(&out, bytes.NewReader(in)); err != nil {
		k.fail(err)
		return
	}
	r, w, j := k.r, k.w, k.r.job
	r.changed = !bytes.Equal(in, out.Bytes())
	fill := fillBytes(out.Bytes())
	var err error
	switch {
	case w.f.check:
		return
	case w.f.write:
		if !r.changed {
			return
		}
		err = w.rewrite(j, fill)
	case j.out != "":
		err = w.e.writeOutput(j.out, fill, j.mode)
	default:
		r.out = out.Bytes()
		return
	}
	k.wrote(err)
}

// wrote records the outcome of writing the job's output file. A run that
// stopped meanwhile left the file as it was; a full disk stops the run,
// since every file after would fail the same way.
func (k *task) wrote(err error) {
	switch {
	case err == nil:
		k.r.wrote = true
	case errors.Is(err, errStopped):
		k.r.notDone = true
	default:
		k.r.err = err.Error() // it names the file written
		if fatalOutput(err) {
			k.w.e.halt.stop(0)
		}
	}
}

// fail sets the diagnostic for an error of reading or sanitising.
func (k *task) fail(err error) {
	if errors.Is(err, errStopped) {
		k.r.notDone = true
		return
	}
	name := k.r.job.name()
	var te *textError
	var pe *fs.PathError
	switch {
	case errors.As(err, &te):
		k.r.err = name + te.suffix()
	case errors.As(err, &pe):
		k.r.err = name + ": " + ioMessage(err)
	default:
		k.r.err = sanitizeMessage(name, err)
	}
}

// endReport hands the held report lines to the collector, or drops them
// if the job failed: nothing was written, and a report would mislead.
// Lines already written straight to the report stay, as the output does.
func (k *task) endReport() {
	if k.rep == nil {
		return
	}
	if k.rep.err != nil {
		k.r.repFailed = true
		if k.r.writeErr == "" {
			k.r.writeErr = "-report " + k.w.f.report + ": " + ioMessage(k.rep.err)
		}
	}
	if k.r.err == "" {
		k.r.report = k.rep.held()
	}
}

// diff holds the input and its output to diff them, up to maxDiffBytes:
// the diff needs both texts, and a larger file is refused rather than
// held (-check still lists it).
func (k *task) diff() {
	in, err := io.ReadAll(io.LimitReader(k.in, maxDiffBytes+1))
	if err != nil {
		k.fail(err)
		return
	}
	r, j := k.r, k.r.job
	if len(in) > maxDiffBytes {
		r.err = fmt.Sprintf("%s: too large to diff (over %d MiB); -check lists it without the diff", j.name(), maxDiffBytes>>20)
		return
	}
	var out bytes.Buffer
	out.Grow(len(in))
	if err := k.sanitize(&out, bytes.NewReader(in)); err != nil {
		k.fail(err)
		return
	}
	r.changed = !bytes.Equal(in, out.Bytes())
	if r.changed {
		r.diff = unifiedDiff(j.name(), j.name()+" (sanitised)", in, out.Bytes())
	}
}

// sanitizeMessage is the diagnostic for a sanitiser error: a limit error
// gets the position as a compiler would print it.
func sanitizeMessage(path string, err error) string {
	var le *sanitize.LimitError
	if errors.As(err, &le) {
		return fmt.Sprintf("%s:%d:%d: input exceeds %s (%d)", path, le.Line, le.Column, le.Limit, le.Value)
	}
	return fmt.Sprintf("%s: %s", path, clip(strings.TrimPrefix(err.Error(), "sanitize: ")))
}
