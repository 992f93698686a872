package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"

	"github.com/htmlclean/htmlclean/internal/safefile"
)

// Exit statuses, as gofmt and the house style use them.
const (
	exitOK    = 0 // success, even if content was removed
	exitFail  = 1 // a file or URL could not be processed, or -check found changes
	exitUsage = 2 // bad flags or arguments, or a policy that does not load
)

// env is one invocation's world: the standard streams, and the few things
// tests replace (whether stderr is a terminal, the clock, temporary file
// creation). It holds no package state, so tests may run invocations side
// by side.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer

	// terminal reports whether stderr is a terminal: the progress bar is
	// drawn only then.
	terminal bool
	// now is the clock of the progress bar.
	now func() time.Time
	// files writes the output files, and removes its temporary files if
	// a signal ends the run; tests replace its CreateTemp and Rename.
	files *safefile.Writer
	// halt stops a batch early: a failed output or a signal (see halt).
	halt *halt
}

// run is the whole command: it parses args, does the work and returns the
// exit status. main is a call to run; tests call it directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := newEnv(stdin, stdout, stderr)
	defer e.catchSignals()()
	return e.main(args)
}

func newEnv(stdin io.Reader, stdout, stderr io.Writer) *env {
	h := newHalt()
	return &env{
		stdin:    stdin,
		stdout:   fullWriter{stdout},
		stderr:   fullWriter{stderr},
		terminal: isTerminal(stderr),
		now:      time.Now,
		files:    &safefile.Writer{Proceed: h.proceed},
		halt:     h,
	}
}

// main dispatches on the first argument: "url" and "sm" are subcommands,
// anything else is the sanitiser's flags and paths. A file called "url"
// or "sm" is "htmlclean -- url" (the flags end at "--", and so does the
// search for a subcommand) or "htmlclean ./url".
func (e *env) main(args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "url":
			return e.urlMain(args[1:])
		case "sm":
			return e.smMain(args[1:])
		}
	}
	return e.cleanMain(args)
}

// isTerminal reports whether w is a character device other than
// /dev/null, which is what a terminal is to Stat; pipes and files are
// not. This is enough to decide whether to draw a progress bar and needs
// no terminal library.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	// /dev/null is a character device too, and nobody reads a bar there.
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}

// errorf prints a diagnostic: "htmlclean: " and the message.
func (e *env) errorf(format string, args ...any) {
	fmt.Fprintf(e.stderr, "htmlclean: "+format+"\n", args...)
}

// command describes a command for its help and usage messages.
type command struct {
	name     string // "htmlclean url"
	synopsis string // the usage lines, each starting with name
	about    string // what it does, printed by -h before the flags
	examples string // printed by -h after the flags
}

// usageError prints a usage diagnostic and the synopsis, and returns
// exitUsage.
func (e *env) usageError(c *command, format string, args ...any) int {
	e.errorf(format, args...)
	fmt.Fprintf(e.stderr, "%sRun '%s -h' for help.\n", c.synopsis, c.name)
	return exitUsage
}

// help prints a command's -h text to stdout, as asked for: synopsis,
// description, every flag with its default, and examples. (Usage errors
// go to stderr; help that was asked for is output, so that
// "htmlclean -h | less" works.)
func (e *env) help(c *command, fs *flag.FlagSet) {
	fmt.Fprint(e.stdout, c.synopsis)
	fmt.Fprint(e.stdout, "\n", c.about)
	hasFlags := false
	if fs != nil {
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	}
	if hasFlags {
		fmt.Fprint(e.stdout, "\nFlags:\n")
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
	}
	fmt.Fprint(e.stdout, "\nExamples:\n", c.examples)
}

// parseFlags parses args with fs, which must have been built with
// flag.ContinueOnError. For -h it prints the help and returns exitOK; for
// a bad flag it prints a diagnostic and returns exitUsage. ok is true if
// the command should go on.
func (e *env) parseFlags(c *command, fs *flag.FlagSet, args []string) (status int, ok bool) {
	fs.SetOutput(io.Discard) // errors are printed here, the flags only for -h
	err := fs.Parse(args)
	switch {
	case err == nil:
		return exitOK, true
	case errors.Is(err, flag.ErrHelp):
		e.help(c, fs)
		return exitOK, false
	}
	return e.usageError(c, "%s", clip(err.Error())), false
}

// gcLimit is the soft heap limit of a sanitising run (GOMEMLIMIT), with
// the collector otherwise lazier than Go's default (GOGC=400): streaming
// keeps the live heap small (see memBudget), and at the default a heap of
// a few megabytes is collected so often that a large file took a fifth
// more CPU than when it was read whole. The limit keeps the lazier
// collector within the memory the budget promises.
const gcLimit = 192 << 20

// tuneGC sets the collector for a sanitising run, unless the environment
// sets GOGC or GOMEMLIMIT, which then win.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(gcLimit)
	}
}

// version is the module version of the binary: a tag for
// "go install ...@v1.2.3", "(devel)" for a build from a checkout.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
