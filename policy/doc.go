// Package policy turns a sanitising policy, written in a YAML or JSON file
// or built in code, into a validated, immutable [*Policy] for package
// sanitize.
//
// # Presets
//
// Three presets cover the usual cases; [Presets] lists them and
// [Policy.String] prints exactly what each allows:
//
//   - "strict": text only. Every element is removed; its text is kept
//     (except the content of script, style and similar elements).
//   - "basic": inline formatting and links (a, b, strong, i, em, code, q,
//     abbr, sub, sup, ...), for one-line comments, chat and signatures.
//   - "ugc": what comment systems and forums render: basic plus paragraphs,
//     headings, blockquotes, lists, tables, images, pre/code (with
//     class="language-*"), details/summary, ruby. It follows bluemonday's
//     UGCPolicy without id attributes and image maps (both clobber DOM
//     properties).
//
// The presets allow http, https and mailto URLs (strict none), keep
// relative URLs (strict refuses them), refuse userinfo, and write
// rel="nofollow ugc" on links (basic and ugc).
//
// # Policy files
//
// A file starts from a preset and changes it; fields it sets replace the
// preset's, add and remove edit the lists:
//
//	extends: ugc
//	add:
//	  elements: [kbd]
//	remove:
//	  elements: [img]
//	  attributes: [{name: title, on: [abbr]}]
//	  schemes: [mailto]
//	urls:
//	  relative: resolve          # allow | deny | resolve
//	  base: https://forum.example/
//	  userinfo: strip            # reject | strip | keep
//	  strict: false              # refuse every URL urlnorm flags
//	  nested: true               # inspect URLs inside query values
//	links:
//	  rel: [nofollow, ugc]
//	  target_blank: true         # external links open in a new tab
//	limits:
//	  max_depth: 64
//
// Unknown settings, values of the wrong type, contradictions (allowing
// script, base, event handlers or javascript:) and bad patterns are
// errors at load time: [LoadFile] reports every one, each a
// *[ConfigError] with the file, the line and the setting.
//
// Some elements, attributes and schemes can never be allowed: those that
// run script, change how the page around the output is read (base, meta),
// or that a token-stream sanitiser cannot follow (raw-text elements,
// MathML, SVG animation and integration points).
//
// A *Policy is immutable and safe for concurrent use. Its [Policy.Apply]
// runs the bluemonday allowlist compiled from the same Config, which
// sanitize uses as a second line of defence; the bluemonday policy always
// requires parseable URLs and has an explicit scheme list.
package policy
