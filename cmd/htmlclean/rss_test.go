//go:build unix

package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// The peak resident memory a run may reach, the bound that streaming
// keeps: reading inputs whole, 300 MB from stdin took 1.27 GB and -j 64
// over 61 files of 13.6 MB took 3.4 GB.
const (
	maxRSSStdin = 100 << 20
	maxRSSBatch = 300 << 20
)

// TestPeakRSS builds the command, runs it on large inputs made of the
// bench pages, and checks the child's peak RSS (getrusage's ru_maxrss,
// which Linux gives in KiB) and its output. Each child is started by a
// fresh copy of this test binary (rssLaunch), not by the test process. It writes about 1.1 GB of
// temporary files and takes a minute or two: it runs with HTMLCLEAN_LONG=1,
// as CI sets.
func TestPeakRSS(t *testing.T) {
	if os.Getenv("HTMLCLEAN_LONG") == "" {
		t.Skip("writes 1.1 GB and runs for minutes: set HTMLCLEAN_LONG=1")
	}
	if runtime.GOOS != "linux" {
		t.Skip("ru_maxrss is in KiB on Linux only")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "htmlclean")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	policyFile := filepath.Join(dir, "big.yaml")
	writeFile(t, policyFile, "extends: ugc\nlimits:\n  max_input_bytes: 400000000\n")
	pages := benchPagesText(t)

	t.Run("stdin-300MB", func(t *testing.T) {
		in := filepath.Join(dir, "big.html")
		writeRepeated(t, in, pages, 300_000_000)
		f, err := os.Open(in)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		n, _, rss := runChild(t, f, bin, "-policy", policyFile)
		t.Logf("stdin to stdout, 300 MB: %d bytes out, peak RSS %.1f MB", n, float64(rss)/1e6)
		if n == 0 || rss > maxRSSStdin {
			t.Errorf("%d bytes out, peak RSS %d bytes, want output and under %d", n, rss, maxRSSStdin)
		}
	})

	t.Run("j64-61-files-13.6MB", func(t *testing.T) {
		const files, size = 61, 13_600_000
		body := repeatTo(pages, size)
		want := mustSanitize(t, body)
		// A closed paragraph before the body changes nothing after it;
		// checked here once, so every file's output is known without
		// sanitising 61 of them.
		prefix := func(i int) string { return fmt.Sprintf("<p>file %02d</p>\n", i) }
		if got := mustSanitize(t, prefix(0)+body); got != prefix(0)+want {
			t.Fatal("a paragraph before the body changes the body's output: the expected output is unknown")
		}
		tree := filepath.Join(dir, "tree")
		wantSum := sha256.New()
		for i := range files {
			writeFile(t, filepath.Join(tree, fmt.Sprintf("f%02d.html", i)), prefix(i)+body)
			io.WriteString(wantSum, prefix(i)+want)
		}
		n, sum, rss := runChild(t, nil, bin, "-j", "64", "-policy", policyFile, tree)
		t.Logf("-j 64 to stdout, %d files of %d bytes: %d bytes out, peak RSS %.1f MB", files, size, n, float64(rss)/1e6)
		if !bytes.Equal(sum, wantSum.Sum(nil)) {
			t.Errorf("-j 64: the output is not every file's, in order (%d bytes)", n)
		}
		if rss > maxRSSBatch {
			t.Errorf("-j 64: peak RSS %d bytes, want under %d", rss, maxRSSBatch)
		}
	})
}

// benchPagesText returns the module's bench pages, concatenated.
func benchPagesText(t *testing.T) string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(benchPages, "*.html"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no bench pages: %v", err)
	}
	var b strings.Builder
	for _, name := range names {
		b.WriteString(readString(t, name))
	}
	return b.String()
}

// repeatTo returns s repeated to at least n bytes.
func repeatTo(s string, n int) string {
	return strings.Repeat(s, (n+len(s)-1)/len(s))
}

// writeRepeated writes s repeated to at least n bytes, without holding
// them.
func writeRepeated(t *testing.T, path, s string, n int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for written := 0; written < n; written += len(s) {
		if _, err := io.WriteString(f, s); err != nil {
			t.Fatal(err)
		}
	}
}

// rssLaunchEnv names the file a launcher (rssLaunch) writes its child's
// peak RSS to.
const rssLaunchEnv = "HTMLCLEAN_RSS_LAUNCH"

// rssLaunch runs args (a binary and its arguments) with this process's
// standard streams and writes the child's ru_maxrss and this process's
// own peak (VmHWM, both in KiB) to report. Go starts a child with vfork,
// so the child execs from its parent's address space and Linux counts
// that space's peak in the child's ru_maxrss: a child of the test
// process, which sanitises 13.6 MB documents of its own, would report
// the test's peak however little it used. The launcher holds next to
// nothing, and says how much.
func rssLaunch(report string, args []string) int {
	if len(args) == 0 {
		return 98
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	status, _ := os.ReadFile("/proc/self/status")
	var hwm int64
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Sscan(v, &hwm)
		}
	}
	if ru == nil || os.WriteFile(report, fmt.Appendf(nil, "%d %d", ru.Maxrss, hwm), 0o600) != nil {
		return 97
	}
	if err != nil {
		return 1
	}
	return 0
}

// maxLauncherKiB is the launcher's own peak above which its child's
// figure would say nothing.
const maxLauncherKiB = 40 << 10

// runChild runs the binary with stdin through a launcher, hashes what it
// writes to stdout, and returns the byte count, the hash and the child's
// peak RSS in bytes. The child must exit 0.
func runChild(t *testing.T, stdin io.Reader, bin string, args ...string) (int64, []byte, int64) {
	t.Helper()
	report := filepath.Join(t.TempDir(), "rss")
	cmd := exec.Command(os.Args[0], append([]string{bin}, args...)...)
	cmd.Env = append(os.Environ(), rssLaunchEnv+"="+report)
	cmd.Stdin = stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sum := sha256.New()
	n, copyErr := io.Copy(sum, out)
	if err := cmd.Wait(); err != nil || copyErr != nil {
		t.Fatalf("%s %v: %v %v\n%s", bin, args, err, copyErr, stderr.Bytes())
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var maxrss, launcher int64
	if _, err := fmt.Sscan(string(data), &maxrss, &launcher); err != nil {
		t.Fatalf("launcher report %q: %v", data, err)
	}
	if launcher == 0 || launcher > maxLauncherKiB {
		t.Fatalf("the launcher peaked at %d KiB: its child's figure would not be the child's own", launcher)
	}
	t.Logf("launcher's own peak %.1f MB", float64(launcher<<10)/1e6)
	return n, sum.Sum(nil), maxrss << 10
}
