// Package policystage hands package sanitize the bluemonday stage of a
// compiled policy without making it part of package policy's API.
//
// Run alone, that stage is not a sanitiser: it keeps what the tokenizer
// pass would refuse (userinfo, confusable hosts, URLs urlnorm rejects),
// so a public Policy.Apply would be a footgun. Only packages of this
// module can import an internal package.
//
// Apply is set once, by package policy's init, before any code that can
// hold a *policy.Policy runs; it is a one-entry lookup table, not state
// (Go has no other way to call an unexported method across packages
// without unsafe tricks).
package policystage

import "io"

// Apply runs the bluemonday allowlist of p, a *policy.Policy, over HTML
// from r and writes the result to w. It streams.
var Apply func(p any, w io.Writer, r io.Reader) error
