package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// cleanFlags are the sanitiser's flags.
type cleanFlags struct {
	out         string
	write       bool
	inplace     bool
	force       bool
	check       bool
	diff        bool
	report      string
	preset      string
	policyFile  string
	sanitizer   string // -sanitizer-config FILE
	skipUnknown bool   // -sanitizer-skip-unknown
	context     string // -sanitizer-context
	format      string // -format of -print-policy
	listPresets bool
	printPolicy bool
	jobs        int
	version     bool
	svg         bool // -svg: standalone SVG files, through package svgfile
}

// defaultPreset is the preset used without -preset or -policy. Every
// preset is safe; ugc (links, images, lists, tables, code) is what comment
// systems and forums want, so a new user's first run keeps their content.
const defaultPreset = "ugc"

// svgPreset is the default preset with -svg: the one for a standalone SVG
// file.
const svgPreset = "svg-upload"

func (f *cleanFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.out, "o", "", "write the output to `FILE|DIR`: a directory for several inputs or a directory input, whose tree is mirrored")
	fs.BoolVar(&f.write, "w", false, "rewrite changed files in place (write a temporary file, then rename)")
	fs.BoolVar(&f.inplace, "inplace", false, "with -w, overwrite each file itself instead of replacing it: keeps hard links, owner and attributes where a new file could not, but a crash mid-write leaves the file partly written")
	fs.BoolVar(&f.force, "force", false, "with -w, rewrite read-only files too")
	fs.BoolVar(&f.check, "check", false, "change nothing; list the files whose content would change, exit 1 if any")
	fs.BoolVar(&f.diff, "diff", false, "change nothing; print a unified diff of what would change")
	fs.StringVar(&f.report, "report", "", "write every change as JSON Lines to `FILE`; \"-\" is standard output, with -o, -w or -check (for which it replaces the list of files)")
	fs.StringVar(&f.preset, "preset", defaultPreset, "the policy preset `NAME`: "+strings.Join(policy.Presets(), ", "))
	fs.StringVar(&f.policyFile, "policy", "", "read the policy from `FILE` (YAML) instead of a preset")
	fs.StringVar(&f.sanitizer, "sanitizer-config", "", "read the policy from `FILE`, an HTML Sanitizer API configuration (JSON, as new Sanitizer() takes it)")
	fs.BoolVar(&f.skipUnknown, "sanitizer-skip-unknown", false, "with -sanitizer-config, skip members the HTML Sanitizer API does not define, as a browser does, with a note, in place of refusing them")
	fs.StringVar(&f.context, "sanitizer-context", "", "with -sanitizer-config, the `ELEMENT` setHTML() is called on (default div): the output keeps only what it admits; one whose parse htmlclean does not model (script, html, td, ...) is refused")
	fs.StringVar(&f.format, "format", "yaml", "with -print-policy, the `FORMAT`: yaml (loadable with -policy) or sanitizer-config (JSON, for setHTML() and -sanitizer-config)")
	fs.BoolVar(&f.listPresets, "list-presets", false, "list the preset names and exit")
	fs.BoolVar(&f.printPolicy, "print-policy", false, "print the effective policy as YAML (loadable with -policy) and exit")
	fs.IntVar(&f.jobs, "j", 0, "sanitise `N` files in parallel (default 0: one per CPU)")
	fs.BoolVar(&f.version, "version", false, "print the version and exit")
	fs.BoolVar(&f.svg, "svg", false, "read each input as a standalone SVG file and write it as one (XML, for image/svg+xml); directories give their *.svg files; the default preset becomes svg-upload")
}

// cleanMain is the sanitiser command.
func (e *env) cleanMain(args []string) int {
	c := &cleanCommand
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	var f cleanFlags
	f.register(fs)
	if status, ok := e.parseFlags(c, fs, args); !ok {
		return status
	}
	paths := fs.Args()
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })

	if f.version || f.listPresets {
		if len(paths) > 0 {
			return e.usageError(c, "-version and -list-presets take no paths")
		}
		var err error
		if f.version {
			_, err = fmt.Fprintf(e.stdout, "htmlclean %s\n", version())
		} else {
			width := 0
			for _, name := range policy.Presets() {
				width = max(width, len(name))
			}
			for _, name := range policy.Presets() {
				if _, err = fmt.Fprintf(e.stdout, "%-*s %s\n", width, name, policy.PresetSummary(name)); err != nil {
					break
				}
			}
		}
		return e.printed(err)
	}
	if msg := f.conflict(set, paths); msg != "" {
		return e.usageError(c, "%s", msg)
	}
	if f.svg && !set["preset"] {
		f.preset = svgPreset
	}
	p, status := e.loadPolicy(&f)
	if p == nil {
		return status
	}
	if f.printPolicy {
		return e.printPolicy(p, f.format)
	}
	if f.jobs == 0 {
		f.jobs = runtime.NumCPU()
	}
	pl, status := e.plan(c, &f, paths)
	if pl == nil {
		return status
	}
	tuneGC()
	return e.runBatch(&f, p, pl)
}

