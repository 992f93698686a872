// Package policy turns a sanitising policy, written in a YAML or JSON file
// or built in code, into a validated, immutable [*Policy] for package
// sanitize.
//
// # Presets
//
// Three presets cover the usual cases. [Strict], [Basic] and [UGC] return
// them compiled; they cannot fail, and each compiles once, on first use,
// and is then shared. [Preset] takes a preset's name (from a flag or a
// setting), [Presets] lists the names and [Policy.String] prints exactly
// what each allows:
//
//   - "strict" ([Strict]): text only. Every element is removed; its text
//     is kept (except the content of script, style and similar elements).
//   - "basic" ([Basic]): inline formatting and links (a, b, strong, i, em,
//     code, q, abbr, sub, sup, ...), for one-line comments, chat and
//     signatures.
//   - "ugc" ([UGC]): what comment systems and forums render: basic plus paragraphs,
//     headings, blockquotes, lists, tables, images, pre/code (with
//     class="language-*"), details/summary, ruby. It follows bluemonday's
//     UGCPolicy without id attributes and image maps (both clobber DOM
//     properties).
//   - "mail" ([Mail]): HTML e-mail, read as a whole document
//     ([Config.Document] "wrap"): tables and their presentation
//     attributes, font, center, styles and <style> sheets with a mail
//     property list, remote content blocked ([Config.RemoteContent]),
//     links opening in a new tab.
//
// The presets allow http, https and mailto URLs (strict none), keep
// relative URLs (strict refuses them), refuse userinfo, inspect URLs
// nested in query values and paths, and write rel="nofollow ugc" on links (basic
// and ugc). They reject URLs whose urlnorm flags exist only to deceive
// (confusable and look-alike hosts, bidi and invisible characters,
// encoded separators), report the rest, and name as allowed the flags
// ordinary links carry, so that urls.strict, which rejects every flag a
// policy does not name, keeps share links and upper-case IDNs;
// [Policy.String] writes each choice with its reason.
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
//	  strict: false              # reject the flags not named in flags
//	  nested: true               # inspect URLs in query values and paths
//	  flags:                     # reject | report | ignore, per urlnorm flag
//	    numeric-ipv4: reject
//	    trailing-dot: ignore
//	links:
//	  rel: [nofollow, ugc]       # any link types but opener
//	  rel_on: external           # all | external: which links get rel
//	  target_blank: true         # external links open in a new tab
//	limits:
//	  max_depth: 64
//
// # Markdown and Q&A posts
//
// Four settings, off in every preset, keep what Markdown renderers and
// Stack Exchange-style sites write:
//
//	add:
//	  attributes:
//	    - {name: "data-*", on: [div, span]}   # every data- name, as text
//	classes:                                  # class filtered per token
//	  - {tokens: [spoiler]}
//	  - {on: [pre, code], match: "lang-[a-z0-9]+"}
//	ids:
//	  prefix: user-content-   # id and name kept under it; href="#x" follows
//	links:
//	  rel: [nofollow, ugc, me]
//	  rel_on: external
//
// A data-* wildcard (only data- prefixes: the policy stage, bluemonday,
// keeps no other attribute it is not given by name) covers neither names
// that say they hold a URL (data-src) nor names declared another kind;
// an entry naming the attribute, then the longest prefix, wins. See
// [Attribute], [ClassRule], [IDs] and [Links] for the rules.
//
// # Attribute kinds
//
// Every allowed attribute has a [Kind], which says how package sanitize
// checks its value: url, url-list and srcset values go through urlnorm,
// css values through the style checker, and text, enum, boolean and
// number values are inert. A built-in table ([KindOf]) knows the
// attributes of HTML (with microdata and the obsolete ones browsers still
// honour), of SVG 2 and every aria-* name. A file declares the kind of
// any other attribute, and Compile refuses an attribute of unknown kind:
//
//	add:
//	  attributes:
//	    - {name: x-note, kind: text, on: [span]}
//	    - {name: data-src, kind: url, on: [img]}
//
// A declaration may not contradict the table (href as text), and a name
// that says it holds a URL (data-src, data-href, x-image-url) may only be
// declared url, url-list or srcset.
//
// # The HTML Sanitizer API's configuration
//
// Package policy/sanitizerapi reads the SanitizerConfig dictionary a page
// gives the browser's Element.setHTML() as a policy, and writes any policy
// back as one. The "sanitizer-api" preset ([SanitizerAPI]) is the
// browser's default mapped that way, held here as data
// (sanitizer-api.yaml): this package does not import sanitizerapi.
//
// # Errors
//
// Unknown settings, values of the wrong type, contradictions (allowing
// script, base, event handlers or javascript:), attributes of unknown
// kind and bad patterns are errors at load time: [LoadFile] reports each
// one as a *[ConfigError] with the file, the line and the setting, up to
// 20 of them and then how many more. A file holds one YAML document.
// Loading takes time linear in the file's size (at most 1 MiB), whoever
// wrote it: a mapping wider than any setting, and a file of more than
// 20,000 nodes (keys, values, list items), are refused before it is
// decoded, and the rules an attribute list compiles to are bounded.
//
// Some elements, attributes and schemes can never be allowed: those that
// run script, change how the page around the output is read (base, meta),
// or that a token-stream sanitiser cannot follow (raw-text elements,
// obsolete SVG animation). SVG and MathML elements are named with a prefix
// ("svg:circle", "math:mi"); Config.SVG and Config.MathML add tested sets.
//
// A *Policy is immutable and safe for concurrent use. It also holds a
// bluemonday allowlist compiled from the same Config, which package
// sanitize runs as a second line of defence; it always requires parseable
// URLs and has an explicit scheme list. That stage is not exported: alone
// it would keep what the first stage refuses (userinfo, confusable hosts),
// so the only way to apply a policy is package sanitize.
//
// # What crosses to package sanitize
//
// Compiling a policy also builds the rules package sanitize enforces: an
// internal value (internal/rules) with every setting as a typed constant,
// the element and attribute rules, and the bluemonday stage as a
// function. [Policy.Rules] hands it over to code that can name
// internal/rules.Key, that is to this module's packages alone; it is the
// one crossing between the two packages, and no setting has an accessor
// of its own. Where each step lives:
//
//	config.go       Config and its settings, with their defaults
//	load.go         LoadFile, Load, ParseConfig: YAML or JSON, with lines
//	yamlnode.go     the node tree of a file: its size, paths and lines
//	presets.go      the presets, their registry and their value patterns;
//	                sanitizer-api.yaml, the sanitizer-api preset
//	compile.go      Compile: the lists, URLs, links, limits, removal
//	attrcompile.go  attribute entries and kind declarations
//	styles.go       per-property style rules (Config.Styles)
//	tokens.go       class rules, ids.prefix, rel tokens
//	wildcard.go     data-* wildcards (the script-gadget names they leave
//	                out are internal/rules/gadgets.go)
//	embeds.go       iframe embeds (Config.Embeds)
//	toplayer.go     allow_top_layer: the top-layer attributes' rules and
//	                warnings (the list is internal/rules/toplayer.go)
//	mail.go         document, remote_content, proxy
//	flags.go        urls.flags: reject, report, ignore
//	schemes.go      urls.schemes "*", urls.data_images, the author's rel
//	                and target, crossorigin: what bluemonday policies allow
//	kind.go         attribute kinds; kind_table.go, the built-in table
//	foreign.go      svg: and math: names, the svg and mathml settings;
//	                foreignsets.go, the sets they add
//	container.go    container: the content model of the context element
//	patterns.go     limits on a policy's regular expressions
//	printable.go    the policy as Policy.String prints it; weaker.go, the
//	                mark beside a setting weaker than its default
//	hooks.go        the Go hooks of a Config
//	rules.go        the typed settings and hooks handed to sanitize
//	policy.go       Policy, its public accessors and the bluemonday stage
package policy
