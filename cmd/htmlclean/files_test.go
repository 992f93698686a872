package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/internal/safefile"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// siteFiles are the HTML files of testdata/work/site, as the walk finds
// them.
var siteFiles = []string{
	"site/about.htm",
	"site/index.html",
	"site/posts/2024/LEGACY.HTM",
	"site/posts/2024/hello.html",
	"site/posts/empty.html",
}

// TestOutputMatchesLibrary checks the CLI against the library: every file
// of a mirrored directory is exactly what sanitize.String makes of its
// input, for a preset and a policy file.
func TestOutputMatchesLibrary(t *testing.T) {
	tests := []struct {
		name string
		args []string
		load func() (*policy.Policy, error)
	}{
		{"ugc", nil, func() (*policy.Policy, error) { return policy.Preset("ugc") }},
		{"strict", []string{"-preset", "strict"}, func() (*policy.Policy, error) { return policy.Preset("strict") }},
		{"narrow", []string{"-policy", "policy/narrow.yaml"}, func() (*policy.Policy, error) { return policy.LoadFile("policy/narrow.yaml") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			setupWork(t)
			p, err := tc.load()
			if err != nil {
				t.Fatal(err)
			}
			got := invoke(t, "", append(tc.args, "-o", "out", "site")...)
			if got.exit != exitOK {
				t.Fatalf("exit %d, stderr:\n%s", got.exit, got.stderr)
			}
			for _, name := range siteFiles {
				in := readString(t, name)
				want, err := sanitize.String(in, p)
				if err != nil {
					t.Fatal(err)
				}
				out := readString(t, filepath.Join("out", strings.TrimPrefix(name, "site/")))
				if out != want {
					t.Errorf("%s: -o output differs from sanitize.String:\n%s", name, cmp.Diff(want, out))
				}
			}
		})
	}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// reportFields are the documented fields of a -report line and their JSON
// types; the first six are always present.
var reportFields = []struct {
	name, kind string
	required   bool
}{
	{"file", "string", true},
	{"line", "number", true},
	{"column", "number", true},
	{"element", "string", true},
	{"action", "string", true},
	{"reason", "string", true},
	{"attribute", "string", false},
	{"before", "string", false},
	{"after", "string", false},
	{"flags", "array", false},
}

// TestReportJSON validates every line of -report against the documented
// fields, and checks that the lines of each file are the changes
// sanitize.StringWith reports for it, in order.
func TestReportJSON(t *testing.T) {
	setupWork(t)
	got := invoke(t, "", "-report", "report.jsonl", "-o", "out/", "site", "clean.html")
	if got.exit != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", got.exit, got.stderr)
	}
	actions := map[string]bool{}
	for _, a := range []sanitize.Action{sanitize.RemovedElement, sanitize.RemovedContent, sanitize.RemovedAttribute,
		sanitize.RewroteURL, sanitize.RewroteAttribute, sanitize.RemovedComment, sanitize.ClosedElement, sanitize.RemovedEndTag,
		sanitize.Flagged} {
		actions[string(a)] = true
	}
	gotByFile := map[string][]sanitize.Change{}
	lines := strings.Split(strings.TrimSuffix(readString(t, "report.jsonl"), "\n"), "\n")
	for i, line := range lines {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, line)
		}
		for _, f := range reportFields {
			v, ok := obj[f.name]
			if !ok {
				if f.required {
					t.Errorf("line %d: no %q: %s", i+1, f.name, line)
				}
				continue
			}
			if kind := jsonKind(v); kind != f.kind {
				t.Errorf("line %d: %q is a %s, want a %s: %s", i+1, f.name, kind, f.kind, line)
			}
			delete(obj, f.name)
		}
		if len(obj) > 0 {
			t.Errorf("line %d: undocumented fields %v: %s", i+1, obj, line)
		}
		var rl reportLine
		if err := json.Unmarshal([]byte(line), &rl); err != nil {
			t.Fatal(err)
		}
		if rl.Line < 1 || rl.Column < 1 || !actions[string(rl.Action)] || rl.Reason == "" {
			t.Errorf("line %d: implausible change: %s", i+1, line)
		}
		gotByFile[rl.File] = append(gotByFile[rl.File], rl.Change)
	}
	p, err := policy.Preset(defaultPreset)
	if err != nil {
		t.Fatal(err)
	}
	wantByFile := map[string][]sanitize.Change{}
	for _, name := range append(siteFiles, "clean.html") {
		var changes []sanitize.Change
		_, err := sanitize.StringWith(readString(t, name), p, sanitize.Options{Report: func(c sanitize.Change) { changes = append(changes, c) }})
		if err != nil {
			t.Fatal(err)
		}
		if len(changes) > 0 {
			wantByFile[name] = changes
		}
	}
	if len(wantByFile) < 3 {
		t.Fatalf("the work tree should make at least three files change, got %d", len(wantByFile))
	}
	if diff := cmp.Diff(wantByFile, gotByFile); diff != "" {
		t.Errorf("-report mismatch with sanitize.StringWith's report (-want +got):\n%s", diff)
	}
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case []any:
		return "array"
	}
	return "other"
}