// conflict returns why the flags and paths make no sense together, or "".
func (f *cleanFlags) conflict(set map[string]bool, paths []string) string {
	stdin := len(paths) == 0 || slices.Equal(paths, []string{"-"})
	switch {
	case f.printPolicy && len(paths) > 0:
		return "-print-policy takes no paths"
	case set["preset"] && set["policy"]:
		return "-preset and -policy cannot be used together (a policy file names its preset with extends)"
	case set["sanitizer-config"] && (set["preset"] || set["policy"]):
		return "-sanitizer-config cannot be used with -preset or -policy: it is the whole policy"
	case set["sanitizer-config"] && f.sanitizer == "":
		return "-sanitizer-config needs a file name"
	case f.skipUnknown && f.sanitizer == "":
		return "-sanitizer-skip-unknown goes with -sanitizer-config"
	case set["sanitizer-context"] && f.sanitizer == "":
		return "-sanitizer-context goes with -sanitizer-config"
	case set["format"] && !f.printPolicy:
		return "-format goes with -print-policy"
	case f.format != "yaml" && f.format != "sanitizer-config":
		return fmt.Sprintf("-format %s: want yaml or sanitizer-config", excerpt(f.format))
	case f.jobs < 0:
		return fmt.Sprintf("-j %d: want a number of workers, or 0 for one per CPU", f.jobs)
	case f.write && f.out != "":
		return "-w and -o cannot be used together"
	case (f.check || f.diff) && (f.write || f.out != ""):
		return "-check and -diff write nothing: they cannot be used with -w or -o"
	case (f.inplace || f.force) && !f.write:
		return "-inplace and -force go with -w"
	case f.write && stdin:
		return "-w needs files or directories to rewrite, not standard input"
	case !stdin && slices.Contains(paths, "-"):
		return `"-" (standard input) cannot be mixed with paths`
	case set["o"] && f.out == "":
		return "-o needs a file or directory name"
	case set["report"] && f.report == "":
		return "-report needs a file name, or - for standard output"
	case f.report == "-" && !f.write && f.out == "" && (f.diff || !f.check):
		return "-report - would mix the report with the output on standard output: use -report FILE, or -o, -w or -check"
	}
	return ""
}

// loadPolicy returns the policy of -policy or -preset, or nil and the
// exit status after printing why it did not load.
func (e *env) loadPolicy(f *cleanFlags) (*policy.Policy, int) {
	if f.sanitizer != "" {
		return e.loadSanitizerConfig(f.sanitizer, sanitizerapi.ParseOptions{SkipUnknown: f.skipUnknown, Context: f.context})
	}
	if f.policyFile != "" {
		p, err := policy.LoadFile(f.policyFile)
		if err != nil {
			e.printPolicyErrors(f.policyFile, err)
			return nil, exitUsage
		}
		return p, exitOK
	}
	p, err := policy.Preset(f.preset)
	if err != nil {
		e.errorf("-preset %s: unknown preset (presets: %s)", excerpt(f.preset), strings.Join(policy.Presets(), ", "))
		return nil, exitUsage
	}
	return p, exitOK
}

// printPolicyErrors prints each error of a policy file on its own line,
// "htmlclean: file:line: field: message", as a compiler would.
func (e *env) printPolicyErrors(file string, err error) {
	for _, err := range flatten(err) {
		var ce *policy.ConfigError
		var pe *os.PathError
		switch {
		case errors.As(err, &ce):
			name := ce.File
			if name == "" {
				name = file
			}
			if ce.Line > 0 {
				name = fmt.Sprintf("%s:%d", name, ce.Line)
			}
			e.errorf("%s: %s: %s", name, clip(ce.Field), clip(ce.Msg))
		case errors.As(err, &pe):
			e.errorf("%s: %v", file, pe.Err)
		default:
			e.errorf("%s: %s", file, clip(strings.TrimPrefix(err.Error(), "policy: ")))
		}
	}
}

// flatten returns the leaves of a tree of errors.Join errors.
func flatten(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var all []error
		for _, e := range j.Unwrap() {
			all = append(all, flatten(e)...)
		}
		return all
	}
	return []error{err}
}

// openReport opens the -report destination: stdout for "-", else the file
// (created or truncated). The returned close function is a no-op for
// stdout.
func (e *env) openReport(name string) (io.Writer, func() error, error) {
	if name == "-" {
		return e.stdout, func() error { return nil }, nil
	}
	f, err := os.Create(name)
	if err != nil {
		return nil, nil, err
	}
	return &reportFile{f: f}, f.Close, nil
}
