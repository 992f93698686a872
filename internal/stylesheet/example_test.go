package stylesheet_test

import (
	"fmt"
	"strings"

	"github.com/htmlclean/htmlclean/internal/stylesheet"
)

func ExampleSanitize() {
	sheet := `body { margin: 0; color: #333 }
.button:hover { color: #fff; background: url(https://cdn.example/b.png) }
input[value^="a"] { background: url(https://evil.example/a) }
@media (max-width: 600px) { .col { width: 100% !important } }`
	out, removed, err := stylesheet.Sanitize(sheet, stylesheet.Options{
		Scope: ".hc-mail",
		Decl:  func(property, value string) bool { return property != "cursor" },
		URL: func(raw string) (string, bool) {
			return raw, strings.HasPrefix(raw, "https://cdn.example/")
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(out)
	for _, r := range removed {
		fmt.Printf("line %d: %s: %s\n", r.Line, r.Reason, r.What)
	}
	// Output:
	// .hc-mail{color:#333}
	// .hc-mail .button:hover{color:#fff;background:url("https://cdn.example/b.png")}
	// @media (max-width: 600px){
	// .hc-mail .col{width:100% !important}
	// }
	// line 1: wrapper property: .hc-mail{margin: 0
	// line 3: attribute selector: input[value^="a"]
}