// faultyTemp is a temporary file that fails at one step.
type faultyTemp struct {
	*os.File
	failAt string
}

// errInjected is a fault of one file (its size is over the process's
// limit): the batch goes on. A full disk (ENOSPC) stops it, which
// TestRewriteDiskFull checks on a real one.
var errInjected = syscall.EFBIG

func (f *faultyTemp) Write(b []byte) (int, error) {
	if f.failAt == "write" {
		n, _ := f.File.Write(b[:len(b)/2]) // half written, then the disk is full
		return n, errInjected
	}
	return f.File.Write(b)
}

func (f *faultyTemp) Chmod(m os.FileMode) error {
	return f.fail("chmod", func() error { return f.File.Chmod(m) })
}
func (f *faultyTemp) Sync() error  { return f.fail("sync", f.File.Sync) }
func (f *faultyTemp) Close() error { return f.fail("close", f.File.Close) }

func (f *faultyTemp) fail(step string, do func() error) error {
	if f.failAt == step {
		return errInjected
	}
	return do()
}

// TestWriteFailureLeavesOriginal makes each step of the atomic write fail
// in turn, for -w and for -o over an existing file: the command names the
// file (or its directory) and the step in its diagnostic, exits 1, leaves
// the target as it was and still writes the other files. That no
// temporary file is left and the mode is kept is safefile's
// TestFaultLeavesTarget.
func TestWriteFailureLeavesOriginal(t *testing.T) {
	for _, mode := range []string{"-w", "-o"} {
		for _, step := range []string{"create", "write", "chmod", "sync", "close", "rename"} {
			t.Run(mode+"-"+step, func(t *testing.T) {
				dir := setupWork(t)
				target := "site/index.html"
				args := []string{"-w", "-j", "1", "site/posts/2024/hello.html", target, "site/posts/2024/LEGACY.HTM"}
				if mode == "-o" {
					writeFile(t, "out/index.html", "previous output\n")
					target = "out/index.html"
					args = []string{"-o", "out", "-j", "1", "site/posts/2024/hello.html", "site/index.html", "site/posts/2024/LEGACY.HTM"}
				}
				before := snapshot(t, dir)
				var stdout, stderr bytes.Buffer
				e := newEnv(strings.NewReader(""), &stdout, &stderr)
				calls := 0 // -j 1: the second temporary file is index.html's
				e.files.CreateTemp = func(d, pattern string) (safefile.File, error) {
					if calls++; calls != 2 {
						return os.CreateTemp(d, pattern)
					}
					if step == "create" {
						return nil, &os.PathError{Op: "open", Path: d, Err: errInjected}
					}
					f, err := os.CreateTemp(d, pattern)
					return &faultyTemp{f, step}, err
				}
				e.files.Rename = func(from, to string) error {
					if step == "rename" && to == target {
						return &os.LinkError{Op: "rename", Old: from, New: to, Err: syscall.EXDEV}
					}
					return os.Rename(from, to)
				}
				exit := e.main(args)
				if exit != exitFail {
					t.Errorf("exit %d, want %d", exit, exitFail)
				}
				after := snapshot(t, dir)
				if after[target] != before[target] {
					t.Errorf("%s changed after a failed write:\n%s", target, after[target])
				}
				others := 0
				for name, content := range after {
					if name != target && before[name] != content {
						others++
					}
				}
				if others != 2 {
					t.Errorf("%d other files written, want 2 (the write error must not stop the batch)", others)
				}
				// The diagnostic names the file written, or for a file that
				// cannot be created, its directory.
				want := regexp.MustCompile(`(?m)^htmlclean: ` + regexp.QuoteMeta(target) + `: cannot (write|move the new file into place): (file too large|invalid cross-device link)$` +
					`|^htmlclean: ` + filepath.Dir(target) + `: cannot create files in this directory: file too large$`)
				if !want.MatchString(stderr.String()) {
					t.Errorf("no diagnostic for the failed write in:\n%s", stderr.String())
				}
			})
		}
	}
}

