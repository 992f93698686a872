package rules

import "strings"

// Script gadgets (Lekies, Kotowicz, Groß, Vela Nava, Johns: "Code-Reuse
// Attacks for the Web: Breaking Cross-Site Scripting Mitigations via
// Script Gadgets", CCS 2017) are attributes a front-end library reads
// when the page loads it and turns into code, markup or a selector: a
// data-bind on a page that loads Knockout runs its value as JavaScript.
// A sanitiser cannot know which libraries the page loads, so a data-*
// wildcard never covers the trigger attributes of the widely used ones
// ([CoveredName]). A policy that knows its page may still allow one by
// name; policy.Policy.String warns about it ([Gadget]).
//
// Only names a data-* wildcard could admit are listed. Libraries whose
// triggers live outside data- are safe from wildcards already: Vue (v-,
// :, @; its data-v-* are scoped-CSS markers, inert), Alpine's default x-,
// AngularJS's ng-, x-ng-, ng: and ng_, htmx's hx-, Mavo's mv-, Polymer's
// on-* (refused as event handlers) and is=, Ractive's and Ember's
// <script type="text/..."> templates (script is never allowed), and
// _hyperscript's _ and script. Text gadgets ({{ }} and [ ] expressions
// in element content) are not attributes and not covered here; DOMPurify
// handles those with SAFE_FOR_TEMPLATES, and its ALLOW_DATA_ATTR (on by
// default) admits every name listed below.

// A GadgetEntry is one trigger attribute, or a family of them.
type GadgetEntry struct {
	Library string // the library that reads it
	Name    string // the attribute name, or a prefix ending in "-" or "_"
	Prefix  bool   // Name is a prefix: every longer name is a trigger too
	Runs    string // what the library does with the value
}

