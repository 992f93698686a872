package main

import (
	"fmt"
	"io"
	"sync"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// stats are the counts of the summary line.
type stats struct {
	files   int   // input files, including those that failed
	changed int   // files whose sanitised content differs
	skipped int   // directory entries that are not *.html or *.htm files
	bytes   int64 // bytes read
	errors  int   // files and paths that failed
	// unreported are files written or rewritten whose changes a failed
	// report does not hold.
	unreported int
}

// reportLine is one line of -report: the file, then the sanitiser's
// Change fields (line, column, element, attribute, action, reason, before,
// after).
type reportLine struct {
	File string `json:"file"`
	sanitize.Change
}

// collector receives the results in input order and does everything that
// must happen in order: diagnostics, standard output, the report, the
// counts and the progress bar. Only one goroutine calls it, and a job
// writes to standard output or the report only in its turn, while the
// collector waits for it.
type collector struct {
	e        *env
	f        *cleanFlags
	mu       sync.Mutex // guards st, which a signal may read (see halt.summary)
	st       stats
	total    int             // the files of the plan
	bar      *progress       // nil unless stderr is a terminal
	report   io.Writer       // nil without -report
	writeErr string          // the first error writing stdout or the report
	said     map[string]bool // diagnostics printed: one about a directory is said once
}

// memBudget bounds the bytes the jobs of a run hold at once (see budget):
// 64 jobs on small files, or 32 streaming large ones to standard output,
// or one -diff of a large file. Go's collector may let the heap reach
// twice what is live, so the run stays within a few hundred megabytes
// whatever -j and the file sizes are.
const memBudget = 64 << 20

// runBatch processes a plan and prints the summary; it returns the exit
// status.
func (e *env) runBatch(f *cleanFlags, p *policy.Policy, pl *plan) int {
	c := &collector{e: e, f: f, st: stats{skipped: pl.skipped}, total: pl.files, said: map[string]bool{}}
	closeReport := func() error { return nil }
	if f.report != "" {
		w, closeFn, err := e.openReport(f.report)
		if err != nil {
			e.errorf("-report %s: %s", f.report, ioMessage(err))
			return exitFail
		}
		if f.report == "-" {
			w = barSafe{c}
		}
		c.report = w
		closeReport = closeFn
	}
	if e.terminal && pl.files > 1 {
		c.bar = newProgress(e.stderr, e.now, pl.files, pl.bytes)
	}
	w := &worker{e: e, f: f, p: p, stdout: barSafe{c}, report: c.report}
	e.halt.setSummary(c.summary)
	each(pl.jobs, f.jobs, newBudget(memBudget), w.cost, w.process, c.collect)
	e.halt.setSummary(nil)
	c.keep(closeReport(), "-report "+f.report)
	c.bar.clear()
	sig := e.halt.signal()
	if pl.batch {
		e.errorf("%s", c.summary())
	}
	switch st := c.st; {
	case sig != 0:
		return 128 + int(sig)
	case st.errors > 0 || c.writeErr != "" || e.halt.stopped() || (f.check && st.changed > 0):
		return exitFail
	}
	return exitOK
}

// summary is the batch's last line: the counts, and how far a stopped
// batch got:
//
//	12 files, 3 changed, 0 skipped, 1.2 MB, 0 errors
//	interrupted: 5 of 12 files done, 1 changed, 0 skipped, 0.4 MB, 0 errors
//	stopped: 5 of 12 files done, 1 changed, 0 skipped, 0.4 MB, 1 error, 2 not in the report
func (c *collector) summary() string {
	c.mu.Lock()
	st := c.st
	c.mu.Unlock()
	rest := fmt.Sprintf("%d changed, %d skipped, %s, %s",
		st.changed, st.skipped, humanBytes(st.bytes), plural(st.errors, "error"))
	if st.unreported > 0 {
		rest += fmt.Sprintf(", %d not in the report", st.unreported)
	}
	if !c.e.halt.stopped() {
		return plural(st.files, "file") + ", " + rest
	}
	how := "stopped"
	if c.e.halt.signal() != 0 {
		how = "interrupted"
	}
	return fmt.Sprintf("%s: %d of %s done, %s", how, st.files, plural(c.total, "file"), rest)
}

// cost estimates the bytes a job holds, for the budget, from the flags
// and the size the walk found: about a megabyte for the sanitiser's
// buffers, or for a small file and its output held whole; holdBytes for
// each shared output a large file may hold before its turn; both texts
// and their lines for -diff.
func (w *worker) cost(j *job) int64 {
	const base = 1 << 20
	large := j.path == "-" || j.size > memLimit
	c := int64(base)
	switch {
	case w.f.diff:
		size := j.size
		if j.path == "-" {
			size = maxDiffBytes
		}
		c += 6 * min(size, maxDiffBytes)
	case large && !w.f.check && !w.f.write && j.out == "":
		c += holdBytes
	}
	if w.report != nil && large {
		c += holdBytes
	}
	return c
}

// each runs fn over the jobs on n goroutines and calls collect with the
// results in job order. A job takes its cost from b before it starts and
// gives it back once collected, so the results waiting for their turn
// count too; and at most about 3n of them wait, so memory stays bounded
// however many files there are. Each job's turn opens when collect has
// had every result before it.
func each(jobs []job, n int, b *budget, cost func(*job) int64, fn func(*job, *turn) result, collect func(result)) {
	if n == 1 || len(jobs) == 1 {
		for i := range jobs {
			collect(fn(&jobs[i], openTurn()))
		}
		return
	}
	type task struct {
		j    *job
		t    *turn
		took int64 // from b
		done chan result
	}
	order := make(chan task, 2*n) // in job order
	work := make(chan task, n)
	for range n {
		go func() {
			for t := range work {
				t.done <- fn(t.j, t.t) // buffered: never blocks
			}
		}()
	}
	go func() {
		for i := range jobs {
			j := &jobs[i]
			t := task{j, &turn{ch: make(chan struct{})}, b.take(cost(j)), make(chan result, 1)}
			order <- t
			work <- t
		}
		close(order)
		close(work)
	}()
	for t := range order {
		t.t.open()
		collect(<-t.done)
		b.give(t.took)
	}
}

// collect handles one result. Once an output has failed, the results
// still due are counted, and nothing more is written.
func (c *collector) collect(r result) {
	c.count(r)
	defer func() { c.bar.update(r.job.size) }()
	if r.writeErr != "" {
		c.fail(r.writeErr)
	}
	switch {
	case r.notDone:
		return
	case r.err != "":
		if !c.said[r.err] {
			c.said[r.err] = true
			c.bar.clear()
			c.e.errorf("%s", r.err)
		}
		return
	}
	reported := !r.repFailed
	if len(r.report) > 0 {
		reported = false
		if c.writeErr == "" {
			_, err := c.report.Write(r.report)
			c.keep(err, "-report "+c.f.report)
			reported = err == nil
		}
	}
	if r.wrote && r.changed && c.report != nil && !reported {
		c.unreported(r.job)
	}
	if c.writeErr != "" {
		return
	}
	if c.f.check && r.changed && c.f.report != "-" {
		c.write([]byte(r.job.name() + "\n"))
	}
	c.write(r.diff)
	c.write(r.out)
}

// count adds a result to the counts.
func (c *collector) count(r result) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if r.notDone {
		return
	}
	if r.job.err == "" {
		c.st.files++
	}
	c.st.bytes += r.size
	switch {
	case r.err != "":
		c.st.errors++
	case r.changed:
		c.st.changed++
	}
}

