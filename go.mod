module github.com/htmlclean/htmlclean

go 1.26.0

toolchain go1.27.3

require (
	github.com/google/go-cmp v0.7.0
	github.com/microcosm-cc/bluemonday v1.0.27
	github.com/sergi/go-diff v1.4.0
	github.com/tdewolff/parse/v2 v2.8.20
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/net v0.62.0
	golang.org/x/text v0.43.0
)

require (
	github.com/aymerick/douceur v0.2.0 // indirect
	github.com/gorilla/css v1.0.1 // indirect
)
