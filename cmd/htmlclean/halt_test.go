package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// dirtyBatch writes n files under dir/site that the default policy
// changes (an onclick goes), each of about size bytes, and returns their
// slash paths relative to dir.
func dirtyBatch(t *testing.T, dir string, n, size int) []string {
	t.Helper()
	var b strings.Builder
	for b.Len() < size {
		b.WriteString("<p onclick=\"x()\">A paragraph with <a href=\"https://example.com/\">a link</a></p>\n")
	}
	var names []string
	for i := range n {
		name := fmt.Sprintf("site/f%03d.html", i)
		writeFile(t, filepath.Join(dir, name), b.String())
		names = append(names, name)
	}
	return names
}

// mountFull mounts a tmpfs of pages 4 KiB pages at dir, filled but for
// room bytes of its first page, or skips t where mounting needs
// privileges the test lacks.
func mountFull(t *testing.T, dir string, pages, room int) {
	t.Helper()
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		t.Skip("a small tmpfs needs root on Linux")
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%dk", 4*pages), "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("mount tmpfs: %v: %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	if room < 0 {
		return
	}
	filler := make([]byte, 4096-room)
	if err := os.WriteFile(filepath.Join(dir, "filler"), filler, 0o644); err != nil {
		t.Fatal(err)
	}
}

// rewrittenLines are the diagnostics for files rewritten whose changes
// a failed report does not hold.
var rewrittenLine = regexp.MustCompile(`^htmlclean: (.*): rewritten, but its changes are not in the report$`)

// checkStopped checks a -w run that the report stopped: exit 1, the
// report's error said, a "stopped" summary, no temporary file; every
// file is either as it was or sanitised, and every sanitised one is in
// the report or said to be missing from it. It returns the files
// rewritten.
func checkStopped(t *testing.T, dir, report string, exit int, stderr string, before map[string]string, names []string) int {
	t.Helper()
	if exit != exitFail {
		t.Errorf("exit %d, want %d", exit, exitFail)
	}
	if !strings.Contains(stderr, "htmlclean: -report "+report+": no space left on device\n") {
		t.Errorf("stderr does not name the report and its error:\n%s", stderr)
	}
	if !regexp.MustCompile(`(?m)^htmlclean: stopped: \d+ of \d+ files done, `).MatchString(stderr) {
		t.Errorf("no summary of a stopped run:\n%s", stderr)
	}
	noTemps(t, dir)
	accounted := map[string]bool{}
	for _, line := range strings.Split(stderr, "\n") {
		if m := rewrittenLine.FindStringSubmatch(line); m != nil {
			accounted[m[1]] = true
		}
	}
	if fi, err := os.Stat(report); err == nil && fi.Mode().IsRegular() {
		data, _ := os.ReadFile(report)
		for line := range strings.SplitSeq(strings.TrimSuffix(string(data), "\n"), "\n") {
			var l struct{ File string }
			if line == "" {
				continue
			}
			if err := json.Unmarshal([]byte(line), &l); err != nil {
				t.Errorf("report line %q is not whole: %v", line, err)
			}
			accounted[l.File] = true
		}
	}
	after := snapshot(t, dir)
	rewritten := 0
	for _, name := range names {
		if after[name] == before[name] {
			continue
		}
		rewritten++
		if !accounted[filepath.Join(dir, name)] {
			t.Errorf("%s rewritten, but neither in the report nor said to be missing from it", name)
		}
	}
	if rewritten == len(names) {
		t.Errorf("all %d files rewritten: the run did not stop", rewritten)
	}
	return rewritten
}

// TestReportDeviceFull writes the report to /dev/full: the first write
// fails, the run stops, and with -j 1 only the one file rewritten before
// its report line failed is changed, and said to be.
func TestReportDeviceFull(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	for _, jobs := range []string{"1", "4"} {
		t.Run("j"+jobs, func(t *testing.T) {
			dir := t.TempDir()
			names := dirtyBatch(t, dir, 40, 1000)
			before := snapshot(t, dir)
			var stderr strings.Builder
			exit := run([]string{"-w", "-j", jobs, "-report", "/dev/full", filepath.Join(dir, "site")}, strings.NewReader(""), &strings.Builder{}, &stderr)
			n := checkStopped(t, dir, "/dev/full", exit, stderr.String(), before, names)
			if jobs == "1" && n != 1 {
				t.Errorf("%d files rewritten, want 1:\n%s", n, stderr.String())
			}
		})
	}
}

// TestReportDiskFull writes the report to a real file system with a few
// hundred bytes free: the report holds whole lines up to the failure,
// the run stops there, and every file rewritten is accounted for.
func TestReportDiskFull(t *testing.T) {
	mnt := t.TempDir()
	mountFull(t, mnt, 1, 600)
	dir := t.TempDir()
	names := dirtyBatch(t, dir, 40, 1000)
	before := snapshot(t, dir)
	report := filepath.Join(mnt, "report.jsonl")
	var stderr strings.Builder
	exit := run([]string{"-w", "-j", "2", "-report", report, filepath.Join(dir, "site")}, strings.NewReader(""), &strings.Builder{}, &stderr)
	if n := checkStopped(t, dir, report, exit, stderr.String(), before, names); n == 0 {
		t.Errorf("no file rewritten: the report should have had room for some")
	}
}

// TestRewriteDiskFull rewrites a batch on a full file system: the first
// failure stops the run rather than fail file after file, and every file
// keeps its content.
func TestRewriteDiskFull(t *testing.T) {
	mnt := t.TempDir()
	mountFull(t, mnt, 3, -1)
	names := dirtyBatch(t, mnt, 3, 1000) // a page each: no room for a new file's content
	before := snapshot(t, mnt)
	var stderr strings.Builder
	exit := run([]string{"-w", "-j", "1", filepath.Join(mnt, "site")}, strings.NewReader(""), &strings.Builder{}, &stderr)
	if exit != exitFail {
		t.Errorf("exit %d, want %d", exit, exitFail)
	}
	want := fmt.Sprintf("htmlclean: stopped: 1 of %d files done, 0 changed, 0 skipped, ", len(names))
	if got := stderr.String(); strings.Count(got, "no space left on device") != 1 || !strings.Contains(got, want) {
		t.Errorf("stderr:\n%s\nwant one full-disk error and %q", got, want)
	}
	noTemps(t, mnt)
	if after := snapshot(t, mnt); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("files changed on a full disk")
	}
}

// TestStdoutClosedPipe runs the command as a child whose standard output
// is a pipe the reader has closed: the write fails with EPIPE (not a
// SIGPIPE death), and the run stops and says so.
func TestStdoutClosedPipe(t *testing.T) {
	dir := t.TempDir()
	names := dirtyBatch(t, dir, 20, 1000)
	cmd := signalCommand(t, dir, "", "-j 1 site")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out.Close() // before the child writes: its first write meets a closed pipe
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != exitFail {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitFail, stderr.String())
	}
	want := fmt.Sprintf("htmlclean: standard output: broken pipe\nhtmlclean: stopped: 1 of %d files done, 1 changed, 0 skipped, ", len(names))
	if !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr:\n%s\nwant it to start %q", stderr.String(), want)
	}
}
