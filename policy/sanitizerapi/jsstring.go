package sanitizerapi

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// jsString returns what JavaScript's String() gives for a JSON number or
// boolean (ECMA-262 §6.1.6.1.20 Number::toString): how a browser names
// an element or attribute listed as 123 or true in a SanitizerConfig.
func jsString(raw []byte) (string, bool) {
	raw = bytes.TrimSpace(raw)
	switch string(raw) {
	case "true", "false":
		return string(raw), true
	}
	var f float64
	if json.Unmarshal(raw, &f) != nil || math.IsInf(f, 0) {
		return "", false
	}
	abs := math.Abs(f)
	if f == 0 {
		return "0", true // -0 too
	}
	if abs >= 1e-6 && abs < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64), true
	}
	// Shortest digits in exponent form: Go writes "1e-07" and "1e+21",
	// JavaScript "1e-7" and "1e+21".
	s := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	sign, digits := exp[:1], strings.TrimLeft(exp[1:], "0")
	return mant + "e" + sign + digits, true
}
