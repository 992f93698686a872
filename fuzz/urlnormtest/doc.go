// Package urlnormtest holds the urlnorm tests that need the WHATWG URL
// oracle: the web-platform-tests URL data, judged case by case, and the
// answers to the questions the root module's urlnorm tests record
// through internal/testing/oraclelog. It has no code of its own.
package urlnormtest
