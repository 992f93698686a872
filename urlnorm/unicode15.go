//go:build !go1.27

package urlnorm

// unicode17 is false when x/net/idna and x/text fall back to their Unicode
// 15.0 tables (Go before 1.27). Hosts whose UTS #46 mapping changed since
// are refused rather than mapped the old way (see judgeUTS46); hosts with
// code points assigned since are refused as disallowed. Build with Go 1.27
// or later for the mapping browsers use.
const unicode17 = false
