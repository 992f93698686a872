package main

import (
	"encoding/json"
	"fmt"

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
// counts and the progress bar. Only one goroutine calls it.
type collector struct {
	e        *env
	f        *cleanFlags
	st       stats
	bar      *progress // nil unless stderr is a terminal
	report   *json.Encoder
	writeErr string          // the first error writing stdout or the report
	said     map[string]bool // diagnostics printed: one about a directory is said once
}

// runBatch processes a plan and prints the summary; it returns the exit
// status.
func (e *env) runBatch(f *cleanFlags, p *policy.Policy, pl *plan) int {
	c := &collector{e: e, f: f, st: stats{skipped: pl.skipped}, said: map[string]bool{}}
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
		c.report = json.NewEncoder(w)
		c.report.SetEscapeHTML(false) // keep "<a href=…>" readable in before/after
		closeReport = closeFn
	}
	if e.terminal && pl.files > 1 {
		c.bar = newProgress(e.stderr, e.now, pl.files, pl.bytes)
	}
	w := &worker{e: e, f: f, p: p, report: f.report != ""}
	each(pl.jobs, f.jobs, w.process, c.collect)
	c.keep(closeReport(), "-report "+f.report)
	c.bar.clear()
	if c.writeErr != "" {
		e.errorf("%s", c.writeErr)
	}
	st := c.st
	if pl.batch {
		e.errorf("%s, %d changed, %d skipped, %s, %s",
			plural(st.files, "file"), st.changed, st.skipped, humanBytes(st.bytes), plural(st.errors, "error"))
	}
	if st.errors > 0 || c.writeErr != "" || (f.check && st.changed > 0) {
		return exitFail
	}
	return exitOK
}

// each runs fn over the jobs on n goroutines and calls collect with the
// results in job order. At most about 3n results wait for their turn, so
// memory stays bounded however many files there are.
func each(jobs []job, n int, fn func(*job) result, collect func(result)) {
	if n == 1 || len(jobs) == 1 {
		for i := range jobs {
			collect(fn(&jobs[i]))
		}
		return
	}
	type task struct {
		j    *job
		done chan result
	}
	order := make(chan chan result, 2*n) // results, in job order
	work := make(chan task, n)
	for range n {
		go func() {
			for t := range work {
				t.done <- fn(t.j) // buffered: never blocks
			}
		}()
	}
	go func() {
		for i := range jobs {
			done := make(chan result, 1)
			order <- done
			work <- task{&jobs[i], done}
		}
		close(order)
		close(work)
	}()
	for done := range order {
		collect(<-done)
	}
}

// collect handles one result.
func (c *collector) collect(r result) {
	if r.job.err == "" {
		c.st.files++
	}
	c.st.bytes += r.size
	defer func() { c.bar.update(r.job.size) }()
	if r.err != "" {
		c.st.errors++
		if !c.said[r.err] {
			c.said[r.err] = true
			c.bar.clear()
			c.e.errorf("%s", r.err)
		}
		return
	}
	if r.changed {
		c.st.changed++
	}
	for _, ch := range r.changes {
		c.keep(c.report.Encode(reportLine{File: r.job.path, Change: ch}), "-report "+c.f.report)
	}
	if c.f.check && r.changed && c.f.report != "-" {
		c.write([]byte(r.job.name() + "\n"))
	}
	c.write(r.diff)
	c.write(r.out)
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

// keep remembers the first write error; it is printed once, at the end.
func (c *collector) keep(err error, what string) {
	if err != nil && c.writeErr == "" {
		c.writeErr = what + ": " + ioMessage(err)
	}
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
