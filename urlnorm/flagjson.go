package urlnorm

import (
	"encoding/json"
	"fmt"
)

// AllFlags has every flag this version of the package knows.
const AllFlags Flags = 1<<numFlags - 1

// FlagByName returns the flag with the given name, as [Flags.Names]
// writes it ("numeric-ipv4", "confusable", ...).
func FlagByName(name string) (Flags, bool) {
	for i, n := range flagNames {
		if n == name {
			return 1 << i, true
		}
	}
	return 0, false
}

// MarshalJSON writes the flags as a list of their names, in the order of
// [Flags.Names]: the names `htmlclean url -json` and `-report` print.
func (f Flags) MarshalJSON() ([]byte, error) {
	if unknown := f &^ AllFlags; unknown != 0 {
		return nil, fmt.Errorf("urlnorm: unknown flags %#x", uint32(unknown))
	}
	names := f.Names()
	if names == nil {
		names = []string{}
	}
	return json.Marshal(names)
}

// UnmarshalJSON reads a list of flag names; an unknown name is an error.
func (f *Flags) UnmarshalJSON(b []byte) error {
	var names []string
	if err := json.Unmarshal(b, &names); err != nil {
		return fmt.Errorf("urlnorm: flags: %w", err)
	}
	var out Flags
	for _, n := range names {
		flag, ok := FlagByName(n)
		if !ok {
			return fmt.Errorf("urlnorm: unknown flag %q", n)
		}
		out |= flag
	}
	*f = out
	return nil
}
