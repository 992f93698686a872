// katex-formulas.js writes the MathML KaTeX renders for each formula in
// testdata/foreign/katex/formulas.tex, one <math> element a line, to
// standard output (testdata/foreign/katex/formulas.html). KaTeX wraps it
// in <span class="katex">, which is dropped: the test is about MathML.
//
//	npm pack katex && tar xzf katex-*.tgz   # in a temporary directory
//	node scripts/katex-formulas.js /tmp/dir/package < testdata/foreign/katex/formulas.tex > testdata/foreign/katex/formulas.html
"use strict";
const katex = require(require("path").resolve(process.argv[2], "dist", "katex.js"));
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter((l) => l.trim() !== "");
for (const tex of lines) {
	const html = katex.renderToString(tex, { output: "mathml", throwOnError: true });
	const m = html.match(/^<span class="katex">(<math[\s\S]*<\/math>)<\/span>$/);
	if (!m) throw new Error("unexpected KaTeX output for " + tex + ": " + html);
	process.stdout.write(m[1] + "\n");
}
