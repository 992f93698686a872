package sanitize

import (
	"html/template"

	"github.com/htmlclean/htmlclean/policy"
)

// HTML sanitises s, as [String] does, and returns it typed for
// html/template, which then writes it unescaped. On error it returns "",
// never the raw input.
//
// The type is a promise that holds only where the sanitiser's guarantee
// does (see the package doc's "Security considerations"): as element
// content in an HTML body context of a UTF-8 page, such as
// <div class="comment">{{.Body}}</div>. Elsewhere html/template either
// escapes the value (inside an attribute value, <script>, <style>, and the
// RCDATA elements <textarea> and <title>: safe, but the reader sees
// markup as text, or "ZgotmplZ"), or trusts it where a browser does not
// read it as body content: inside <noscript>, <xmp>, <iframe>, <noembed>,
// <noframes>, <template>, or foreign content (<svg>, <math>) the markup
// can be re-read, and an attribute value holding "</noscript>" closes the
// element. Put the result only between the tags of an ordinary element
// such as div, p, li or td, and never convert other text to
// template.HTML.
func HTML(s string, p *policy.Policy) (template.HTML, error) {
	out, err := String(s, p)
	if err != nil {
		return "", err
	}
	return template.HTML(out), nil
}
