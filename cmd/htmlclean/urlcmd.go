package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// userinfoFlag is the -userinfo flag: reject, strip or keep.
type userinfoFlag struct{ v urlnorm.UserinfoPolicy }

var userinfoNames = []string{"reject", "strip", "keep"} // indexed by urlnorm.UserinfoPolicy

func (f *userinfoFlag) String() string { return userinfoNames[f.v] }

func (f *userinfoFlag) Set(s string) error {
	for i, name := range userinfoNames {
		if s == name {
			f.v = urlnorm.UserinfoPolicy(i)
			return nil
		}
	}
	return errors.New("want reject, strip or keep")
}

// urlLine is one line of "htmlclean url -json". URL is a pointer because
// the canonical form of an empty relative reference is "" and must still
// be printed; absent fields are omitted.
type urlLine struct {
	Input  string   `json:"input"`
	URL    *string  `json:"url,omitempty"`
	Flags  []string `json:"flags,omitempty"`
	Reject string   `json:"reject,omitempty"`
	// Cause is, for a nested-url rejection, the reason the innermost
	// nested URL was refused.
	Cause string `json:"cause,omitempty"`
}

// urlMain is "htmlclean url": urlnorm.Inspect on each argument, or on each
// line of standard input.
func (e *env) urlMain(args []string) int {
	c := &urlCommand
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	var opts urlnorm.Options
	var userinfo userinfoFlag
	jsonOut := fs.Bool("json", false, "print one JSON object per URL: input, url, flags, reject, cause")
	strict := fs.Bool("strict", false, "reject every URL with a suspicious encoding (a flag) that ordinary links do not carry, as the presets' urls.strict does")
	all := fs.Bool("strict-all", false, "reject every URL with any flag at all")
	fs.Var(&userinfo, "userinfo", "what to do with user:password@ before a host: `reject` (the default), strip or keep")
	fs.BoolVar(&opts.Nested, "nested", false, "also inspect URLs nested in query values, plain or SiteMinder-encoded (open redirects)")
	if status, ok := e.parseFlags(c, fs, args); !ok {
		return status
	}
	opts.Userinfo = userinfo.v
	switch {
	case *all:
		opts.Strict = true
	case *strict:
		opts.Reject = strictReject()
	}
	out := bufio.NewWriter(e.stdout)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false) // "&" and "<" stay readable in URLs
	rejected := false
	err := e.eachValue(fs.Args(), out, func(raw string) error {
		res, err := urlnorm.Inspect(raw, opts)
		var re *urlnorm.RejectError
		if err != nil && !errors.As(err, &re) {
			return err // not a rejection: a bug, reported as such
		}
		rejected = rejected || re != nil
		if *jsonOut {
			return enc.Encode(inspectLine(raw, res, re))
		}
		if re != nil {
			_, err = fmt.Fprintf(out, "reject\t%s\n", re.Reason)
		} else {
			_, err = fmt.Fprintln(out, res.URL)
		}
		return err
	})
	if err != nil {
		e.errorf("%s", clip(err.Error()))
		return exitFail
	}
	if rejected {
		return exitFail
	}
	return exitOK
}

// inspectLine is the -json object for one input. A URL refused by -strict
// lists the flags that refused it; one refused for a nested URL names the
// innermost nested URL's reason (and flags) as its cause.
func inspectLine(raw string, res urlnorm.Result, re *urlnorm.RejectError) urlLine {
	l := urlLine{Input: raw}
	if re != nil {
		l.Reject = re.Reason.String()
		l.Flags = re.Flags.Names()
		inner := re
		for inner.Reason == urlnorm.ReasonNestedURL {
			var next *urlnorm.RejectError
			if !errors.As(inner.Err, &next) {
				break
			}
			inner = next
		}
		if inner != re {
			l.Cause = inner.Reason.String()
			l.Flags = inner.Flags.Names()
		}
		return l
	}
	l.URL = &res.URL
	l.Flags = res.Flags.Names()
	return l
}

// eachValue calls fn for each argument or, with none, for each line of
// standard input (without its "\n" or "\r\n"), then flushes out. It
// flushes before waiting for more input, so a person typing sees each
// answer at once.
func (e *env) eachValue(args []string, out *bufio.Writer, fn func(string) error) error {
	if len(args) > 0 {
		for _, a := range args {
			if err := fn(a); err != nil {
				return err
			}
		}
		return out.Flush()
	}
	in := bufio.NewReader(e.stdin)
	for {
		if in.Buffered() == 0 {
			if err := out.Flush(); err != nil {
				return err
			}
		}
		line, err := in.ReadString('\n')
		if line != "" {
			line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
			if ferr := fn(line); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return out.Flush()
		}
		if err != nil {
			return fmt.Errorf("reading standard input: %w", err)
		}
	}
}

// strictReject is what the presets reject under urls.strict: every flag
// but those ordinary links carry (share links, SiteMinder targets,
// upper-case IDNs, "100%_Orange_Juice", ...). Compiling a preset cannot
// fail; if it ever did, every flag is rejected.
func strictReject() urlnorm.Flags {
	c, err := policy.PresetConfig("ugc")
	if err != nil {
		return urlnorm.AllFlags
	}
	c.URLs.Strict = true
	p, err := policy.Compile(c)
	if err != nil {
		return urlnorm.AllFlags
	}
	return p.URLOptions().Reject
}
