package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// runWithTerminal runs the command with stderr taken for a terminal (or
// not) and a clock that advances step at every reading.
func runWithTerminal(t *testing.T, terminal bool, step time.Duration, args ...string) invocation {
	t.Helper()
	var stdout, stderr bytes.Buffer
	e := newEnv(strings.NewReader(""), &stdout, &stderr)
	e.terminal = terminal
	clock := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	e.now = func() time.Time { clock = clock.Add(step); return clock }
	exit := e.main(args)
	return invocation{exit, stdout.String(), stderr.String()}
}

// TestProgressTerminal checks the bar on a terminal against a golden
// file (the fake clock makes every frame predictable): a first frame,
// redraws with "\r", cleared before a diagnostic and before the summary.
func TestProgressTerminal(t *testing.T) {
	goldenDir()
	setupWork(t)
	got := runWithTerminal(t, true, 150*time.Millisecond, "-check", "bad", "site")
	// "\r" shown as a line break keeps the golden file readable.
	frames := strings.ReplaceAll(got.stderr, "\r", "⏎\n")
	golden(t, "progress-terminal", frames)
	if !strings.HasPrefix(got.stderr, "\r[") {
		t.Errorf("no progress bar on a terminal:\n%q", got.stderr)
	}
	// What stays on the screen once every "\r" has done its work is what
	// a pipe gets: the diagnostics and the summary, no remnant of a frame.
	pipe := runWithTerminal(t, false, 150*time.Millisecond, "-check", "bad", "site")
	if diff := cmp.Diff(strings.Split(pipe.stderr, "\n"), screen(got.stderr)); diff != "" {
		t.Errorf("screen after the run differs from the piped stderr (-pipe +terminal):\n%s", diff)
	}
	if got.stdout != pipe.stdout || got.exit != pipe.exit {
		t.Errorf("the terminal changed stdout or the exit status: %q %d, piped %q %d", got.stdout, got.exit, pipe.stdout, pipe.exit)
	}
}

// screen returns the lines a terminal shows after printing s: "\r" moves
// back to the start of the line, later characters overwrite earlier ones,
// trailing spaces are invisible.
func screen(s string) []string {
	var lines []string
	var line []rune
	col := 0
	for _, r := range s {
		switch r {
		case '\r':
			col = 0
		case '\n':
			lines = append(lines, strings.TrimRight(string(line), " "))
			line, col = line[:0], 0
		default:
			if col < len(line) {
				line[col] = r
			} else {
				line = append(line, r)
			}
			col++
		}
	}
	return append(lines, strings.TrimRight(string(line), " "))
}

// TestProgressRate checks that frames are drawn at most every 100 ms: a
// clock that advances 10 ms per reading draws only the first frame.
func TestProgressRate(t *testing.T) {
	setupWork(t)
	got := runWithTerminal(t, true, 10*time.Millisecond, "-o", "out", "site")
	if n := strings.Count(got.stderr, "files  "); n != 1 {
		t.Errorf("%d frames drawn in 60 ms, want 1:\n%q", n, got.stderr)
	}
}

// TestNoProgress checks that nothing of the bar appears when stderr is
// not a terminal (and that run, with a bytes.Buffer, sees none), nor for a
// single file on a terminal.
func TestNoProgress(t *testing.T) {
	tests := []struct {
		name     string
		terminal bool
		args     []string
		stderr   string
	}{
		{"pipe", false, []string{"-check", "site"}, "htmlclean: 5 files, 3 changed, 1 skipped, 664 B, 0 errors\n"},
		{"one-file", true, []string{"-check", "site/index.html"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			setupWork(t)
			got := runWithTerminal(t, tc.terminal, time.Second, tc.args...)
			if got.stderr != tc.stderr {
				t.Errorf("stderr = %q, want %q", got.stderr, tc.stderr)
			}
			viaRun := invoke(t, "", tc.args...)
			if strings.ContainsAny(viaRun.stderr, "\r[") {
				t.Errorf("run drew a progress bar into a buffer: %q", viaRun.stderr)
			}
		})
	}
}

func TestClock(t *testing.T) {
	tests := []struct {
		in   time.Duration
		want string
	}{
		{0, "0:00"},
		{1400 * time.Millisecond, "0:01"},
		{61 * time.Second, "1:01"},
		{time.Hour + 2*time.Minute + 3*time.Second, "1:02:03"},
	}
	for _, tc := range tests {
		if got := clock(tc.in); got != tc.want {
			t.Errorf("clock(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestHumanBytes(t *testing.T) {
	tests := []struct {
		in   int64
		want string
	}{
		{0, "0 B"},
		{999, "999 B"},
		{1000, "1.0 kB"},
		{1234567, "1.2 MB"},
		{999_949_999, "999.9 MB"},
		{999_950_000, "1.0 GB"},
		{5_000_000_000_000_000, "5000.0 TB"},
	}
	for _, tc := range tests {
		if got := humanBytes(tc.in); got != tc.want {
			t.Errorf("humanBytes(%d) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestIsTerminal checks the terminal test on what a run's stderr may be
// besides a terminal: a buffer, a file, a pipe.
func TestIsTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	tests := []struct {
		name string
		w    io.Writer
	}{
		{"buffer", &bytes.Buffer{}},
		{"file", f},
		{"pipe", w},
		{"null device", null},
	}
	for _, tc := range tests {
		if isTerminal(tc.w) {
			t.Errorf("isTerminal(%s) = true, want false", tc.name)
		}
	}
}

// failingTerminal is a terminal whose writes all fail after the first
// (a closed pseudo-terminal, say).
type failingTerminal struct{ writes int }

func (f *failingTerminal) Write(b []byte) (int, error) {
	if f.writes++; f.writes > 1 {
		return 0, syscall.EIO
	}
	return len(b), nil
}

// TestProgressOutputFails checks that a progress bar that cannot be
// drawn is given up, and the run goes on: every file is still written
// and the exit status is that of the files.
func TestProgressOutputFails(t *testing.T) {
	dir := t.TempDir()
	names := dirtyBatch(t, dir, 20, 1000)
	term := &failingTerminal{}
	e := newEnv(strings.NewReader(""), &bytes.Buffer{}, term)
	e.terminal = true
	clock := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	e.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	if exit := e.main([]string{"-w", "-j", "1", filepath.Join(dir, "site")}); exit != exitOK {
		t.Errorf("exit %d, want %d", exit, exitOK)
	}
	before := readString(t, filepath.Join(dir, names[0]))
	for _, name := range names {
		if got := readString(t, filepath.Join(dir, name)); got != before || strings.Contains(got, "onclick") {
			t.Errorf("%s not sanitised", name)
		}
	}
	if term.writes != 2+1 { // the first frame, the failed second, the summary (also failing)
		t.Errorf("%d writes to the terminal, want 3: the bar must stop after its first failure", term.writes)
	}
}
