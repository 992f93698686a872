package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/internal/safefile"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// TestMain runs the command as a child process for the signal tests when
// HTMLCLEAN_SIGNAL_CHILD names a directory; otherwise it runs the tests.
func TestMain(m *testing.M) {
	if dir := os.Getenv("HTMLCLEAN_SIGNAL_CHILD"); dir != "" {
		os.Exit(signalChild(dir, strings.Fields(os.Getenv("HTMLCLEAN_SIGNAL_ARGS"))))
	}
	if report := os.Getenv(rssLaunchEnv); report != "" {
		os.Exit(rssLaunch(report, os.Args[1:]))
	}
	os.Exit(m.Run())
}

// signalChild runs the command in dir. With HTMLCLEAN_SIGNAL_HOOK set,
// the first write to a temporary file prints "writing" on stdout and then
// never returns, so that the parent's signal finds a temporary file half
// written, every time.
func signalChild(dir string, args []string) int {
	if err := os.Chdir(dir); err != nil {
		return 99
	}
	e := newEnv(os.Stdin, os.Stdout, os.Stderr)
	if os.Getenv("HTMLCLEAN_SIGNAL_HOOK") != "" {
		e.files.CreateTemp = func(d, pattern string) (safefile.File, error) {
			f, err := os.CreateTemp(d, pattern)
			return &stuckTemp{f}, err
		}
	}
	defer e.catchSignals()()
	return e.main(args)
}

// stuckTemp is a temporary file whose writer hangs after the first bytes.
type stuckTemp struct{ *os.File }

func (s *stuckTemp) Write(b []byte) (int, error) {
	s.File.Write(b[:len(b)/2])
	fmt.Println("writing")
	select {}
}

// signals are the signals the command cleans up after.
var signals = []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// TestSignalRemovesTemp sends each signal to a child running -w while it
// writes a temporary file, whose write never returns: the child gives up
// on it after stopGrace, exits with 128 + the signal's number, says how
// far the batch got, and leaves no temporary file, and every input keeps
// its content. The signals run in parallel: each waits out stopGrace.
func TestSignalRemovesTemp(t *testing.T) {
	for _, sig := range signals {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			dir := copyWork(t)
			before := snapshot(t, dir)
			cmd := signalCommand(t, dir, "HTMLCLEAN_SIGNAL_HOOK=1", "-w -j 1 site")
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			line, _ := bufio.NewReader(stdout).ReadString('\n')
			if line != "writing\n" {
				cmd.Process.Kill()
				t.Fatalf("child said %q, stderr:\n%s", line, stderr.String())
			}
			if temps := tempsIn(t, dir); len(temps) != 1 {
				t.Errorf("while writing: temporary files %v, want one", temps)
			}
			cmd.Process.Signal(sig)
			checkSignalled(t, cmd, sig, &stderr)
			noTemps(t, dir)
			// The child hangs writing the first changed file (index.html):
			// nothing may have changed.
			if diff := cmp.Diff(before, snapshot(t, dir)); diff != "" {
				t.Errorf("files changed (-before +after):\n%s", diff)
			}
		})
	}
}

// TestSignalLargeFile (HTMLCLEAN_LONG) sends each signal to a child
// rewriting a 15 MB file, as soon as its temporary file appears: no
// temporary file is left, and the file is either as it was or wholly
// sanitised, never partial.
func TestSignalLargeFile(t *testing.T) {
	if os.Getenv("HTMLCLEAN_LONG") == "" {
		t.Skip("a 15 MB file per signal: set HTMLCLEAN_LONG=1")
	}
	var b strings.Builder
	for b.Len() < 15<<20 {
		b.WriteString("<p onclick=\"x()\">A paragraph <a href=\"HTTP://Example.COM/a/../b\">link</a></p>\n")
	}
	orig := b.String()
	want, err := sanitize.String(orig, mustPreset(t, defaultPreset))
	if err != nil {
		t.Fatal(err)
	}
	for _, sig := range signals {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "big.html"), orig)
			cmd := signalCommand(t, dir, "", "-w big.html")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			for deadline := time.Now().Add(20 * time.Second); len(tempsIn(t, dir)) == 0 && time.Now().Before(deadline); {
				time.Sleep(time.Millisecond)
			}
			cmd.Process.Signal(sig)
			err := cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != 128+int(sig) && code != exitOK {
				t.Errorf("exit %d (%v), want %d or 0 (finished first); stderr:\n%s", code, err, 128+int(sig), stderr.String())
			}
			noTemps(t, dir)
			if got := readString(t, filepath.Join(dir, "big.html")); got != orig && got != want {
				t.Errorf("big.html is neither the original nor the sanitised file (%d bytes)", len(got))
			}
		})
	}
}

