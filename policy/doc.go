// Package policy turns a sanitising policy, written in a YAML or JSON file
// or built in code, into a validated, immutable [*Policy] for package
// sanitize. A *Policy is safe for concurrent use. docs/policy.md is the
// reference of every setting; the fields of [Config] say the same.
//
// # Presets
//
// [Preset] takes a preset's name, [Presets] lists them, [Strict],
// [Basic], [UGC], [Mail], [BluemondayUGC] and [SanitizerAPI] return them
// compiled, and [Policy.String] prints what each allows and why. The web
// presets allow http, https and mailto URLs, refuse userinfo and reject
// deceptive URLs (confusable hosts, bidi characters, encoded
// separators); strict keeps text only.
//
// # Policy files
//
// A file starts from a preset and changes it; fields it sets replace the
// preset's, add and remove edit the lists:
//
//	extends: ugc
//	add:
//	  elements: [kbd]
//	  attributes:
//	    - {name: x-note, kind: text, on: [span]}
//	remove:
//	  elements: [img]
//	urls:
//	  relative: resolve          # allow | deny | resolve
//	  base: https://forum.example/
//	links:
//	  rel: [nofollow, ugc]
//	  target_blank: true
//
// Every allowed attribute has a [Kind], which says how package sanitize
// checks its value (url, url-list and srcset through urlnorm, css
// through the style checker; text, enum, boolean and number are inert).
// A built-in table ([KindOf]) knows the attributes of HTML, SVG 2 and
// every aria-* name; a file declares the kind of any other, and Compile
// refuses an attribute of unknown kind. A name that says it holds a URL
// (data-src) may only be declared a URL kind.
//
// The HTML Sanitizer API's SanitizerConfig, which a page gives the
// browser's Element.setHTML(), is read and written by package
// policy/sanitizerapi. The "sanitizer-api" preset is the browser's
// default mapped that way, held here as data (sanitizer-api.yaml): this
// package does not import sanitizerapi.
//
// # Errors
//
// Unknown settings, wrong types, contradictions (allowing script or
// javascript:) and bad patterns are errors at load time, each a
// *[ConfigError] naming the file, the line and the setting. Loading takes
// time linear in the file's size (at most 1 MiB), whoever wrote it. Some elements, attributes and schemes
// can never be allowed ([Forbidden]): those that run script, change how
// the page around the output is read (base, meta), or that a
// token-stream sanitiser cannot follow.
//
// The bluemonday allowlist a *Policy also holds, compiled from the same
// Config, is run by package sanitize as a second line of defence; it is
// not exported, since alone it would keep what the first stage refuses
// (userinfo, confusable hosts).
//
// # What crosses to package sanitize
//
// Compiling a policy also builds the rules package sanitize enforces
// (internal/rules), which [Policy.Rules] hands to this module's packages
// alone; no setting has an accessor of its own.
//
// Where each step lives:
//
//	config.go       Config and its settings, with their defaults
//	load.go         LoadFile, Load, ParseConfig: YAML or JSON, with lines
//	                (the node tree's paths and lines: internal/yamltree)
//	presets.go      the presets, their registry and their value patterns;
//	                sanitizer-api.yaml, the sanitizer-api preset
//	compile.go      Compile: the lists, URLs, links, limits, removal
//	attrcompile.go  attribute entries and kind declarations
//	styles.go       per-property style rules (Config.Styles)
//	tokens.go       class rules, ids.prefix and ids.keep, rel tokens
//	wildcard.go     data-* wildcards; gadgets.go, the script-gadget names
//	embeds.go       iframe embeds (Config.Embeds)
//	toplayer.go     allow_top_layer: the top-layer rules and warnings
//	mail.go         document, remote_content, proxy
//	flags.go        urls.flags: reject, report, ignore
//	schemes.go      urls.schemes "*", data_images, author rel and target,
//	                crossorigin: what the bluemonday stage allows
//	kind.go         attribute kinds (the built-in table: internal/rules)
//	foreign.go      svg: and math: names, the svg and mathml settings
//	                (the sets they add: internal/rules)
//	svgupload.go    the svg-upload preset; the warning for a policy that
//	                keeps SVG references but not what they name
//	container.go    container: the content model of the context element
//	patterns.go     limits on a policy's regular expressions
//	printable.go    Policy.String's policy; weaker.go, its weaker marks
//	hooks.go        the Go hooks of a Config
//	rules.go        the typed settings and hooks handed to sanitize
//	policy.go       Policy, its public accessors and the bluemonday stage
package policy