// TestWriteKeepsModeAndLinks checks that -w keeps a file's permissions
// and writes through a symlink named on the command line (link.html, made
// by setupWork), leaving the link a link.
func TestWriteKeepsModeAndLinks(t *testing.T) {
	setupWork(t)
	if err := os.Chmod("site/index.html", 0o600); err != nil {
		t.Fatal(err)
	}
	got := invoke(t, "", "-w", "site/index.html", "link.html")
	if got.exit != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", got.exit, got.stderr)
	}
	if fi, err := os.Stat("site/index.html"); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("site/index.html: mode %v (%v), want 0600", fi.Mode(), err)
	}
	if fi, err := os.Lstat("link.html"); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link.html is no longer a symlink: %v %v", fi.Mode(), err)
	}
	if s := readString(t, "site/posts/2024/hello.html"); strings.Contains(s, "onerror") {
		t.Errorf("the symlink's target was not sanitised:\n%s", s)
	}
}

// TestMirrorSkipsOutputInside runs -o site/clean site twice: the second
// walk must not take the first run's output for input.
func TestMirrorSkipsOutputInside(t *testing.T) {
	setupWork(t)
	first := invoke(t, "", "-o", "site/clean", "site")
	second := invoke(t, "", "-o", "site/clean", "site")
	if diff := cmp.Diff(first, second, cmp.AllowUnexported(invocation{})); diff != "" {
		t.Errorf("second run differs (-first +second):\n%s", diff)
	}
	if _, err := os.Stat("site/clean/clean"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the output tree was mirrored into itself: %v", err)
	}
	if !strings.Contains(first.stderr, "5 files") {
		t.Errorf("summary: %q, want 5 files", first.stderr)
	}
}

// TestUnreadableFile checks that a file the command may not read is
// reported and the rest processed. Root reads everything, so the test
// runs as an ordinary user (asNobody).
func TestUnreadableFile(t *testing.T) {
	if asNobody(t, nil) {
		return
	}
	setupWork(t)
	if err := os.Chmod("site/about.htm", 0); err != nil {
		t.Fatal(err)
	}
	got := invoke(t, "", "-check", "site")
	if got.exit != exitFail || !strings.Contains(got.stderr, "htmlclean: site/about.htm: permission denied\n") {
		t.Errorf("exit %d, stderr:\n%s", got.exit, got.stderr)
	}
	if !strings.Contains(got.stdout, "site/index.html\n") {
		t.Errorf("the other files were not checked:\n%s", got.stdout)
	}
}

// TestVersion checks -version against the build information.
func TestVersion(t *testing.T) {
	got := invoke(t, "", "-version")
	want := invocation{exit: exitOK, stdout: "htmlclean " + version() + "\n"}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(invocation{})); diff != "" {
		t.Errorf("-version mismatch (-want +got):\n%s", diff)
	}
	if !regexp.MustCompile(`^htmlclean (\(devel\)|v\S+)\n$`).MatchString(got.stdout) {
		t.Errorf("-version = %q", got.stdout)
	}
}

// TestPrintPolicyLoads checks that -print-policy prints a policy that
// -policy loads again, to the same effective policy, for every preset and
// a policy file.
func TestPrintPolicyLoads(t *testing.T) {
	setupWork(t)
	sources := [][]string{{"-policy", "policy/narrow.yaml"}}
	for _, name := range policy.Presets() {
		sources = append(sources, []string{"-preset", name})
	}
	for _, src := range sources {
		t.Run(strings.Join(src, " "), func(t *testing.T) {
			first := invoke(t, "", append(src, "-print-policy")...)
			if first.exit != exitOK {
				t.Fatalf("exit %d: %s", first.exit, first.stderr)
			}
			writeFile(t, "printed.yaml", first.stdout)
			second := invoke(t, "", "-policy", "printed.yaml", "-print-policy")
			// A preset's YAML starts with a comment naming it; the file's
			// does not.
			want := strings.TrimPrefix(first.stdout, fmt.Sprintf("# the %q preset, as it takes effect\n", src[1]))
			if second.exit != exitOK || second.stdout != want {
				t.Errorf("reloaded policy differs (exit %d, %s):\n%s", second.exit, second.stderr, cmp.Diff(want, second.stdout))
			}
		})
	}
}
