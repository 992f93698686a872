package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// smMain is "htmlclean sm encode|decode": the SiteMinder SM-encoding
// codec of urlnorm, one value per argument or per line of standard input.
func (e *env) smMain(args []string) int {
	c := &smCommand
	if len(args) == 0 {
		return e.usageError(c, "sm needs encode or decode")
	}
	switch args[0] {
	case "encode":
		return e.smEncode(args[1:])
	case "decode":
		return e.smDecode(args[1:])
	case "-h", "-help", "--help":
		e.help(c, nil)
		return exitOK
	}
	return e.usageError(c, "sm %s: unknown; want encode or decode", excerpt(args[0]))
}

func (e *env) smEncode(args []string) int {
	c := &smEncodeCommand
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	var opts urlnorm.SMOptions
	fs.BoolVar(&opts.Legacy, "legacy", false, `legacy encoding: prefix "$SM$", escape character "$" (agents with LegacyEncoding=YES)`)
	fs.BoolVar(&opts.Always, "always", false, `encode every value, even one without a trigger character (space & + ? % $), as agents encode TARGET`)
	values, status, ok := e.parseSMFlags(c, fs, args)
	if !ok {
		return status
	}
	out := bufio.NewWriter(e.stdout)
	err := e.eachValue(values, out, func(v string) error {
		_, err := fmt.Fprintln(out, urlnorm.EncodeSM(v, opts))
		return err
	})
	if err != nil {
		e.errorf("%s", clip(err.Error()))
		return exitFail
	}
	return exitOK
}

func (e *env) smDecode(args []string) int {
	c := &smDecodeCommand
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	values, status, ok := e.parseSMFlags(c, fs, args)
	if !ok {
		return status
	}
	out := bufio.NewWriter(e.stdout)
	failed := false
	err := e.eachValue(values, out, func(v string) error {
		got, err := urlnorm.DecodeSM(v)
		var re *urlnorm.RejectError
		switch {
		case errors.As(err, &re):
			failed = true
			e.errorf("sm decode %s: %s", quoted(v), smProblem(re))
			_, err = fmt.Fprintf(out, "error\t%s\n", re.Reason)
		case err != nil:
			return err
		default:
			_, err = fmt.Fprintln(out, got)
		}
		return err
	})
	if err != nil {
		e.errorf("%s", clip(err.Error()))
		return exitFail
	}
	if failed {
		return exitFail
	}
	return exitOK
}

// parseSMFlags parses the flags of an sm command and returns the values.
// A framework-encoded value starts with "-SM-", which the flag package
// would take for a flag: flags end before the first such argument (or at
// "--", or at the first argument without a "-", as usual).
func (e *env) parseSMFlags(c *command, fs *flag.FlagSet, args []string) ([]string, int, bool) {
	i := slices.IndexFunc(args, func(a string) bool { return strings.HasPrefix(a, "-SM-") })
	if i < 0 {
		i = len(args)
	}
	if status, ok := e.parseFlags(c, fs, args[:i]); !ok {
		return nil, status, false
	}
	return append(fs.Args(), args[i:]...), exitOK, true
}

// smProblem says what is wrong at the offset of a DecodeSM error, which
// has one reason for both of its cases.
func smProblem(re *urlnorm.RejectError) string {
	if re.Offset < len(re.Input) && re.Input[re.Offset] == '%' {
		return fmt.Sprintf("byte %d: %% not followed by two hex digits", re.Offset)
	}
	return fmt.Sprintf("byte %d: escape character at the end", re.Offset)
}
