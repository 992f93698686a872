//go:build go1.27

package urlnorm

// unicode17 reports that x/net/idna and x/text run on their Unicode 17.0
// tables (tables17.0.0.go, built only by Go 1.27 and later): the UTS #46
// mapping browsers use today (U+1E9E maps to "ß", U+180E is ignored, ...).
const unicode17 = true
