package main

import (
	"bufio"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReportFlagsMatchURLCommand checks that the two ways of asking about
// a URL agree, so a user can trust either: for every URL of the
// suspicious-encoding catalogue, `htmlclean url -json` and a
// -report line for the same URL as a link name the same flags, and every
// flagged URL the policy keeps has a report line.
func TestReportFlagsMatchURLCommand(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "testdata", "corpus", "url", "suspicious_encodings.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var inputs []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v struct{ Input string }
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		if !strings.ContainsAny(v.Input, "\"\x00") {
			inputs = append(inputs, v.Input)
		}
	}
	// What the url command says of each, one invocation per URL.
	type urlLine struct {
		Input, URL string
		Flags      []string
	}
	byInput := map[string]urlLine{}
	for _, in := range inputs {
		out := invoke(t, "", "url", "-json", in)
		var l urlLine
		if err := json.Unmarshal([]byte(out.stdout), &l); err != nil {
			t.Fatalf("url -json %q: %v: %s", in, err, out.stdout)
		}
		byInput[in] = l
	}
	// The same URLs as links, one per line, through the sanitiser.
	var doc strings.Builder
	for _, in := range inputs {
		doc.WriteString(`<a href="` + html.EscapeString(in) + "\">x</a>\n")
	}
	got := invoke(t, doc.String(), "-check", "-report", "-", "-")
	type reportedLine struct {
		action string
		flags  []string
	}
	reported := map[string]reportedLine{}
	for line := range strings.Lines(got.stdout) {
		var rl struct {
			Attribute, Action, Before string
			Flags                     []string
		}
		if err := json.Unmarshal([]byte(line), &rl); err != nil || rl.Attribute != "href" {
			continue
		}
		reported[rl.Before] = reportedLine{rl.Action, rl.Flags}
	}
	checked := 0
	for _, in := range inputs {
		l := byInput[in]
		if l.URL == "" || len(l.Flags) == 0 {
			continue // refused by urlnorm, or nothing to see
		}
		r, ok := reported[in]
		switch {
		case !ok:
			t.Errorf("%q: flagged %v by url -json, no -report line", in, l.Flags)
		case r.action == "removed-attribute" && r.flags == nil:
			// ugc refused it for its own rules (a scheme it does not
			// allow): the reason says why, and no flag is lost.
		case !slices.Equal(r.flags, l.Flags):
			t.Errorf("%q: url -json flags %v, -report %s flags %v", in, l.Flags, r.action, r.flags)
		default:
			checked++
		}
	}
	if checked < 30 {
		t.Errorf("only %d flagged URLs compared: the test proves little", checked)
	}
	t.Logf("%d flagged URLs: the same flags in url -json and -report", checked)
}
