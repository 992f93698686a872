// Package sanitizetest holds the sanitize tests that need the WHATWG URL
// oracle: the deception set (a kept link goes where the browser would
// have gone), the differential comparison with bluemonday's own test
// expectations, and the XSS corpus judged with the oracle's reading of
// every URL. It has no code of its own.
package sanitizetest
