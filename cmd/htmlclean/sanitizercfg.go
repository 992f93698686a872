package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// loadSanitizerConfig reads -sanitizer-config FILE: an HTML Sanitizer API
// configuration. Errors go to stderr as "htmlclean: FILE: json.path:
// message" (exit 2), a member the spec does not define among them unless
// opts skips it; what htmlclean keeps less of than setHTML() would, and
// each member skipped, goes there too, as notes, and the run goes on.
func (e *env) loadSanitizerConfig(file string, opts sanitizerapi.ParseOptions) (*policy.Policy, int) {
	data, err := readLimited(file)
	if err != nil {
		e.errorf("%s: %s", file, clip(err.Error()))
		return nil, exitUsage
	}
	sc, err := sanitizerapi.ParseWith(data, opts)
	if err != nil {
		e.printPolicyErrors(file, err)
		return nil, exitUsage
	}
	c, notes := sc.PolicyConfig()
	p, err := policy.Compile(c)
	if err != nil {
		// The mapping only writes what Compile accepts; should it not,
		// say so rather than run with another policy.
		e.printPolicyErrors(file, err)
		return nil, exitUsage
	}
	for _, n := range notes {
		e.errorf("%s: note: %s", file, clip(n))
	}
	return p, exitOK
}

// readLimited reads a configuration file of at most 1 MiB (and one byte,
// for sanitizerapi.Parse to refuse).
func readLimited(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		if pe, ok := err.(*os.PathError); ok {
			return nil, pe.Err
		}
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, 1<<20+1))
}

// printPolicy writes -print-policy in the -format asked for.
func (e *env) printPolicy(p *policy.Policy, format string) int {
	if format == "sanitizer-config" {
		data, err := json.MarshalIndent(sanitizerapi.Export(p), "", "  ")
		if err != nil {
			e.errorf("%s", clip(err.Error()))
			return exitFail
		}
		_, err = fmt.Fprintf(e.stdout, "%s\n", data)
		return e.printed(err)
	}
	_, err := fmt.Fprint(e.stdout, p.String())
	return e.printed(err)
}

// printed is the exit status of a command whose whole output is one
// print to standard output that returned err: a write that failed, or
// wrote less, lost it.
func (e *env) printed(err error) int {
	if err != nil {
		e.errorf("writing standard output: %s", clip(err.Error()))
		return exitFail
	}
	return exitOK
}
