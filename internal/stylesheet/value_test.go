package stylesheet

import "testing"

// TestIsImportant: "important" is read in any case and through escapes,
// and nothing else reads as it.
func TestIsImportant(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"important", true},
		{"IMPORTANT", true},
		{"ImPoRtAnT", true},
		{`imp\6frtant`, true},
		{`\49 mportant`, true},
		{"importan", false},
		{"importantt", false},
		{"imp0rtant", false},
		{"\u0130mportant"[:9], false},
	}
	for _, tc := range tests {
		if got := isImportant([]byte(tc.in)); got != tc.want {
			t.Errorf("isImportant(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
