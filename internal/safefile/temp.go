package safefile

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// tempPrefix and tempSuffix frame a temporary file's name,
// ".htmlclean-PID-RANDOM.tmp": short whatever the file it replaces (a
// 255-byte name must still leave room for it), hidden, and telling which
// process made it, so that a later run can tell a dead run's file from a
// live one's.
const (
	tempPrefix = ".htmlclean-"
	tempSuffix = ".tmp"
)

// staleAge is how old a temporary file must be for [Stale] to judge it
// left behind although its process seems alive. A live run writes its
// temporary file and renames it within seconds (a 300 MB file takes a
// few); an hour covers a stopped terminal, and a process number reused
// since, or one from another PID namespace (a container sharing the
// directory), no longer keeps a dead run's file forever. Removing a live
// run's file is safe anyway: its rename then fails, and the original
// stays as it was.
const staleAge = time.Hour

// newTemp creates and records a temporary file in dir.
func (w *Writer) newTemp(dir string) (File, error) {
	w.gate.RLock()
	defer w.gate.RUnlock()
	create := w.CreateTemp
	if create == nil {
		create = func(dir, pattern string) (File, error) { return os.CreateTemp(dir, pattern) }
	}
	f, err := create(dir, fmt.Sprintf("%s%d-*%s", tempPrefix, os.Getpid(), tempSuffix))
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	if w.names == nil {
		w.names = map[string]bool{}
	}
	w.names[f.Name()] = true
	w.mu.Unlock()
	return f, nil
}

// commit runs put, which puts the temporary file name in place, while
// Abort waits; on success the file is no longer the Writer's to remove.
func (w *Writer) commit(name string, put func(string) error) error {
	w.gate.RLock()
	defer w.gate.RUnlock()
	if w.Proceed != nil {
		if err := w.Proceed(); err != nil {
			return err
		}
	}
	if err := put(name); err != nil {
		return err
	}
	w.mu.Lock()
	delete(w.names, name)
	w.mu.Unlock()
	return nil
}

// discard closes and removes a temporary file that will not be used.
func (w *Writer) discard(f File) {
	f.Close()
	os.Remove(f.Name())
	w.mu.Lock()
	delete(w.names, f.Name())
	w.mu.Unlock()
}

// Abort removes the temporary files the Writer has created and not put in
// place, once any rename or in-place copy under way has finished, and
// keeps every later write of the Writer waiting for ever: it is for a
// signal handler that then ends the process, which must not exit with a
// file half put in place or a temporary file left behind.
func (w *Writer) Abort() {
	w.gate.Lock() // wait for renames under way; start no more
	w.mu.Lock()
	for name := range w.names {
		os.Remove(name)
	}
}

// IsTemp reports whether name, a file name without directory, is that of
// a temporary file of a [Writer].
func IsTemp(name string) bool {
	_, ok := tempPID(name)
	return ok
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

func digits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// Stale reports whether the file at path is a temporary file that an
// interrupted run left behind, judged at time now: one of a process that
// no longer runs, of this process, or one older than an hour. pid is
// the process number in its name. A file that is gone, or is not a
// temporary file, is not stale. Ask before this process writes any file:
// a temporary file of its own is then a predecessor's with the same
// process number.
func Stale(path string, now time.Time) (pid int, stale bool) {
	pid, ok := tempPID(filepath.Base(path))
	if !ok {
		return 0, false
	}
	fi, err := os.Lstat(path)
	if err != nil {
		return pid, false // gone already: its run finished
	}
	if pid != os.Getpid() && pidAlive(pid) && now.Sub(fi.ModTime()) < staleAge {
		return pid, false // another run's, at work now
	}
	return pid, true
}
