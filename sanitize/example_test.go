package sanitize_test

import (
	"fmt"
	"html/template"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
	"github.com/htmlclean/htmlclean/urlnorm"
)

func ExampleString() {
	out, err := sanitize.String(`<p onclick="steal()">Hi <a href="HTTP://Example.COM/a/../b">there</a><script>alert(1)</script></p>`, policy.UGC())
	fmt.Println(out, err)
	// Output:
	// <p>Hi <a href="http://example.com/b" rel="nofollow ugc">there</a></p> <nil>
}

func ExampleBytes() {
	out, err := sanitize.Bytes([]byte(`<b>bold</b> <img src=x onerror=alert(1)>`), policy.Basic())
	fmt.Printf("%q %v\n", out, err)
	// Output:
	// "<b>bold</b> " <nil>
}

func ExampleSanitize() {
	if err := sanitize.Sanitize(os.Stdout, strings.NewReader(`<b>bold</b> <img src=x onerror=alert(1)>`), policy.Basic()); err != nil {
		panic(err)
	}
	// Output:
	// <b>bold</b>
}

// HTML's result goes between the tags of an ordinary element; the
// template escapes everything else, the author's name included.
func ExampleHTML() {
	page := template.Must(template.New("comment").Parse(
		`<div class="comment"><p class="author">{{.Author}}</p>{{.Body}}</div>` + "\n"))
	body, err := sanitize.HTML(`<p>Hi <em>all</em><script>alert(1)</script></p>`, policy.UGC())
	if err != nil {
		panic(err) // over a limit of the policy: refuse the comment
	}
	err = page.Execute(os.Stdout, struct {
		Author string
		Body   template.HTML
	}{"<Ann>", body})
	if err != nil {
		panic(err)
	}
	// Output:
	// <div class="comment"><p class="author">&lt;Ann&gt;</p><p>Hi <em>all</em></p></div>
}

func ExampleStringWith() {
	var changes []sanitize.Change
	o := sanitize.Options{Report: func(c sanitize.Change) { changes = append(changes, c) }}
	_, err := sanitize.StringWith("<a href=\"http://good.example@evil.example/\">x</a>\n<img src=\"/a.png\" onerror=\"alert(1)\">", policy.UGC(), o)
	if err != nil {
		panic(err)
	}
	for _, c := range changes {
		fmt.Println(c)
	}
	// Output:
	// 1:1: removed-attribute a href (userinfo)
	// 1:1: removed-element a (no-attributes-left)
	// 2:1: removed-attribute img onerror (event-handler)
}

// A moderation queue decides on the Reason of each change: the sanitiser's
// own are constants, urlnorm's come through URLReason.
func ExampleReason() {
	var changes []sanitize.Change
	o := sanitize.Options{Report: func(c sanitize.Change) { changes = append(changes, c) }}
	_, err := sanitize.StringWith(`<a href="javascript:alert(1)" onclick="steal()">x</a>`, policy.UGC(), o)
	if err != nil {
		panic(err)
	}
	for _, c := range changes {
		switch c.Reason {
		case sanitize.ReasonEventHandler:
			fmt.Println("event handler on", c.Element)
		case sanitize.URLReason(urlnorm.ReasonSchemeNotAllowed):
			fmt.Printf("scheme not allowed: %s=%q\n", c.Attribute, c.Before)
		default:
			fmt.Println("other:", c.Reason)
		}
	}
	// Output:
	// scheme not allowed: href="javascript:alert(1)"
	// event handler on a
	// other: no-attributes-left
}

// A comment system's handler: the policy is compiled once and shared by
// every request, and each comment is sanitised before it is shown.
func Example_commentHandler() {
	comments := template.Must(template.New("comment").Parse(`<article class="comment">{{.}}</article>` + "\n"))
	handler := func(w http.ResponseWriter, r *http.Request) {
		body, err := sanitize.HTML(r.FormValue("comment"), policy.UGC())
		if err != nil { // over a limit of the policy: refuse, never show the raw input
			http.Error(w, "comment refused", http.StatusRequestEntityTooLarge)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		comments.Execute(w, body)
	}

	form := url.Values{"comment": {`Nice! <a href="https://example.com/" onclick="steal()">see this</a><script>alert(1)</script>`}}
	req := httptest.NewRequest(http.MethodPost, "/comments", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	handler(rec, req)
	fmt.Print(rec.Code, " ", rec.Body)
	// Output:
	// 200 <article class="comment">Nice! <a href="https://example.com/" rel="nofollow ugc">see this</a></article>
}

// A Markdown comment keeps its footnotes: ids are written under a prefix
// and same-document links follow them; code keeps its language class,
// token by token; only the external link gets nofollow.
func ExampleString_markdown() {
	c, err := policy.PresetConfig("ugc")
	if err != nil {
		panic(err)
	}
	c.IDs.Prefix = "user-content-"
	c.Classes = []policy.ClassRule{{On: []string{"code"}, Match: "language-[a-z]+"}}
	c.Links.RelOn = "external"
	p, err := policy.Compile(c)
	if err != nil {
		panic(err)
	}
	out, err := sanitize.String(`<p id="top">Note<sup><a href="#fn:1">1</a></sup> <a href="https://example.com/">elsewhere</a></p>`+
		`<code class="language-go hljs">go</code><ol><li id="fn:1">The note.</li></ol>`, p)
	fmt.Println(out, err)
	// Output:
	// <p id="user-content-top">Note<sup><a href="#user-content-fn:1">1</a></sup> <a href="https://example.com/" rel="nofollow ugc">elsewhere</a></p><code class="language-go">go</code><ol><li id="user-content-fn:1">The note.</li></ol> <nil>
}
