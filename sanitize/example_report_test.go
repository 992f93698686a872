package sanitize_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// SanitizeWith with a report streams the sanitised document and says what
// changed, where and why, as htmlclean -report does.
func ExampleSanitizeWith() {
	in := "<p>Hi <a href=\"javascript:alert(1)\">there</a>\n<img src=\"/a.png\" onerror=\"alert(1)\"></p>"
	var changes []sanitize.Change
	err := sanitize.SanitizeWith(os.Stdout, strings.NewReader(in), policy.UGC(), sanitize.Options{Report: func(c sanitize.Change) {
		changes = append(changes, c) // the report is called before the output is complete
	}})
	if err != nil {
		panic(err) // the reader's or writer's error, or over a limit of the policy
	}
	fmt.Println()
	for _, c := range changes {
		fmt.Println(c)
	}
	// Output:
	// <p>Hi there
	// <img src="/a.png"></p>
	// 1:7: removed-attribute a href (scheme-not-allowed)
	// 1:7: removed-element a (no-attributes-left)
	// 2:1: removed-attribute img onerror (event-handler)
}
