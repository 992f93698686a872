package jsonl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	type rec struct{ A string }
	got, err := Read[rec](write("ok.jsonl", "{\"A\":\"x\"}\n\n  \n{\"A\":\"y\"}"))
	if err != nil || len(got) != 2 || got[0].A != "x" || got[1].A != "y" {
		t.Errorf("Read = %v, %v; want [{x} {y}]", got, err)
	}
	_, err = Read[rec](write("bad.jsonl", "{\"A\":\"x\"}\n{\"A\":\n"))
	if err == nil || !strings.Contains(err.Error(), "bad.jsonl:2:") {
		t.Errorf("Read of a broken second line: error %v, want one naming bad.jsonl:2", err)
	}
	if _, err := Read[rec](filepath.Join(dir, "missing.jsonl")); err == nil {
		t.Error("Read of a missing file: no error")
	}
}
