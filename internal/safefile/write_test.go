package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// errInjected is what a full disk says.
var errInjected = syscall.ENOSPC

// faultyFile is a temporary file that fails at one step.
type faultyFile struct {
	*os.File
	failAt string
}

func (f *faultyFile) Write(b []byte) (int, error) {
	if f.failAt == "write" {
		n, _ := f.File.Write(b[:len(b)/2]) // half written, then the disk is full
		return n, errInjected
	}
	return f.File.Write(b)
}

func (f *faultyFile) Chmod(m fs.FileMode) error {
	return f.fail("chmod", func() error { return f.File.Chmod(m) })
}
func (f *faultyFile) Sync() error { return f.fail("sync", f.File.Sync) }
func (f *faultyFile) Close() error {
	if f.failAt == "close" {
		f.File.Close()
		return errInjected
	}
	return f.File.Close()
}

func (f *faultyFile) fail(step string, do func() error) error {
	if f.failAt == step {
		return errInjected
	}
	return do()
}

// faulty returns a Writer whose step fails: the creation, a call on the
// temporary file, or the rename.
func faulty(step string) *Writer {
	return &Writer{
		CreateTemp: func(dir, pattern string) (File, error) {
			if step == "create" {
				return nil, &os.PathError{Op: "open", Path: dir, Err: errInjected}
			}
			f, err := os.CreateTemp(dir, pattern)
			return &faultyFile{f, step}, err
		},
		Rename: func(from, to string) error {
			if step == "rename" {
				return &os.LinkError{Op: "rename", Old: from, New: to, Err: syscall.EXDEV}
			}
			return os.Rename(from, to)
		},
	}
}

// newFile writes content to name in a new directory and returns its path
// and stat.
func newFile(t *testing.T, name, content string, mode fs.FileMode) (string, fs.FileInfo) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil { // past the umask
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, fi
}

func fill(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// noTemps fails t if dir holds a temporary or saved file.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range entries {
		if IsTemp(d.Name()) || strings.HasSuffix(d.Name(), ".saved") {
			t.Errorf("temporary file %s left behind", d.Name())
		}
	}
}

// writes are the ways to write an existing file, each of which must
// leave it as it was when a step fails.
var writes = []struct {
	name  string
	write func(w *Writer, path string, was fs.FileInfo, f func(io.Writer) error) error
}{
	{"WriteFile", func(w *Writer, path string, _ fs.FileInfo, f func(io.Writer) error) error {
		return w.WriteFile(path, f, 0o640)
	}},
	{"Replace", (*Writer).Replace},
	{"Overwrite", (*Writer).Overwrite},
}

// TestFaultLeavesTarget makes each step of a write fail in turn (a full
// disk, a rename across file systems): the error says which step
// (errors.As), the file keeps its content and mode, and no temporary file
// is left beside it.
func TestFaultLeavesTarget(t *testing.T) {
	tests := []struct {
		step string
		op   Op
	}{
		{"create", OpCreateIn}, {"write", OpWrite}, {"chmod", OpWrite},
		{"sync", OpWrite}, {"close", OpWrite}, {"rename", OpMove},
	}
	for _, wr := range writes {
		for _, tc := range tests {
			t.Run(wr.name+"-"+tc.step, func(t *testing.T) {
				if wr.name == "Overwrite" && (tc.step == "chmod" || tc.step == "rename") {
					t.Skip("Overwrite neither sets a mode nor renames")
				}
				const orig = "<p>old</p>\n"
				path, was := newFile(t, "index.html", orig, 0o640)
				err := wr.write(faulty(tc.step), path, was, fill("<p>new</p>\n"))
				var fe *Error
				if !errors.As(err, &fe) || fe.Op != tc.op || !errors.Is(err, errInjected) && !errors.Is(err, syscall.EXDEV) {
					t.Errorf("error %v, want %v caused by the fault", err, tc.op)
				}
				if got := read(t, path); got != orig {
					t.Errorf("content %q after a failed write, want %q", got, orig)
				}
				if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o640 {
					t.Errorf("mode %v (%v), want 0640", fi.Mode(), err)
				}
				noTemps(t, filepath.Dir(path))
			})
		}
	}
}

// TestFillErrorPassedOn checks that an error of fill's own (the
// sanitiser's, not the output's) comes back as it is, with the file
// untouched.
func TestFillErrorPassedOn(t *testing.T) {
	errFill := errors.New("bad input")
	for _, wr := range writes {
		t.Run(wr.name, func(t *testing.T) {
			path, was := newFile(t, "a.html", "old", 0o644)
			err := wr.write(&Writer{}, path, was, func(w io.Writer) error {
				io.WriteString(w, "half")
				return errFill
			})
			if err != errFill {
				t.Errorf("error %v, want %v as it is", err, errFill)
			}
			if got := read(t, path); got != "old" {
				t.Errorf("content %q, want %q", got, "old")
			}
			noTemps(t, filepath.Dir(path))
		})
	}
}

