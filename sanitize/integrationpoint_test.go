package sanitize

import "testing"

// TestUnwrappedIntegrationPointDropsContent: an SVG or MathML element
// whose content a browser reads as HTML (desc, title, foreignObject; mi,
// mtext...) is dropped with its content where the policy would unwrap it.
// Unwrapped, its HTML would end the SVG in the output where the input
// keeps it open, and what follows it, foreign content to the browser (an
// SVG <style> whose content is markup), would be read as HTML.
func TestUnwrappedIntegrationPointDropsContent(t *testing.T) {
	t.Parallel()
	const svgNS, mathNS = `"http://www.w3.org/2000/svg"`, `"http://www.w3.org/1998/Math/MathML"`
	runDictCases(t, []dictCase{
		{"svg desc", `{"replaceWithChildrenElements": [{"name": "desc", "namespace": ` + svgNS + `}], "removeElements": ["a"]}`,
			`<svg><desc><table></table></desc><style><a title="</style><img src=x>"></a></style></svg>`, `<svg></svg>`},
		{"svg title", `{"replaceWithChildrenElements": [{"name": "title", "namespace": ` + svgNS + `}]}`,
			`<svg><title><b>x</b></title><circle></circle></svg>y`, `<svg><circle></circle></svg>y`},
		{"math mtext", `{"replaceWithChildrenElements": [{"name": "mtext", "namespace": ` + mathNS + `}], "removeElements": ["a"]}`,
			`<math><mtext><table></table></mtext><style><a title="</style><img src=x>"></a></style></math>`, `<math></math>`},
		{"html title is not one", `{"replaceWithChildrenElements": ["span"]}`,
			`<p><span>a</span></p>`, `<p>a</p>`},
	})
}
