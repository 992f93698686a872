package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The checks of README.md and of every docs/*.md are written as HTML
// comments, invisible on GitHub, right before a fenced block:
//
//	<!-- readme-test: stdout -->   the block is the standard output of the
//	                               last command of the sh block before it
//	<!-- readme-test: before -->   HTML that, sanitised with the default
//	<!-- readme-test: after -->    preset, gives the "after" block
//	<!-- readme-test: compile -->  Go source that must compile
//	<!-- readme-test: file PATH -->  the content of PATH in the module
//
// Every command in a sh block that runs the tool ("go run ./cmd/htmlclean")
// is run; it must exit 0, or with the status its trailing comment gives
// ("# exit 1"). Any other command must be one this test knows to skip, with
// its reason.

// docFiles returns the documents the test checks, relative to the module
// root: README.md, then docs/*.md in order.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	for _, d := range docs {
		files = append(files, filepath.ToSlash(filepath.Join("docs", filepath.Base(d))))
	}
	return files
}

// A fence is one fenced code block of a document.
type fence struct {
	lang, text, marker string
	line               int
}

var markerRE = regexp.MustCompile(`^<!-- readme-test: (.+?) -->$`)

// fences returns the fenced blocks of md, each with the marker comment
// before it (blank lines may separate them).
func fences(t *testing.T, name, md string) []fence {
	t.Helper()
	var out []fence
	lines := strings.Split(md, "\n")
	marker := ""
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if m := markerRE.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			marker = m[1]
			continue
		}
		if !strings.HasPrefix(l, "```") {
			if strings.TrimSpace(l) != "" {
				marker = ""
			}
			continue
		}
		f := fence{lang: strings.TrimPrefix(l, "```"), marker: marker, line: i + 1}
		marker = ""
		var body []string
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			body = append(body, lines[i])
		}
		if i == len(lines) {
			t.Fatalf("%s:%d: unterminated code block", name, f.line)
		}
		f.text = strings.Join(body, "\n") + "\n"
		out = append(out, f)
	}
	return out
}

// shellCommand is one command of a sh block.
type shellCommand struct {
	text string // without its trailing comment
	exit int    // the exit status its comment announces, else 0
	line int
}

var exitCommentRE = regexp.MustCompile(`^exit(?: status)? (\d)$`)

// commands returns the commands of a sh block: comment lines dropped,
// continuation lines joined, trailing comments split off.
func commands(f fence) []shellCommand {
	var out []shellCommand
	lines := strings.Split(strings.TrimSuffix(f.text, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		start := i
		l := strings.TrimSpace(lines[i])
		for strings.HasSuffix(l, `\`) && i+1 < len(lines) {
			i++
			l = strings.TrimSuffix(l, `\`) + " " + strings.TrimSpace(lines[i])
		}
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		c := shellCommand{text: l, line: f.line + 1 + start}
		if code, comment, ok := splitComment(l); ok {
			c.text = code
			if m := exitCommentRE.FindStringSubmatch(comment); m != nil {
				c.exit, _ = strconv.Atoi(m[1])
			}
		}
		out = append(out, c)
	}
	return out
}

// splitComment splits a shell line at a "#" that starts a comment: outside
// quotes, after white space.
func splitComment(l string) (code, comment string, ok bool) {
	var quote rune
	for i, r := range l {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && i > 0 && (l[i-1] == ' ' || l[i-1] == '\t'):
			return strings.TrimSpace(l[:i]), strings.TrimSpace(l[i+1:]), true
		}
	}
	return l, "", false
}

// skipReasons are the documented commands the test does not run, by prefix.
var skipReasons = []struct{ prefix, reason string }{
	{"export GOTOOLCHAIN=", "names the toolchain go.mod already names; the test runs under the one it was started with"},
	{"go install ./cmd/htmlclean", "installs into GOPATH/bin, outside the checkout"},
	{"go install ", "needs the network (the module proxy)"},
	{"cd fuzz && go test ", "the fuzz module's tests: .ci/run runs them"},
	{"cd browsertest && go test -tags browser ", "needs Chromium and takes minutes"},
	{"git clone ", "needs the network"},
	{"go test -tags browser ", "needs Chromium and takes minutes"},
	{"go test ./urlnorm -run '^$' -bench ", "benchmarks take minutes"},
	{"go test ./sanitize -run '^$' -bench ", "benchmarks take minutes"},
	{"scripts/instructions", "needs valgrind and takes minutes"},
	{"benchstat ", "compares the benchmark runs before it"},
	{"go test ./...", "the documented test command: it runs this test"},
	{"go test -short ./...", "the test command again, with -short"},
	{"HTMLCLEAN_LONG=1 go test ./...", "the test command again, as CI runs it"},
}

const toolCommand = "go run ./cmd/htmlclean"

// maxReadmeLines bounds the README: what it is for, how to install and
// use it, its promises and links; the reference is in docs/.
const maxReadmeLines = 400

// TestReadme checks that the commands, outputs, examples and files of
// README.md and of every docs/*.md are what the tool and the module really
// do, one subtest per file.
func TestReadme(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run the documents' commands")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	// One build of the tool serves every command of every file.
	bin := filepath.Join(t.TempDir(), "htmlclean")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, name := range docFiles(t, root) {
		t.Run(name, func(t *testing.T) {
			md, err := os.ReadFile(filepath.Join(root, name))
			if err != nil {
				t.Fatal(err)
			}
			ranGoRun := checkDoc(t, root, bin, name, string(md))
			if name != "README.md" {
				return
			}
			if !strings.Contains(string(md), "\n```sh\ngo test ./...\n```\n") {
				t.Error("README.md does not document the test command `go test ./...` in a sh block of its own")
			}
			if !ranGoRun {
				t.Errorf("README.md does not show %q", toolCommand+" testdata/examples/comment.html")
			}
			// The README is the front door; the reference lives in docs/.
			if n := strings.Count(string(md), "\n"); n > maxReadmeLines {
				t.Errorf("README.md has %d lines, more than %d: move reference to docs/", n, maxReadmeLines)
			}
		})
	}
}

// checkDoc checks the blocks of one document, and says whether it ran
// "go run" itself.
func checkDoc(t *testing.T, root, bin, name, md string) bool {
	// Commands run in a scratch copy of testdata/examples, so that
	// commands that write leave the checkout alone.
	scratch := t.TempDir()
	if err := os.CopyFS(filepath.Join(scratch, "testdata", "examples"), os.DirFS(filepath.Join(root, "testdata", "examples"))); err != nil {
		t.Fatal(err)
	}
	r := &readmeRun{t: t, name: name, root: root, bin: bin, scratch: scratch}
	for _, f := range fences(t, name, md) {
		r.check(f)
		if f.lang == "sh" {
			r.runBlock(f)
		}
	}
	return r.ranGoRun
}

// readmeRun is the state of one document's check as it goes through its
// blocks.
type readmeRun struct {
	t                  *testing.T
	name               string // the document, relative to the module root
	root, bin, scratch string
	lastStdout         string // of the last command of the last sh block
	before             string // the last "before" block
	ranGoRun           bool   // go run itself was tried once
}

// check checks a block against its marker.
func (r *readmeRun) check(f fence) {
	t := r.t
	where := r.name + ":" + strconv.Itoa(f.line)
	switch kind, arg, _ := strings.Cut(f.marker, " "); kind {
	case "":
	case "stdout":
		// A fenced block always ends with a line break; output that ends
		// without one (a mail's wrapper) is shown as if it had one.
		out := r.lastStdout
		if out != "" && !strings.HasSuffix(out, "\n") {
			out += "\n"
		}
		if diff := cmp.Diff(f.text, out); diff != "" {
			t.Errorf("%s: the output shown is not what the command prints (-doc +real):\n%s", where, diff)
		}
	case "before":
		r.before = f.text
	case "after":
		got := invoke(t, r.before)
		if diff := cmp.Diff(f.text, got.stdout); diff != "" || got.exit != exitOK {
			t.Errorf("%s: sanitising the \"before\" block gives (exit %d) (-doc +real):\n%s", where, got.exit, diff)
		}
	case "compile":
		compileSnippet(t, r.root, where, f.text)
	case "file":
		if b, err := os.ReadFile(filepath.Join(r.root, arg)); err != nil || string(b) != f.text {
			t.Errorf("%s: the block is not the content of %s (%v):\n%s", where, arg, err, cmp.Diff(string(b), f.text))
		}
	default:
		t.Errorf("%s: unknown marker %q", where, f.marker)
	}
}

// runBlock runs the commands of a sh block that run the tool, and checks
// that every other one is known to be skipped.
func (r *readmeRun) runBlock(f fence) {
	t := r.t
	r.lastStdout = "(the last command of the block before was not run)"
	for _, c := range commands(f) {
		where := r.name + ":" + strconv.Itoa(c.line)
		if !strings.Contains(c.text, toolCommand) {
			i := slices.IndexFunc(skipReasons, func(s struct{ prefix, reason string }) bool { return strings.HasPrefix(c.text, s.prefix) })
			if i < 0 {
				t.Errorf("%s: %q: the test does not know whether to run this command; add it to skipReasons with a reason, or make it run the tool", where, c.text)
			} else {
				t.Logf("%s: not run: %s: %s", where, skipReasons[i].reason, c.text)
			}
			continue
		}
		shell := strings.ReplaceAll(c.text, toolCommand, shellQuote(r.bin))
		stdout, stderr, exit := runShell(t, r.scratch, shell)
		if exit != c.exit {
			t.Errorf("%s: %s\nexit status %d, the document says %d; stderr:\n%s", where, c.text, exit, c.exit, stderr)
		}
		r.lastStdout = stdout
		if !r.ranGoRun && c.text == toolCommand+" testdata/examples/comment.html" {
			// Once, the real thing: go run from the module root.
			goRun, _, exit := runShell(t, r.root, c.text)
			if exit != exitOK || goRun != stdout {
				t.Errorf("%s: %q from the module root: exit %d, output differs from the built tool:\n%s", where, c.text, exit, cmp.Diff(stdout, goRun))
			}
			r.ranGoRun = true
		}
	}
}

// runShell runs a command line with sh in dir.
func runShell(t *testing.T, dir, line string) (stdout, stderr string, exit int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", line)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		exit = ee.ExitCode()
	case err != nil:
		t.Fatalf("sh -c %q: %v", line, err)
	}
	return out.String(), errOut.String(), exit
}

// compileSnippet type-checks a Go snippet of a document as a package of
// this module, through a build overlay: no file is written to the tree.
func compileSnippet(t *testing.T, root, where, src string) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "snippet.go")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	virtual := filepath.Join(root, "cmd", "htmlclean", "testdata", "readmesnippet", "snippet.go")
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {virtual: file}})
	if err != nil {
		t.Fatal(err)
	}
	overlayFile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-o", os.DevNull, "-overlay", overlayFile, "./cmd/htmlclean/testdata/readmesnippet")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%s: the Go example does not compile: %v\n%s", where, err, out)
	}
}