// TestChangedMeanwhile appends to the file after the caller's stat, while
// the new content is written: Replace and Overwrite return ErrChanged,
// the append is kept, and no temporary file is left.
func TestChangedMeanwhile(t *testing.T) {
	for _, wr := range writes[1:] {
		t.Run(wr.name, func(t *testing.T) {
			const orig, extra = "<p>old</p>\n", "<p>added meanwhile</p>\n"
			path, was := newFile(t, "index.html", orig, 0o644)
			err := wr.write(&Writer{}, path, was, func(w io.Writer) error {
				f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					return err
				}
				f.WriteString(extra)
				f.Close()
				return fill("<p>new</p>\n")(w)
			})
			if !errors.Is(err, ErrChanged) {
				t.Errorf("error %v, want ErrChanged", err)
			}
			if got := read(t, path); got != orig+extra {
				t.Errorf("the concurrent change was lost: %q", got)
			}
			noTemps(t, filepath.Dir(path))
		})
	}
}

// TestLongName writes a file whose name is 250 bytes, legal on every
// common file system (255), each way: the temporary file's name must not
// be longer than the file's.
func TestLongName(t *testing.T) {
	name := strings.Repeat("n", 245) + ".html"
	for _, wr := range writes {
		t.Run(wr.name, func(t *testing.T) {
			path, was := newFile(t, name, "old", 0o644)
			if err := wr.write(&Writer{}, path, was, fill("new")); err != nil {
				t.Fatal(err)
			}
			if got := read(t, path); got != "new" {
				t.Errorf("content %q, want %q", got, "new")
			}
			noTemps(t, filepath.Dir(path))
		})
	}
}

// TestWriteFileNew checks that WriteFile creates missing directories and
// gives a new file mode, and writes through a symlink, which stays one.
func TestWriteFileNew(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a", "b", "new.html")
	var w Writer
	if err := w.WriteFile(path, fill("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 || read(t, path) != "new" {
		t.Errorf("new file: %v (%v), want mode 0600 holding %q", fi, err, "new")
	}
	link := filepath.Join(dir, "link.html")
	if err := os.Symlink(path, link); err != nil {
		t.Skip("symlinks are needed:", err)
	}
	if err := w.WriteFile(link, fill("again"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link is no longer a symlink: %v (%v)", fi, err)
	}
	if got := read(t, path); got != "again" {
		t.Errorf("target holds %q, want %q", got, "again")
	}
	noTemps(t, filepath.Dir(path))
}

// TestMkdirRefused checks the error of a directory that cannot be made
// because a file is in its way: OpMkdir, naming the directory.
func TestMkdirRefused(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "posts"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var w Writer
	err := w.WriteFile(filepath.Join(dir, "posts", "a", "x.html"), fill("x"), 0o644)
	var fe *Error
	if !errors.As(err, &fe) || fe.Op != OpMkdir || fe.Path != filepath.Join(dir, "posts") {
		t.Errorf("error %v, want OpMkdir naming %s", err, filepath.Join(dir, "posts"))
	}
}

// TestOverwriteKeepsLinks checks that Overwrite writes through every name
// of a file with hard links, which Replace would part.
func TestOverwriteKeepsLinks(t *testing.T) {
	path, _ := newFile(t, "a.html", "old", 0o644)
	alias := filepath.Join(filepath.Dir(path), "alias.html")
	if err := os.Link(path, alias); err != nil {
		t.Skip("hard links are needed:", err)
	}
	was := statOf(t, path) // after the link, which changes the count
	var w Writer
	if err := w.Overwrite(path, was, fill("new")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, alias); got != "new" {
		t.Errorf("the other name holds %q, want %q", got, "new")
	}
	if fi, err := os.Stat(alias); err != nil || Links(fi) != 2 {
		t.Errorf("links after Overwrite: %v, want 2", err)
	}
}

func statOf(t *testing.T, path string) os.FileInfo {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}

// TestProceedRefuses stops each way of writing just before the file is
// put in place: the target keeps its content, the error is Proceed's as
// it is, and no temporary file is left. A Proceed that allows changes
// nothing.
func TestProceedRefuses(t *testing.T) {
	errStop := errors.New("stopped")
	for _, wr := range writes {
		t.Run(wr.name, func(t *testing.T) {
			path, was := newFile(t, "a.html", "old", 0o644)
			w := &Writer{Proceed: func() error { return errStop }}
			if err := wr.write(w, path, was, fill("new")); err != errStop {
				t.Errorf("error %v, want %v as it is", err, errStop)
			}
			if got := read(t, path); got != "old" {
				t.Errorf("content %q, want %q", got, "old")
			}
			noTemps(t, filepath.Dir(path))
			w.Proceed = func() error { return nil }
			if err := wr.write(w, path, was, fill("new")); err != nil {
				t.Fatal(err)
			}
			if got := read(t, path); got != "new" {
				t.Errorf("content %q, want %q", got, "new")
			}
		})
	}
}