// signalCommand is the test binary run as a signalChild in dir.
func signalCommand(t *testing.T, dir, hook, args string) *exec.Cmd {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), "HTMLCLEAN_SIGNAL_CHILD="+dir, "HTMLCLEAN_SIGNAL_ARGS="+args, hook)
	return cmd
}

// checkSignalled waits for cmd and checks it exited with 128 + sig,
// printing on stderr only the summary of an interrupted batch, which
// says that the file in flight (stuck for ever) did not finish.
func checkSignalled(t *testing.T, cmd *exec.Cmd, sig syscall.Signal, stderr *strings.Builder) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the child did not exit after the signal")
	}
	if code := cmd.ProcessState.ExitCode(); code != 128+int(sig) {
		t.Errorf("exit %d, want %d", code, 128+int(sig))
	}
	const want = "htmlclean: interrupted: 1 of 5 files done, 0 changed, 1 skipped, 55 B, 0 errors (a file in flight did not finish)\n"
	if got := stderr.String(); got != want {
		t.Errorf("stderr after a signal:\n%s\nwant:\n%s", got, want)
	}
}

// tempsIn returns the temporary files of the command under dir.
func tempsIn(t *testing.T, dir string) []string {
	t.Helper()
	var temps []string
	for name := range snapshot(t, dir) {
		if safefile.IsTemp(filepath.Base(name)) {
			temps = append(temps, name)
		}
	}
	return temps
}

func mustPreset(t *testing.T, name string) *policy.Policy {
	t.Helper()
	p, err := policy.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSignalSummary signals a child rewriting a batch once its first file
// is rewritten: the child stops within the batch, exits with 128 + the
// signal's number, says "interrupted" and how many files it did, and
// every file is either as it was or wholly sanitised, with no temporary
// file left.
func TestSignalSummary(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			names := dirtyBatch(t, dir, 300, 64<<10)
			before := snapshot(t, dir)
			want, err := sanitize.String(before[names[0]], mustPreset(t, defaultPreset))
			if err != nil {
				t.Fatal(err)
			}
			cmd := signalCommand(t, dir, "", "-w -j 2 site")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			first := filepath.Join(dir, names[0])
			for deadline := time.Now().Add(20 * time.Second); readString(t, first) == before[names[0]] && time.Now().Before(deadline); {
				time.Sleep(time.Millisecond)
			}
			cmd.Process.Signal(sig)
			cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != 128+int(sig) {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, 128+int(sig), stderr.String())
			}
			m := regexp.MustCompile(`^htmlclean: interrupted: (\d+) of 300 files done, (\d+) changed, 0 skipped, [0-9.]+ [kMG]?B, 0 errors\n$`).FindStringSubmatch(stderr.String())
			if m == nil {
				t.Fatalf("stderr:\n%s\nwant one summary line of an interrupted batch", stderr.String())
			}
			noTemps(t, dir)
			after := snapshot(t, dir)
			changed := 0
			for _, name := range names {
				switch after[name] {
				case before[name]:
				case want:
					changed++
				default:
					t.Errorf("%s is neither as it was nor sanitised (%d bytes)", name, len(after[name]))
				}
			}
			if got := fmt.Sprint(changed); got != m[2] || m[1] != m[2] {
				t.Errorf("%d files rewritten; the summary says %s done, %s changed", changed, m[1], m[2])
			}
			if changed == 0 || changed == len(names) {
				t.Errorf("%d of %d files rewritten: the signal did not land mid-batch", changed, len(names))
			}
		})
	}
}