// Gadgets is the list of trigger attributes a data-* wildcard leaves out.
var Gadgets = []GadgetEntry{
	// Knockout: the binding syntax is a JavaScript object literal the
	// library evaluates with new Function.
	{"Knockout", "data-bind", false, "its value as JavaScript (bindings are evaluated expressions)"},
	// knockout-secure-binding: the CSP-safe binding provider's attribute.
	{"Knockout (secure binding)", "data-sbind", false, "its value as a binding expression"},
	// AngularJS strips one x- or data- prefix and reads -, _ and : as
	// separators (ng-click, ng_click, ng:click); ":" never reaches a
	// wildcard.
	{"AngularJS", "data-ng-", true, "directives: ng-click, ng-init and friends evaluate Angular expressions, ng-include loads a template"},
	{"AngularJS", "data-ng_", true, "the same directives, written with _"},
	// htmx strips data- from every hx- attribute.
	{"htmx", "data-hx-", true, "requests whose HTML response is swapped in (hx-get), event handlers (hx-on*), js: values (hx-vals)"},
	// intercooler.js, htmx's predecessor, reads data-ic- forms too.
	{"intercooler.js", "data-ic-", true, "requests whose HTML response is swapped in, ic-on-* handlers"},
	// Alpine's documented Alpine.prefix('data-x-') makes its directives
	// valid HTML; its default x- is outside data-. Its directives that
	// take an expression or a selector are listed, not the prefix: under
	// it, a name that is no directive is inert (data-x-y), and x-on: and
	// x-bind: hold a colon, which no wildcard admits.
	{"Alpine.js", "data-x-data", false, "an expression: the component's state, with methods"},
	{"Alpine.js", "data-x-init", false, "an expression run when the component starts"},
	{"Alpine.js", "data-x-effect", false, "an expression run on every change"},
	{"Alpine.js", "data-x-html", false, "an expression whose result becomes HTML"},
	{"Alpine.js", "data-x-text", false, "an expression"},
	{"Alpine.js", "data-x-show", false, "an expression"},
	{"Alpine.js", "data-x-if", false, "an expression"},
	{"Alpine.js", "data-x-for", false, "an expression"},
	{"Alpine.js", "data-x-model", false, "an assignable expression"},
	{"Alpine.js", "data-x-modelable", false, "an assignable expression"},
	{"Alpine.js", "data-x-id", false, "an expression"},
	{"Alpine.js", "data-x-teleport", false, "a selector the element's content moves to"},
	{"Alpine.js", "data-x-intersect", false, "an expression run when the element scrolls into view (plugin)"},
	{"Alpine.js", "data-x-trap", false, "an expression (focus plugin)"},
	{"Alpine.js", "data-x-mask", false, "a mask, or with :dynamic an expression (mask plugin)"},
	// Bootstrap 5 namespaces every option; the tooltip and popover take
	// HTML (content, title, template, with html or sanitize: false) and
	// selectors (target, parent, container).
	{"Bootstrap 5", "data-bs-", true, "component options: HTML (content, title, template, html, sanitize) and selectors (target, container)"},
	// Bootstrap 3 and 4: the same options without a namespace. A
	// selector reached jQuery's $(), which builds HTML from a string
	// that looks like markup (CVE-2018-14040, -14041, -14042).
	{"Bootstrap 3/4", "data-toggle", false, "starts a component (tooltip, popover, collapse, modal) that reads the options below"},
	{"Bootstrap 3/4", "data-content", false, "popover content, HTML when data-html is set"},
	{"Bootstrap 3/4", "data-html", false, "inserts title and content as HTML"},
	{"Bootstrap 3/4", "data-template", false, "the tooltip or popover markup, as HTML"},
	{"Bootstrap 3/4", "data-title", false, "tooltip and popover title, HTML when data-html is set"},
	{"Bootstrap 3/4", "data-sanitize", false, "false turns off the tooltip's own sanitiser"},
	{"Bootstrap 3/4", "data-container", false, "a selector (jQuery $(): HTML in Bootstrap 3)"},
	{"Bootstrap 3/4", "data-target", false, "a selector (jQuery $(): HTML in Bootstrap 3)"},
	{"Bootstrap 3/4", "data-parent", false, "a selector (jQuery $(): HTML in Bootstrap 3)"},
	{"Bootstrap 3/4", "data-viewport", false, "a selector (jQuery $(): HTML in Bootstrap 3)"},
	{"Bootstrap 3/4", "data-selector", false, "a delegation selector for tooltips"},
	{"Bootstrap 3/4", "data-spy", false, "starts scrollspy or affix, which read data-target"},
	// jQuery Mobile enhances every data-role element; the popup gadget
	// of the paper writes the element's id into an HTML comment.
	{"jQuery Mobile", "data-role", false, "widget creation; the popup writes its id into markup"},
	// Dojo's parser instantiates data-dojo-type and evaluates
	// data-dojo-props as an object literal.
	{"Dojo", "data-dojo-", true, "widget classes (type), JavaScript object literals (props, config), event wiring (attach-event)"},
	// Ember 1 and 2 dispatched clicks on data-ember-action to a
	// registered action by number.
	{"Ember", "data-ember-action", true, "runs the registered action it names"},
	// RequireJS loads data-main as the application's entry script; it
	// reads it from script elements only, which a policy never allows,
	// so this one is defence in depth.
	{"RequireJS", "data-main", false, "loads the script it names"},
	// Turbo (Hotwire).
	{"Turbo", "data-turbo-", true, "link method (turbo-method: delete), frame and stream targets that swap in HTML"},
	// Stimulus connects controllers and routes events to their methods.
	{"Stimulus", "data-controller", false, "instantiates the named controller"},
	{"Stimulus", "data-action", false, "calls controller methods on events (click->x#y)"},
	// rails-ujs and jquery-ujs: a remote link whose response is script
	// runs it; data-method turns a link into a POST, PUT or DELETE.
	{"Rails UJS", "data-remote", false, "an XHR whose JavaScript response is run"},
	{"Rails UJS", "data-method", false, "turns a link into a POST, PUT or DELETE"},
	{"Rails UJS", "data-params", false, "parameters sent with data-method"},
	// _hyperscript reads _, script and data-script; 0.0.x read data-hs.
	{"_hyperscript", "data-script", false, "its value as a hyperscript program"},
	{"_hyperscript", "data-hs", false, "its value as a hyperscript program (early releases)"},
	// Mavo reads mv- attributes; its data-mv- forms are left out in case
	// a build accepts them, as many such libraries do.
	{"Mavo", "data-mv-", true, "mv-app, mv-action and friends: Mavo expressions and storage"},
	// Datastar puts every directive in data-, each value an expression.
	{"Datastar", "data-on-", true, "event handlers whose value is an expression"},
	{"Datastar", "data-on", false, "event handlers (data-on:click, with the key after a colon)"},
	{"Datastar", "data-signals", false, "expressions evaluated for the page's signals"},
	{"Datastar", "data-signals-", true, "the same, one signal per name"},
	{"Datastar", "data-computed-", true, "expressions"},
	{"Datastar", "data-effect", false, "an expression run on every change"},
	{"Datastar", "data-text", false, "an expression whose result becomes the text"},
	{"Datastar", "data-show", false, "an expression"},
	{"Datastar", "data-attr", false, "expressions whose results become attributes"},
	{"Datastar", "data-attr-", true, "the same, one attribute per name"},
	{"Datastar", "data-bind-", true, "two-way binding to a signal"},
}

// maxGadgetPrefix bounds the prefixes of gadgetPrefixes: Gadget looks up
// at most this many bytes of a name in it.
const maxGadgetPrefix = 24

// gadgetExact and gadgetPrefixes are Gadgets as lookup tables: names,
// and prefixes whose length is at most maxGadgetPrefix.
var gadgetExact, gadgetPrefixes = func() (map[string]bool, map[string]bool) {
	exact, prefixes := map[string]bool{}, map[string]bool{}
	for _, g := range Gadgets {
		if len(g.Name) > maxGadgetPrefix {
			panic("rules: gadget name longer than maxGadgetPrefix: " + g.Name)
		}
		exact[g.Name] = true
		if g.Prefix {
			prefixes[g.Name] = true
		}
	}
	return exact, prefixes
}()

// Gadget reports whether a lower-case attribute name is a script-gadget
// trigger of [Gadgets]: one of its names, or a name that starts with one
// of its prefixes. Its work is linear in len(name): a map lookup of the
// name and one of each of its first maxGadgetPrefix prefixes.
func Gadget(name string) bool {
	if gadgetExact[name] {
		return true
	}
	if !strings.HasPrefix(name, "data-") {
		return false
	}
	for j := len("data-") + 1; j < len(name) && j <= maxGadgetPrefix; j++ {
		if gadgetPrefixes[name[:j]] {
			return true
		}
	}
	return false
}
