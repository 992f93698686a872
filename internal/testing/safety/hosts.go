package safety

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/testing/domtest"
)

// Host is markup a page puts around the output: Open, then the output,
// then Close. Open gives the element that holds the output the attribute
// data-page="a" and the host's outermost element data-page="w". Model says
// which outputs the element may hold by the HTML content models (WHATWG
// HTML §4): a page that puts a <div> in a <p> or a link in a link leaves
// the tree it wrote, unless its policy names the container
// (policy.Config.Container), which keeps the output to what Model admits.
type Host struct {
	Name, Open, Close string
	Model             Model
	// Element is the element that holds the output, as a policy's
	// container setting names it (policy.Config.Container).
	Element string
}

// Model is a content model, as far as containment depends on it.
type Model uint8

const (
	// Flow content: any output.
	Flow Model = iota
	// FlowNoForm is flow content without a <form>: a browser ignores a
	// form start tag inside a form, and then lets its end tag close the
	// page's (HTML §13.2.6.4.7, the form element pointer).
	FlowNoForm
	// Phrasing content only (<p>, <span>, <pre>, headings, <ruby>).
	Phrasing
	// Phrasing content with no interactive content (<a>, <button>).
	PhrasingNoInteractive
)

// Hosts are the containers the containment check places output in.
func Hosts() []Host {
	return []Host{
		{"div", `<div data-page="w" data-page-a>`, `</div>`, Flow, "div"},
		{"p", `<p data-page="w" data-page-a>`, `</p>`, Phrasing, "p"},
		{"span", `<span data-page="w" data-page-a>`, `</span>`, Phrasing, "span"},
		{"a", `<a href="/page" data-page="w" data-page-a>`, `</a>`, PhrasingNoInteractive, "a"},
		{"ul-li", `<ul data-page="w"><li data-page-a>`, `</li></ul>`, Flow, "li"},
		{"ol-li", `<ol data-page="w"><li data-page-a>`, `</li></ol>`, Flow, "li"},
		{"td", `<table data-page="w"><tbody><tr><td data-page-a>`, `</td></tr></tbody></table>`, Flow, "td"},
		{"dl-dd", `<dl data-page="w"><dt>term</dt><dd data-page-a>`, `</dd></dl>`, Flow, "dd"},
		{"ruby", `<ruby data-page="w" data-page-a>`, `</ruby>`, Phrasing, "ruby"},
		{"button", `<button data-page="w" data-page-a>`, `</button>`, PhrasingNoInteractive, "button"},
		{"form", `<form action="/page" data-page="w" data-page-a>`, `</form>`, FlowNoForm, "form"},
		{"details", `<details data-page="w" data-page-a><summary>page</summary>`, `</details>`, Flow, "details"},
		{"blockquote", `<blockquote data-page="w" data-page-a>`, `</blockquote>`, Flow, "blockquote"},
		{"pre", `<pre data-page="w" data-page-a>`, `</pre>`, Phrasing, "pre"},
		{"h1", `<h1 data-page="w" data-page-a>`, `</h1>`, Phrasing, "h1"},
	}
}

// The page around a host: sentinels before and after it, and after their
// parent, so that output which closes the host early or leaves an element
// open that swallows the page moves one of them.
const (
	hostHead = `<div data-page="o"><p data-page="s">page</p>`
	hostTail = `<p data-page="b">page</p></div><p data-page="c">page</p>`
)

// LeaksIn parses a page that places out in h, in no-quirks and in quirks
// mode, and describes each way the output leaves it: the page, with
// everything inside the host's output element removed, must be the page
// parsed with no output at all, and nothing of the output may lie
// elsewhere. It reports nothing if h's content model does not admit out
// (Fits).
func LeaksIn(out string, h Host) []string {
	if !Fits(out, h.Model) {
		return nil
	}
	var problems []string
	for _, doctype := range []string{"<!DOCTYPE html>", ""} {
		mode := "no-quirks"
		if doctype == "" {
			mode = "quirks"
		}
		want, err := hostPage(doctype, "", h)
		if err != nil {
			return []string{err.Error()}
		}
		got, err := hostPage(doctype, out, h)
		if err != nil {
			return []string{err.Error()}
		}
		if diff := domtest.Diff(want, got, asMarkup); diff != "" {
			problems = append(problems, fmt.Sprintf("%s in %s: the page around the output changed: %s", mode, h.Name, diff))
		}
	}
	return problems
}

