package main

import (
	"bufio"
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// startStuck starts a child running -o out -j 1 site in dir whose first
// write to a temporary file never returns, and waits until it writes.
func startStuck(t *testing.T, dir string) *exec.Cmd {
	t.Helper()
	cmd := signalCommand(t, dir, "HTMLCLEAN_SIGNAL_HOOK=1", "-o out -j 1 site")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, _ := bufio.NewReader(stdout).ReadString('\n'); line != "writing\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("child said %q", line)
	}
	return cmd
}

// TestMirrorAfterKill: a run of -o DIR killed with SIGKILL, which no
// handler sees, leaves its temporary file in the output directory; the
// next run into that directory removes it and says so, as -w does among
// its inputs, while the temporary file of a run still at work there is
// left alone.
func TestMirrorAfterKill(t *testing.T) {
	dir := copyWork(t)
	again := func() string {
		var stdout, stderr bytes.Buffer
		run([]string{"-o", filepath.Join(dir, "out"), "-j", "1", filepath.Join(dir, "site")}, strings.NewReader(""), &stdout, &stderr)
		return stderr.String()
	}

	live := startStuck(t, dir)
	if temps := tempsIn(t, filepath.Join(dir, "out")); len(temps) != 1 {
		t.Fatalf("while writing: temporary files %v, want one", temps)
	}
	if msg := again(); strings.Contains(msg, "removed a temporary file") {
		t.Errorf("a live run's temporary file was removed: %s", msg)
	}
	if temps := tempsIn(t, filepath.Join(dir, "out")); len(temps) != 1 {
		t.Errorf("with a run at work: temporary files %v, want its one", temps)
	}

	live.Process.Kill() // SIGKILL: nothing cleans up
	live.Wait()
	if temps := tempsIn(t, filepath.Join(dir, "out")); len(temps) != 1 {
		t.Fatalf("after SIGKILL: temporary files %v, want the one it left", temps)
	}
	if msg := again(); strings.Count(msg, "removed a temporary file left by an interrupted run") != 1 {
		t.Errorf("the next run did not say it removed the temporary file:\n%s", msg)
	}
	noTemps(t, dir)
}
