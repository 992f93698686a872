#!/usr/bin/env bash
# Counts the instructions of one pass of internal/htmlscan's Scanner and of
# x/net/html's Tokenizer over the bench corpus (BenchmarkScan), under
# valgrind's callgrind, as scripts/instructions.sh does: each benchmark
# runs once and five times, and a pass costs a quarter of the difference.
# "raw" reads each token's Raw bytes; "decode" its name, attributes and text.
#
#   scripts/instructions-htmlscan.sh                 # comments and pages
#   scripts/instructions-htmlscan.sh comments raw    # one corpus, one mode
#
# Needs valgrind (Debian: apt-get install -y valgrind).
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the toolchain go.mod names (README, Install)
cd "$(dirname "$0")/../internal/htmlscan"
bin=$(mktemp -d)/htmlscan.test
go test -c -o "$bin" .
count() { # corpus, implementation, mode, iterations
	local out
	out=$(mktemp)
	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$bin" -test.run='^$' -test.bench="^BenchmarkScan\$/^$1\$/^$2\$/^$3\$" -test.benchtime="$4x" -test.cpu=1 \
		>/dev/null 2>"$out"
	grep -o 'Collected : [0-9]*' "$out" | awk '{print $3}'
	rm -f "$out"
}
sets=(comments pages)
modes=(raw decode)
[ $# -ge 1 ] && sets=("$1")
[ $# -ge 2 ] && modes=("$2")
for set in "${sets[@]}"; do
	for mode in "${modes[@]}"; do
		for impl in tokenizer scanner; do
			one=$(count "$set" "$impl" "$mode" 1)
			five=$(count "$set" "$impl" "$mode" 5)
			eval "n_$impl=$(((five - one) / 4))"
		done
		awk -v s="$set" -v m="$mode" -v t="$n_tokenizer" -v c="$n_scanner" \
			'BEGIN { printf "%-8s %-6s tokenizer %6.1f M  scanner %6.1f M  ratio %.3f\n", s, m, t/1e6, c/1e6, c/t }'
	done
done