// HostPage returns the page that places out in h, after doctype (empty
// for quirks mode). A browser parsing it, with the content of the first
// element carrying data-page-a removed, must build the page it builds
// from HostPage(doctype, "", h): the browser stage checks so.
func HostPage(doctype, out string, h Host) string {
	return doctype + "<body>" + hostHead + h.Open + out + h.Close + hostTail
}

// hostPage parses the page holding out in h and returns it with the
// output element's content removed.
func hostPage(doctype, out string, h Host) (*html.Node, error) {
	doc, err := html.Parse(strings.NewReader(HostPage(doctype, out, h)))
	if err != nil {
		return nil, fmt.Errorf("page does not parse: %v", err)
	}
	a := findMarked(doc)
	if a == nil {
		return nil, fmt.Errorf("%s: the output element is gone", h.Name)
	}
	for a.FirstChild != nil {
		a.RemoveChild(a.FirstChild)
	}
	return doc, nil
}

// asMarkup compares two pages as their markup (html.Render) does:
// adjacent text is one run, and an element's namespace is not written.
var asMarkup = domtest.Options{MergeText: true, NoNamespaces: true}

// findMarked returns the first element, in document order, with the
// attribute data-page-a: the page's own, which comes before the output.
func findMarked(n *html.Node) *html.Node {
	if n.Type == html.ElementNode {
		for _, a := range n.Attr {
			if a.Key == "data-page-a" && a.Namespace == "" {
				return n
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if m := findMarked(c); m != nil {
			return m
		}
	}
	return nil
}

// Fits reports whether every start tag of out names an element model
// admits. End tags do not count: "</p>" makes a browser build a <p>, but
// only where no p is open, and whether it closes the page's is what the
// check is for. What lies inside <svg> or <math> is foreign content, which
// counts as phrasing.
func Fits(out string, model Model) bool {
	if model == Flow {
		return true
	}
	z := html.NewTokenizer(strings.NewReader(out))
	foreign := 0
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return true
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			switch n := string(name); {
			case foreign > 0:
			case !admits(model, n):
				return false
			case (n == "svg" || n == "math") && tt == html.StartTagToken:
				foreign++
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); foreign > 0 && (string(name) == "svg" || string(name) == "math") {
				foreign--
			}
		}
	}
}

// admits reports whether model admits an element name.
func admits(model Model, name string) bool {
	switch model {
	case FlowNoForm:
		return name != "form"
	case Phrasing:
		return phrasing[name]
	case PhrasingNoInteractive:
		return phrasing[name] && !interactive[name]
	}
	return true
}

var (
	// Phrasing content (WHATWG HTML §3.2.5.2.5), with the ruby parts a
	// <ruby> holds and the obsolete inline elements browsers still build.
	phrasing = nameSet("a", "abbr", "area", "audio", "b", "bdi", "bdo", "br", "button",
		"canvas", "cite", "code", "data", "datalist", "del", "dfn", "em", "embed", "i",
		"iframe", "img", "input", "ins", "kbd", "label", "map", "mark", "meter", "noscript",
		"object", "output", "picture", "progress", "q", "ruby", "s", "samp", "script",
		"select", "slot", "small", "source", "span", "strong", "sub", "sup", "template",
		"textarea", "time", "u", "var", "video", "wbr", "svg", "math", "rt", "rp", "rb",
		"rtc", "font", "big", "tt", "strike", "acronym", "nobr")
	// Interactive content (§3.2.5.2.7), and elements whose start tag
	// closes or reopens one around them.
	interactive = nameSet("a", "audio", "button", "details", "embed", "iframe", "input",
		"label", "select", "textarea", "video")
)

func nameSet(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