// unreported says that a file was written whose changes are not in the
// report, which failed: the report no longer accounts for every file the
// run changed.
func (c *collector) unreported(j *job) {
	c.mu.Lock()
	c.st.unreported++
	c.mu.Unlock()
	verb := "written"
	if c.f.write {
		verb = "rewritten"
	}
	c.bar.clear()
	c.e.errorf("%s: %s, but its changes are not in the report", j.name(), verb)
}

// write writes to stdout, remembering the first error.
func (c *collector) write(b []byte) {
	if len(b) > 0 {
		c.bar.clear() // stdout may be the same terminal
		_, err := c.e.stdout.Write(b)
		c.keep(err, "standard output")
	}
}

// barSafe writes to stdout, clearing the progress bar first.
type barSafe struct{ c *collector }

func (w barSafe) Write(b []byte) (int, error) {
	w.c.bar.clear()
	return w.c.e.stdout.Write(b)
}

// keep stops the run on the first error writing an output it depends on
// (see fail).
func (c *collector) keep(err error, what string) {
	if err != nil {
		c.fail(what + ": " + ioMessage(err))
	}
}

// fail stops the run, on the first error writing the report or standard
// output: no job starts and no file is put in place after it, since the
// report or output would no longer account for them. The error is said
// at once, once.
func (c *collector) fail(msg string) {
	if c.writeErr != "" {
		return
	}
	c.writeErr = msg
	c.e.halt.stop(0)
	c.bar.clear()
	c.e.errorf("%s", msg)
}

// plural returns "1 file", "2 files".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// humanBytes formats a size in SI units, as "ls -h --si" and most
// progress bars do: "999 B", "1.2 kB", "3.4 MB".
func humanBytes(n int64) string {
	if n < 1000 {
		return fmt.Sprintf("%d B", n)
	}
	v := float64(n)
	for _, unit := range []string{"kB", "MB", "GB", "TB"} {
		v /= 1000
		if v < 999.95 || unit == "TB" {
			return fmt.Sprintf("%.1f %s", v, unit)
		}
	}
	panic("unreachable")
}
