//go:build ignore

// extract_bench_urls writes bench_urls.jsonl: every URL-bearing attribute
// value (entity-decoded, as urlnorm receives it; srcset split into
// candidates) of every file in the bench corpus, one JSON string per
// line, in corpus order. Run from the repository root:
//
//	go run urlnorm/testdata/extract_bench_urls.go testdata/corpus/bench > urlnorm/testdata/bench_urls.jsonl
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/net/html"
)

var urlAttrs = map[string]bool{
	"href": true, "src": true, "action": true, "formaction": true, "cite": true,
	"poster": true, "background": true, "data": true, "longdesc": true,
	"usemap": true, "xlink:href": true, "manifest": true, "icon": true,
	"codebase": true, "lowsrc": true, "dynsrc": true, "itemid": true,
}

func main() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	err := filepath.WalkDir(os.Args[1], func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		z := html.NewTokenizer(f)
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				return nil
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			for _, a := range z.Token().Attr {
				key := a.Key
				if a.Namespace != "" {
					key = a.Namespace + ":" + key
				}
				switch {
				case urlAttrs[key]:
					enc.Encode(a.Val)
				case key == "srcset":
					for _, c := range strings.Split(a.Val, ",") {
						if f := strings.Fields(c); len(f) > 0 {
							enc.Encode(f[0])
						}
					}
				}
			}
		}
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
