#!/usr/bin/env bash
# Counts the instructions one pass over the bench corpus costs, for
# htmlclean's ugc pipeline and for bluemonday's UGCPolicy alone, under
# valgrind's callgrind: unlike time, the count does not change with the
# machine's load. Loading the corpus is subtracted: each benchmark runs
# once and five times, and a pass costs a quarter of the difference
# (four passes even out the garbage collector's share).
#
#   scripts/instructions.sh            # Comments and Pages
#   scripts/instructions.sh Comments   # one of them
#   scripts/instructions.sh -stages    # each stage apart (BenchmarkStages)
#   scripts/instructions.sh -stages comments pass   # one corpus, one stage
#   scripts/instructions.sh -stw ...   # the same, the collector stopping the world
#
# The garbage collector normally marks while the program runs, and when it
# starts depends on the scheduler, which under valgrind depends on time:
# a page's count moves by up to 7% between two runs. With -stw
# (GODEBUG=gcstoptheworld=1) it marks with the program stopped, so counts
# repeat within 0.2%; write barriers, which run only while the collector
# marks concurrently, are then not counted, for either implementation.
#
# Needs valgrind (Debian: apt-get install -y valgrind).
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the toolchain go.mod names (README, Install)
godebug=asyncpreemptoff=1
if [ "${1:-}" = -stw ]; then
	godebug=$godebug,gcstoptheworld=1
	shift
fi
cd "$(dirname "$0")/../sanitize"
bin=$(mktemp -d)/sanitize.test
go test -c -o "$bin" .
count() { # benchmark, sub-benchmark, iterations
	local out
	out=$(mktemp)
	GODEBUG=$godebug GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$bin" -test.run='^$' -test.bench="^Benchmark$1\$/^$2\$" -test.benchtime="$3x" -test.cpu=1 \
		>/dev/null 2>"$out"
	grep -o 'Collected : [0-9]*' "$out" | awk '{print $3}'
	rm -f "$out"
}
if [ "${1:-}" = -stages ]; then
	sets=(comments pages)
	parts=(htmlscan identity-tokenizer pass bluemonday-stage bluemonday-stage+follower pipeline bluemonday-ugc)
	[ $# -ge 2 ] && sets=("$2")
	[ $# -ge 3 ] && parts=("$3")
	for set in "${sets[@]}"; do
		for part in "${parts[@]}"; do
			one=$(count Stages "$set\$/^${part//+/\\+}" 1)
			five=$(count Stages "$set\$/^${part//+/\\+}" 5)
			awk -v s="$set" -v p="$part" -v n="$(((five - one) / 4))" \
				'BEGIN { printf "%-9s %-26s %7.1f M\n", s, p, n/1e6 }'
		done
	done
	exit 0
fi
benches=("$@")
[ ${#benches[@]} -gt 0 ] || benches=(Comments Pages)
for bench in "${benches[@]}"; do
	for impl in htmlclean-ugc bluemonday-ugc; do
		one=$(count "$bench" "$impl" 1)
		five=$(count "$bench" "$impl" 5)
		eval "n_${impl%%-*}=$(((five - one) / 4))"
	done
	awk -v b="$bench" -v h="$n_htmlclean" -v m="$n_bluemonday" \
		'BEGIN { printf "%-9s htmlclean %5.1f M  bluemonday %5.1f M  ratio %.3f\n", b, h/1e6, m/1e6, m/h }'
done
