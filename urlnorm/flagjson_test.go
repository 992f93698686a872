package urlnorm

import (
	"encoding/json"
	"testing"
)

func TestFlagsJSON(t *testing.T) {
	for i := range numFlags {
		f := Flags(1) << i
		got, ok := FlagByName(flagNames[i])
		if !ok || got != f {
			t.Errorf("FlagByName(%q) = %v, %v; want %v", flagNames[i], got, ok, f)
		}
	}
	all := AllFlags
	b, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	var back Flags
	if err := json.Unmarshal(b, &back); err != nil || back != all {
		t.Errorf("round trip of %s: %v, %v", b, back, err)
	}
	if b, _ := json.Marshal(FlagNumericIPv4 | FlagUserinfo); string(b) != `["userinfo","numeric-ipv4"]` {
		t.Errorf("Marshal = %s", b)
	}
	if err := json.Unmarshal([]byte(`["no-such-flag"]`), &back); err == nil {
		t.Error("an unknown flag name was accepted")
	}
	if _, err := json.Marshal(Flags(1 << 31)); err == nil {
		t.Error("an unknown flag bit was written")
	}
}
