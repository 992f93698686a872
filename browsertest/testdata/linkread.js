// linkread.js reads, for every wrapper div.w of the page, what a reader
// is shown of each link in it (linktext_test.go). It returns one entry per
// wrapper, in document order: the wrapper's id, its painted text (as
// shown below) and its links, each with
//
//   href:   the destination, resolved (the href attribute, or SVG's xlink:href)
//   text:   the link's innerText (HTML links only; SVG and MathML elements have none)
//   shown:  the glyphs Chromium painted, in visual order: every character of
//           the link's text nodes that has a box, is visible (not
//           visibility:hidden, opacity 0 or transparent) and lies in a
//           rendered subtree, grouped into lines by position and sorted
//           left to right, with a space where glyphs are apart; this is
//           what a bidi override shows, which innerText does not
//   tips:   tooltips and other text the reader meets: title attributes of
//           the link, its descendants and its ancestors in the wrapper,
//           SVG <title> children, aria-label, img alt, form control values
//   marker: the text of an element of class htmlclean-link-host right
//           after the link (after the outermost <svg> or <math> for a
//           link inside one), or null
(() => {
	const XLINK = "http://www.w3.org/1999/xlink";
	const HTML = "http://www.w3.org/1999/xhtml";
	const SVG = "http://www.w3.org/2000/svg";
	const MATHML = "http://www.w3.org/1998/Math/MathML";

	const isLink = (el) =>
		(el.namespaceURI === HTML && (el.localName === "a" || el.localName === "area") && el.hasAttribute("href")) ||
		(el.namespaceURI === SVG && el.localName === "a" && (el.hasAttribute("href") || el.hasAttributeNS(XLINK, "href"))) ||
		(el.namespaceURI === MATHML && el.hasAttribute("href"));

	const hrefOf = (el) => {
		const v = el.getAttribute("href") ?? el.getAttributeNS(XLINK, "href");
		try {
			return new URL(v, document.baseURI).href;
		} catch {
			return v;
		}
	};

	const seen = (el) => {
		if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
		const cs = getComputedStyle(el);
		const transparent = (c) => /^rgba\(.*,\s*0\)$/.test(c) || c === "transparent";
		return !transparent(cs.color) && !transparent(cs.webkitTextFillColor || cs.color);
	};

	const shown = (link) => {
		const chars = [];
		const range = document.createRange();
		const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
		for (let n; (n = walker.nextNode()); ) {
			const p = n.parentElement;
			if (!p || !seen(p)) continue;
			if (p.namespaceURI === SVG && (p.localName === "title" || p.localName === "desc")) continue;
			for (let i = 0; i < n.data.length; i++) {
				range.setStart(n, i);
				range.setEnd(n, i + 1);
				const box = [...range.getClientRects()].find((r) => r.width > 0 && r.height > 0);
				if (box) chars.push({ c: n.data[i], l: box.left, r: box.right, t: box.top, b: box.bottom });
			}
		}
		const lines = [];
		for (const ch of chars) {
			const mid = (ch.t + ch.b) / 2;
			let line = lines.find((ln) => mid >= ln.t && mid <= ln.b);
			if (!line) lines.push((line = { t: ch.t, b: ch.b, cs: [] }));
			line.cs.push(ch);
		}
		lines.sort((x, y) => x.t - y.t);
		return lines
			.map((ln) => {
				ln.cs.sort((x, y) => x.l - y.l);
				let s = "";
				let prev = null;
				for (const ch of ln.cs) {
					if (prev && ch.l - prev.r > 0.25 * (ch.b - ch.t)) s += " ";
					s += ch.c;
					prev = ch;
				}
				return s;
			})
			.join("\n");
	};

	const tips = (link, wrapper) => {
		const out = [];
		const els = [link, ...link.querySelectorAll("*")];
		for (let e = link.parentElement; e && e !== wrapper; e = e.parentElement) els.push(e);
		for (const el of els) {
			if (el.namespaceURI === SVG && el.localName === "title") {
				if (el.parentElement && el.parentElement.checkVisibility()) out.push(el.textContent);
				continue;
			}
			if (el !== link && !el.contains(link) && !el.checkVisibility()) continue;
			if (el.namespaceURI === HTML && el.hasAttribute("title")) out.push(el.getAttribute("title"));
			if (el.hasAttribute("aria-label")) out.push(el.getAttribute("aria-label"));
			if (el instanceof HTMLImageElement) out.push(el.alt);
			if (el instanceof HTMLInputElement && el.type !== "hidden") out.push(el.value || el.placeholder);
			if (el instanceof HTMLTextAreaElement) out.push(el.value || el.placeholder);
			if (el instanceof HTMLSelectElement) out.push([...el.selectedOptions].map((o) => o.text).join(" "));
		}
		return out.filter((s) => s);
	};

	const nextElement = (n) => {
		for (n = n.nextSibling; n; n = n.nextSibling) {
			if (n.nodeType === Node.ELEMENT_NODE) return n;
			if (n.nodeType === Node.TEXT_NODE && n.data.trim() !== "") return null;
		}
		return null;
	};

	const marker = (link) => {
		const isMarker = (el) => el && el.classList.contains("htmlclean-link-host");
		let m = nextElement(link);
		if (isMarker(m)) return m.textContent;
		let root = null;
		for (let e = link; e; e = e.parentElement) {
			if ((e.namespaceURI === SVG && e.localName === "svg") || (e.namespaceURI === MATHML && e.localName === "math")) root = e;
		}
		if (root) {
			m = nextElement(root);
			if (isMarker(m)) return m.textContent;
		}
		return null;
	};

	return [...document.querySelectorAll("div.w")].map((w) => ({
		id: w.id,
		shown: shown(w),
		links: [...w.querySelectorAll("*")].filter(isLink).map((link) => ({
			href: hrefOf(link),
			text: link instanceof HTMLElement ? link.innerText : "",
			shown: shown(link),
			tips: tips(link, w),
			marker: marker(link),
		})),
	}));
})()
