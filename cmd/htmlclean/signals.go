package main

import (
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// A tempSet is the temporary files a run has created and not yet put in
// place, so that an interrupted run removes them. gate orders the signal
// handler against the workers: a worker holds it shared while it creates
// a temporary file (and records it) and while it puts one in place
// (rename, or the copy of -inplace, and the record's removal); the
// handler takes it exclusively, so it sees every temporary file that
// exists, and no file is half put in place when the process exits.
type tempSet struct {
	gate  sync.RWMutex
	mu    sync.Mutex
	names map[string]bool
}

func newTempSet() *tempSet { return &tempSet{names: map[string]bool{}} }

// tempPrefix and tempSuffix frame a temporary file's name,
// ".htmlclean-PID-RANDOM.tmp": short whatever the file it replaces (a
// 255-byte name must still leave room for it), hidden, and telling which
// process made it, so that a later run can tell a dead run's file from a
// live one's.
const (
	tempPrefix = ".htmlclean-"
	tempSuffix = ".tmp"
)

// staleAge is how old a temporary file must be to be removed although
// its process seems alive. A live run writes its temporary file and
// renames it within seconds (a 300 MB file takes a few); an hour covers
// a stopped terminal, and a process number reused since, or one from
// another PID namespace (a container sharing the directory), no longer
// keeps a dead run's file forever. Removing a live run's file is safe
// anyway: its rename then fails, and the original stays as it was.
const staleAge = time.Hour

// newTemp creates and records a temporary file in dir.
func (e *env) newTemp(dir string) (tempFile, error) {
	t := e.temps
	t.gate.RLock()
	defer t.gate.RUnlock()
	f, err := e.createTemp(dir, fmt.Sprintf("%s%d-*%s", tempPrefix, os.Getpid(), tempSuffix))
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	t.names[f.Name()] = true
	t.mu.Unlock()
	return f, nil
}

// commit runs put, which puts the temporary file name in place, with
// signals held off; on success the file is no longer the run's to remove.
func (e *env) commit(name string, put func(string) error) error {
	t := e.temps
	t.gate.RLock()
	defer t.gate.RUnlock()
	if err := put(name); err != nil {
		return err
	}
	t.mu.Lock()
	delete(t.names, name)
	t.mu.Unlock()
	return nil
}

// discard closes and removes a temporary file that will not be used.
func (e *env) discard(f tempFile) {
	f.Close()
	os.Remove(f.Name())
	e.temps.mu.Lock()
	delete(e.temps.names, f.Name())
	e.temps.mu.Unlock()
}

// catchSignals makes SIGINT, SIGTERM and SIGHUP remove the run's
// temporary files and exit with status 128 + the signal's number, as a
// shell reports a process the signal killed. It prints nothing: the user
// knows they pressed ^C. stop undoes it.
func (e *env) catchSignals() (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			e.temps.gate.Lock() // wait for renames under way; start no more
			e.temps.mu.Lock()
			for name := range e.temps.names {
				os.Remove(name)
			}
			n := 1
			if sig, ok := s.(syscall.Signal); ok {
				n = int(sig)
			}
			os.Exit(128 + n)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// tempPID returns the process number in a temporary file's name, or
// false if name is not one.
func tempPID(name string) (int, bool) {
	mid, ok := strings.CutPrefix(name, tempPrefix)
	if !ok {
		return 0, false
	}
	mid, ok = strings.CutSuffix(mid, tempSuffix)
	pid, random, found := strings.Cut(mid, "-")
	if !ok || !found || !digits(random) || !digits(pid) {
		return 0, false
	}
	n, err := strconv.Atoi(pid)
	return n, err == nil
}

// isTempName reports whether name is a temporary file's name.
func isTempName(name string) bool {
	_, ok := tempPID(name)
	return ok
}

func digits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// removeStale removes the temporary files among paths (met in the walk)
// that an interrupted run left: those of a process that no longer runs,
// of this process (which has written none yet), or older than staleAge.
// It says so for each; a file it cannot remove is reported, but it is
// not an input, so the run's outcome does not depend on it.
func (e *env) removeStale(paths []string) {
	for _, path := range paths {
		base := path[strings.LastIndexAny(path, `/\`)+1:]
		pid, _ := tempPID(base)
		fi, err := os.Lstat(path)
		if err != nil {
			continue // gone already: its run finished
		}
		if pid != os.Getpid() && pidAlive(pid) && e.now().Sub(fi.ModTime()) < staleAge {
			continue // another run's, at work now
		}
		if err := os.Remove(path); err != nil {
			e.errorf("%s: cannot remove this temporary file of an interrupted run: %s", path, ioMessage(err))
			continue
		}
		e.errorf("%s: removed a temporary file left by an interrupted run (process %d)", path, pid)
	}
}
