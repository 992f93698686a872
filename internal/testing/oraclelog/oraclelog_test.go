package oraclelog

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

func TestAsk(t *testing.T) {
	log := filepath.Join(t.TempDir(), "q.jsonl")
	t.Setenv(Env, "")
	Ask(t, Question{Check: GoAgrees, Out: "http://a/"})
	if _, err := os.Stat(log); !os.IsNotExist(err) {
		t.Fatalf("without %s, Ask wrote %s (%v)", Env, log, err)
	}
	t.Setenv(Env, log)
	want := []Question{
		{Check: GoAgrees, Out: "http://a/"},
		{Check: SameMeaning, In: "HTTP://a/", Out: "http://a/"},
		{Check: SameMeaning, In: "x\ny", Out: "/a/c", Differ: true},
	}
	for _, q := range want {
		Ask(t, q)
	}
	f, err := os.Open(log)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var got []Question
	for sc.Scan() {
		var q Question
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		got = append(got, q)
	}
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d", len(got), len(want))
	}
	for i := range want {
		want[i].Test = t.Name()
		if got[i] != want[i] {
			t.Errorf("line %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
