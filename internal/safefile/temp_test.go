package safefile

import (
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

// TestTempNames checks the temporary file names: short, and recognised
// only in their own form.
func TestTempNames(t *testing.T) {
	for name, want := range map[string]bool{
		".htmlclean-123-456.tmp":   true,
		".htmlclean-1-2.tmp":       true,
		".htmlclean--2.tmp":        false,
		".htmlclean-12.tmp":        false,
		".htmlclean-1-2.tmp.html":  false,
		"htmlclean-1-2.tmp":        false,
		".htmlclean-1x-2.tmp":      false,
		".index.html.htmlclean-12": false,
		".htmlclean-1-2-3.tmp":     false,
	} {
		if got := IsTemp(name); got != want {
			t.Errorf("IsTemp(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestStale checks which temporary files are judged left behind: a dead
// process's, this process's, and a live one's older than staleAge; a live
// process's recent file, a missing file and another name are not.
func TestStale(t *testing.T) {
	dir := t.TempDir()
	self := os.Getpid()
	now := time.Now()
	tests := []struct {
		name    string
		age     time.Duration
		pid     int
		stale   bool
		missing bool
	}{
		{name: ".htmlclean-99999999-1.tmp", pid: 99999999, stale: true}, // above any pid_max
		{name: ".htmlclean-1-2.tmp", pid: 1},                            // init: alive
		{name: ".htmlclean-1-3.tmp", pid: 1, age: 2 * staleAge, stale: true},
		{name: ".htmlclean-" + strconv.Itoa(self) + "-4.tmp", pid: self, stale: true},
		{name: ".htmlclean-99999999-5.tmp", pid: 99999999, missing: true},
		{name: "index.html"},
	}
	for _, tc := range tests {
		path := filepath.Join(dir, tc.name)
		if !tc.missing {
			if err := os.WriteFile(path, []byte("<p>half"), 0o644); err != nil {
				t.Fatal(err)
			}
			then := now.Add(-tc.age)
			if err := os.Chtimes(path, then, then); err != nil {
				t.Fatal(err)
			}
		}
		pid, stale := Stale(path, now)
		if pid != tc.pid || stale != tc.stale {
			t.Errorf("Stale(%s) = %d, %v, want %d, %v", tc.name, pid, stale, tc.pid, tc.stale)
		}
	}
}

// TestAbortWaitsForCommit starts Abort while a rename is under way: Abort
// returns only after the rename, the renamed file is in place, and the
// temporary file of a write not yet committed is removed.
func TestAbortWaitsForCommit(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "a.html")
	renaming, release := make(chan struct{}), make(chan struct{})
	w := &Writer{Rename: func(from, to string) error {
		close(renaming)
		<-release
		return os.Rename(from, to)
	}}
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := w.WriteFile(target, fill("new"), 0o644); err != nil {
			t.Error(err)
		}
	})
	<-renaming
	// A second write, stuck before its commit: its temporary file exists.
	pending, err := w.newTemp(dir)
	if err != nil {
		t.Fatal(err)
	}
	aborted := make(chan struct{})
	go func() {
		w.Abort()
		close(aborted)
	}()
	select {
	case <-aborted:
		t.Fatal("Abort returned while a rename was under way")
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	<-aborted
	wg.Wait()
	if got := read(t, target); got != "new" {
		t.Errorf("target holds %q, want %q", got, "new")
	}
	if _, err := os.Stat(pending.Name()); !os.IsNotExist(err) {
		t.Errorf("the pending temporary file is still there: %v", err)
	}
	pending.Close()
	noTemps(t, dir)
}
