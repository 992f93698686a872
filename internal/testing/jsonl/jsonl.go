// Package jsonl reads the JSON Lines files of the test corpora: one JSON
// value a line, blank lines skipped.
package jsonl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

// maxLine bounds one line; the longest corpus line is a few KiB.
const maxLine = 1 << 20

// Read decodes every non-blank line of the file at path into a T. An
// error names the file and the line.
func Read[T any](path string) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var all []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		all = append(all, v)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return all, nil
}
