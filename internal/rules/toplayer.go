package rules

import "strings"

// The top layer (HTML §6.12 "the popover attribute", §4.11.4 "the dialog
// element": showModal, and the Fullscreen API) is drawn over the whole
// page, outside every containing block, overflow clip and paint
// containment: an element there covers the page's own controls whatever
// container the page puts the output in. Without script, markup reaches
// it through the attributes listed here. A policy may list them; unless
// it sets allow_top_layer, sanitize drops them (or, for command, the
// values that open something), and policy.Policy.String warns when it
// keeps them ([TopLayerAttr]).
//
// What needs script is out of markup's reach: showModal(),
// showPopover(), requestFullscreen(). A dialog with open but not opened
// modally is positioned as an absolute box, inside the container.

// A TopLayerEntry is one attribute that puts an element in the top layer.
type TopLayerEntry struct {
	Name string // the attribute name
	Does string // what it does, for warnings
}

// TopLayer lists the attributes that put an element in the top layer.
var TopLayer = []TopLayerEntry{
	// HTML §6.12.1: popover=auto|manual|hint, shown in the top layer.
	{"popover", "makes the element a popover, shown in the top layer over the whole page"},
	// HTML §6.12.2 the popover target attributes.
	{"popovertarget", "shows a popover in the top layer when the button is clicked"},
	{"popovertargetaction", "chooses whether popovertarget shows, hides or toggles its popover"},
	// HTML §4.10.6 the button element, command and commandfor:
	// show-modal puts a dialog in the top layer, show-popover and
	// toggle-popover a popover; a custom command (--x) dispatches an
	// event that the page's own script may act on.
	{"command", "puts a dialog or popover in the top layer when the button is clicked (show-modal, show-popover, toggle-popover)"},
	// HTML interest invokers (a draft Chromium ships behind a flag):
	// shows a popover when the pointer rests on the element or it gets
	// focus. interesttarget and interestaction are its earlier names.
	{"interestfor", "shows a popover in the top layer when the pointer rests on the element or it gets focus"},
	{"interesttarget", "shows a popover in the top layer (an earlier name of interestfor)"},
	{"interestaction", "chooses what interesttarget does (an earlier draft)"},
}

// TopLayerAttr returns the entry that makes name a top-layer attribute.
func TopLayerAttr(name string) (TopLayerEntry, bool) {
	for _, e := range TopLayer {
		if e.Name == name {
			return e, true
		}
	}
	return TopLayerEntry{}, false
}

// ClosingCommands are the values of command (HTML §4.10.6, ASCII
// case-insensitive) that only close or hide their target: a button
// keeps one of these when the top layer is not allowed. Every other
// value, custom commands and values a later browser may add included,
// is dropped.
var ClosingCommands = []string{"close", "request-close", "hide-popover"}

// ClosingCommand reports whether v is one of [ClosingCommands].
func ClosingCommand(v string) bool {
	for _, c := range ClosingCommands {
		if strings.EqualFold(v, c) {
			return true
		}
	}
	return false
}
