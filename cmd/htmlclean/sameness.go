package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/htmlclean/htmlclean/internal/safefile"
)

// sameFile returns why an output (-o, -report) would overwrite an input
// or another output, or "". It runs before anything is opened for
// writing: opening -report truncates it, and an input truncated before
// it is read is lost. Files are compared by identity, so hard links,
// symlinks and other spellings of a path are caught; an output that does
// not exist yet cannot be an input, and is compared with the other
// outputs by its absolute path.
func (pl *plan) sameFile(f *cleanFlags) string {
	var inputs, outputs safefile.Set
	for _, j := range pl.jobs {
		if j.info != nil {
			inputs.Add(j.path, j.info)
		}
	}
	newOut := map[string]string{} // absolute path → -o output not yet written
	for _, j := range pl.jobs {
		if j.out == "" {
			continue
		}
		fi, err := os.Stat(j.out)
		if err != nil {
			abs, _ := filepath.Abs(j.out)
			newOut[abs] = j.out
			continue
		}
		if in, ok := inputs.Find(fi); ok {
			return fmt.Sprintf("-o %s: the output %s would overwrite the input %s (-w rewrites files in place)", f.out, j.out, in)
		}
		outputs.Add(j.out, fi)
	}
	if f.report == "" || f.report == "-" {
		return ""
	}
	fi, err := os.Stat(f.report)
	if err != nil {
		abs, _ := filepath.Abs(f.report)
		if out, ok := newOut[abs]; ok {
			return fmt.Sprintf("-report %s: the report would overwrite the output %s", f.report, out)
		}
		return ""
	}
	if in, ok := inputs.Find(fi); ok {
		return fmt.Sprintf("-report %s: the report would overwrite the input %s", f.report, in)
	}
	if out, ok := outputs.Find(fi); ok {
		return fmt.Sprintf("-report %s: the report would overwrite the output %s", f.report, out)
	}
	return ""
}
