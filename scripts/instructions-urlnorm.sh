#!/usr/bin/env bash
# Counts the instructions one URL costs, over the URL corpus
# (urlnorm/testdata/bench_urls.jsonl: every URL attribute of the bench
# pages and comments), for urlnorm.Normalize, for net/url's Parse+String
# (what bluemonday does with every URL) and for ada, the C++ WHATWG URL
# parser (https://github.com/ada-url/ada, release v3.4.4), under
# valgrind's callgrind: unlike time, the count does not change with the
# machine's load.
#
#   scripts/instructions-urlnorm.sh                # all three
#   ADA_DIR=/path/to/ada scripts/instructions-urlnorm.sh
#   scripts/instructions-urlnorm.sh urlnorm        # one of urlnorm, net-url, ada
#
# Each implementation runs over the whole list once and five times;
# loading the list, building the program and the loop's set-up cost the
# same in both runs, so one pass costs a quarter of the difference, and a
# URL that pass divided by the number of URLs.
#
# Go: BenchmarkCorpus in urlnorm (b.Loop; GOMAXPROCS=1, no asynchronous
# preemption, so that the count does not depend on signals' timing).
# ada: a driver (written below) that parses every URL with
# ada::parse<ada::url_aggregator> against the base https://example.org/
# (the corpus holds relative references, which ada cannot parse without
# one; urlnorm keeps them relative) and reads the href, built with g++ -O2
# from ada's sources: ADA_DIR, or a shallow clone of the v3.4.4 tag.
#
# Needs valgrind, g++ and jq (Debian: apt-get install -y valgrind g++ jq)
# and the Go toolchain the README names.
set -euo pipefail
export GOTOOLCHAIN=go1.27.3 # the toolchain go.mod names (README, Install)
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
corpus="$root/urlnorm/testdata/bench_urls.jsonl"
nurls=$(wc -l <"$corpus")
impls=("$@")
[ ${#impls[@]} -gt 0 ] || impls=(urlnorm net-url ada)

callgrind() { # command... ; prints the instructions counted
	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
		--callgrind-out-file=/dev/null "$@" >/dev/null 2>"$work/log"
	grep -o 'Collected : [0-9]*' "$work/log" | awk '{print $3}'
}

go_count() { # sub-benchmark, passes (run in urlnorm/, for its testdata)
	cd "$root/urlnorm"
	callgrind "$work/urlnorm.test" -test.run='^$' \
		-test.bench="^BenchmarkCorpus\$/^$1\$" -test.benchtime="$2x" -test.cpu=1
}

build_ada() {
	local src=${ADA_DIR:-}
	if [ -z "$src" ]; then
		src="$work/ada"
		git clone -q --depth 1 --branch v3.4.4 https://github.com/ada-url/ada "$src"
	fi
	cat >"$work/ada_urls.cpp" <<'EOF'
// Parses every NUL-terminated URL of argv[1], argv[2] times, and sums the
// hrefs' lengths so that no parse is optimised away.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>
#include "ada.h"

int main(int argc, char **argv) {
  if (argc != 3) return 2;
  std::ifstream f(argv[1], std::ios::binary);
  std::string all((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::vector<std::string> urls;
  size_t start = 0;
  for (size_t i = 0; i < all.size(); i++) {
    if (all[i] == '\0') {
      urls.push_back(all.substr(start, i - start));
      start = i + 1;
    }
  }
  auto base = ada::parse<ada::url_aggregator>("https://example.org/");
  if (!base) return 2;
  const int passes = std::atoi(argv[2]);
  size_t total = 0, ok = 0;
  for (int p = 0; p < passes; p++) {
    for (const auto &u : urls) {
      auto r = ada::parse<ada::url_aggregator>(u, &*base);
      if (r) {
        total += r->get_href().size();
        ok++;
      }
    }
  }
  std::printf("%zu urls, %zu parsed, %zu bytes\n", urls.size(), ok, total);
  return 0;
}
EOF
	g++ -O2 -std=c++20 -DADA_INCLUDE_URL_PATTERN=0 -I"$src/include" -I"$src/src" \
		-o "$work/ada_urls" "$work/ada_urls.cpp" "$src/src/ada.cpp"
	jq -j '. + "\u0000"' "$corpus" >"$work/urls.bin"
}

for impl in "${impls[@]}"; do
	case $impl in
	urlnorm | net-url)
		[ -x "$work/urlnorm.test" ] || (cd "$root/urlnorm" && go test -c -o "$work/urlnorm.test" .)
		one=$(go_count "$impl" 1)
		five=$(go_count "$impl" 5)
		;;
	ada)
		[ -x "$work/ada_urls" ] || build_ada
		cd "$work"
		one=$(callgrind "$work/ada_urls" "$work/urls.bin" 1)
		five=$(callgrind "$work/ada_urls" "$work/urls.bin" 5)
		;;
	*)
		echo "instructions-urlnorm.sh: unknown implementation $impl" >&2
		exit 2
		;;
	esac
	awk -v i="$impl" -v d="$((five - one))" -v n="$nurls" \
		'BEGIN { printf "%-8s %7.0f instructions per URL (%d URLs)\n", i, d/4/n, n }'
done
