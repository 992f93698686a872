// Package fuzz holds the native Go fuzz targets of htmlclean. They use only
// the exported APIs and assert properties rather than outputs: no panic,
// idempotence, browser meaning preserved (judged by a WHATWG URL parser),
// agreement with Go's net/url, and that no disallowed scheme survives.
//
// fuzz/ is a module of its own (github.com/htmlclean/htmlclean/fuzz, with
// the checkout's root module replaced in), because its WHATWG URL oracle,
// internal/oracle over github.com/nlnwa/whatwg-url, must stay out of the
// module graph of programs that import htmlclean. The tests that need the
// oracle live here too: urlnormtest (web-platform-tests URL data, and the
// answers to the questions the root module's urlnorm tests record through
// internal/testing/oraclelog) and sanitizetest (deception set, bluemonday
// differential, XSS corpus under the oracle's judge).
//
// Run everything from this directory, one fuzz target at a time:
//
//	cd fuzz
//	go test ./...
//	go test . -run='^$' -fuzz='^FuzzNormalize$' -fuzztime=10m
//
// Inputs the fuzzer finds are committed under testdata/fuzz/<Target>/ and
// replay on every plain `go test ./...` here.
package fuzz
