// Package fuzz holds the native Go fuzz targets of htmlclean. They use only
// the exported APIs and assert properties rather than outputs: no panic,
// idempotence, browser meaning preserved (judged by a WHATWG URL parser),
// agreement with Go's net/url, and that no disallowed scheme survives.
//
// Run one target at a time, for example:
//
//	go test ./fuzz -run='^$' -fuzz='^FuzzNormalize$' -fuzztime=10m
//
// Inputs the fuzzer finds are committed under testdata/fuzz/<Target>/ and
// replay on every plain `go test ./...`.
package fuzz
