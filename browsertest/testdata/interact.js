// interact.js acts like a curious victim on the fragment's page. The harness
// evaluates it in an isolated world of the top frame (Page.createIsolatedWorld),
// so page scripts cannot replace the DOM methods it calls. It still reads
// forms and documents through prototype getters: their named-property
// getters (HTML: HTMLFormElement and Document "supported property names")
// let an <input name=action> shadow form.action in every world.
//
// It resolves to a short summary that the harness logs with -v. It never
// reports a hit itself: hits come from the detectors (detect.js and the CDP
// events), so a bug here can only lose sensitivity, which the positive
// controls catch.
(async () => {
  const get = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
  const qsa = Document.prototype.querySelectorAll;
  const fragmentQsa = DocumentFragment.prototype.querySelectorAll;
  const getAttributeNames = Element.prototype.getAttributeNames;
  const hasAttribute = Element.prototype.hasAttribute;
  const getAttribute = Element.prototype.getAttribute;
  const removeAttribute = Element.prototype.removeAttribute;
  const localName = get(Element.prototype, 'localName');
  const shadowRoot = get(Element.prototype, 'shadowRoot');
  const iframeDocument = get(HTMLIFrameElement.prototype, 'contentDocument');
  const frameDocument = get(HTMLFrameElement.prototype, 'contentDocument');
  const formAction = get(HTMLFormElement.prototype, 'action');
  const buttonFormAction = get(HTMLButtonElement.prototype, 'formAction');
  const inputFormAction = get(HTMLInputElement.prototype, 'formAction');
  const formElements = get(HTMLFormElement.prototype, 'elements');
  const requestSubmit = HTMLFormElement.prototype.requestSubmit;
  const htmlClick = HTMLElement.prototype.click;
  const focusBlur = {
    'http://www.w3.org/1999/xhtml': [HTMLElement.prototype.focus, HTMLElement.prototype.blur],
    'http://www.w3.org/2000/svg': [SVGElement.prototype.focus, SVGElement.prototype.blur],
    'http://www.w3.org/1998/Math/MathML': [MathMLElement.prototype.focus, MathMLElement.prototype.blur],
  };
  const dispatch = EventTarget.prototype.dispatchEvent;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const summary = {elements: 0, handlers: 0, clicks: 0, submits: 0, held: [], errors: 0};

  // Schemes whose navigation can run script or load a document the
  // fragment wrote. Navigations to anything else (http, https, mailto,
  // relative URLs on the loopback server) cannot run fragment script, so the
  // harness records and cancels them: following them would only unload the
  // page and lose the interactions still to come.
  const scripty = (url) => /^(javascript|vbscript|data):/i.test(url);
  const HTML = 'http://www.w3.org/1999/xhtml';
  const SVG = 'http://www.w3.org/2000/svg';
  const MATHML = 'http://www.w3.org/1998/Math/MathML';
  const XLINK = 'http://www.w3.org/1999/xlink';
  // Namespace and local name, not instanceof: elements of child frames
  // belong to other realms, whose constructors differ from this world's.
  const kind = (el) => (el && el.nodeType === 1) ? el.namespaceURI + ' ' + localName.call(el) : '';
  const resolve = (raw, el) => {
    try { return new URL(raw, el.ownerDocument.baseURI).href; } catch (e) { return raw; }
  };
  const linkURL = (el) => {
    const k = kind(el);
    if (k === HTML + ' a' || k === HTML + ' area') {
      return hasAttribute.call(el, 'href') ? el.href : null;
    }
    if (k === SVG + ' a') {
      // animVal, so an <animate>/<set> of href is seen.
      if (!hasAttribute.call(el, 'href') && !el.hasAttributeNS(XLINK, 'href') && el.href.animVal === '') return null;
      return resolve(el.href.animVal, el);
    }
    if (k.startsWith(MATHML + ' ') && hasAttribute.call(el, 'href')) {
      return resolve(getAttribute.call(el, 'href'), el);
    }
    return null;
  };
  const guardClick = (ev) => {
    for (const el of ev.composedPath()) {
      const url = linkURL(el);
      if (url === null) continue;
      if (scripty(url)) {
        // Run it in this tab: a new window would escape the detectors
        // and the popup blocker would drop it (the click is untrusted).
        removeAttribute.call(el, 'target');
      } else {
        ev.preventDefault();
        summary.held.push(url.slice(0, 80));
      }
      return;
    }
  };
  const guardSubmit = (ev) => {
    const form = ev.target;
    // Phase 5 below fires "submit" at any element with an onsubmit.
    if (kind(form) !== HTML + ' form') return;
    const sub = ev.submitter;
    let url = formAction.call(form);
    if (sub && hasAttribute.call(sub, 'formaction')) {
      url = kind(sub) === HTML + ' button' ? buttonFormAction.call(sub) : inputFormAction.call(sub);
    }
    if (scripty(url)) {
      removeAttribute.call(form, 'target');
      if (sub) removeAttribute.call(sub, 'formtarget');
    } else {
      ev.preventDefault();
      summary.held.push(url.slice(0, 80));
    }
  };

  // Same-origin documents: the top one, srcdoc and about:blank frames and
  // loopback frames. Cross-origin frames are out of reach: a data: frame
  // is a signal of its own, and other origins hold nothing the fragment
  // wrote (remote answers are inert text).
  const docs = [];
  const addDoc = (doc) => {
    if (!doc || docs.includes(doc)) return;
    docs.push(doc);
    doc.defaultView.addEventListener('click', guardClick, true);
    doc.defaultView.addEventListener('submit', guardSubmit, true);
  };
  const elementsOf = (root, out) => {
    for (const el of (root.nodeType === 9 ? qsa : fragmentQsa).call(root, '*')) {
      out.push(el);
      const sr = shadowRoot.call(el);
      if (sr) elementsOf(sr, out);
      const k = kind(el);
      if (k === HTML + ' iframe' || k === HTML + ' frame') {
        try { addDoc((k.endsWith(' iframe') ? iframeDocument : frameDocument).call(el)); } catch (e) {}
      }
    }
    return out;
  };
  const everything = () => {
    addDoc(document);
    const out = [];
    for (let i = 0; i < docs.length; i++) elementsOf(docs[i], out);
    return out;
  };
  const fire = (target, type, init) => {
    try {
      const C = /^(mouse|click|dblclick|contextmenu)/.test(type) ? MouseEvent : /^pointer/.test(type) ? PointerEvent : Event;
      dispatch.call(target, new C(type, Object.assign({bubbles: true, cancelable: true, composed: true}, init)));
    } catch (e) { summary.errors++; }
  };

  // 1. Focus and blur every element: autofocus races, onfocus, onblur,
  //    onfocusin on anything focusable (tabindex, contenteditable, links).
  let els = everything();
  summary.elements = els.length;
  for (const el of els) {
    const fb = focusBlur[el.namespaceURI];
    if (!fb) continue;
    try { fb[0].call(el); fb[1].call(el); } catch (e) { summary.errors++; }
  }
  // 2. Hover: pointer and mouse enter/over/move/out/leave, as a moving mouse
  //    sends them; SMIL begin="mouseover" and :hover styles react too.
  for (const el of els) {
    for (const type of ['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'pointermove', 'mousemove', 'pointerout', 'pointerleave', 'mouseout', 'mouseleave']) {
      fire(el, type, {bubbles: !/enter|leave/.test(type)});
    }
  }
  await sleep(0);
  // 3. Click every element. HTMLElement.click() runs activation behaviour
  //    (links, summary, labels, buttons); other namespaces get a dispatched
  //    click, which SVG <a> also treats as activation.
  els = everything();
  for (const el of els) {
    try {
      fire(el, 'pointerdown'); fire(el, 'mousedown'); fire(el, 'pointerup'); fire(el, 'mouseup');
      if (el.namespaceURI === HTML) htmlClick.call(el); else fire(el, 'click');
      summary.clicks++;
    } catch (e) { summary.errors++; }
    // A javascript: navigation runs as a task; let it run before the
    // next click queues another navigation of the same frame.
    if (linkURL(el) !== null) await sleep(0);
  }
  // 4. Submit every form, once per submit button (formaction) and once
  //    without a submitter (action).
  for (const doc of docs) {
    for (const form of qsa.call(doc, 'form')) {
      const subs = [];
      for (const c of formElements.call(form)) {
        const k = kind(c);
        if ((k === HTML + ' button' && c.type === 'submit') || (k === HTML + ' input' && (c.type === 'submit' || c.type === 'image'))) subs.push(c);
      }
      for (const s of [...subs, null]) {
        try { s ? requestSubmit.call(form, s) : requestSubmit.call(form); summary.submits++; } catch (e) { summary.errors++; }
        await sleep(0);
      }
    }
  }
  // 5. Every inline event handler attribute gets its own event, so a
  //    handler that needs a rare gesture (copy, drag, toggle, animationend,
  //    beforeprint…) still runs. <body>/<frameset> handlers that the HTML
  //    spec forwards to the Window (onload, onhashchange, onmessage, …) get
  //    the event on the Window too.
  els = everything();
  for (const el of els) {
    let names;
    try { names = getAttributeNames.call(el); } catch (e) { continue; }
    for (const name of names) {
      if (!/^on/i.test(name)) continue;
      const type = name.slice(2).toLowerCase();
      summary.handlers++;
      fire(el, type);
      const ln = localName.call(el);
      if (ln === 'body' || ln === 'frameset') fire(el.ownerDocument.defaultView, type, {bubbles: false});
    }
  }
  await sleep(0);
  return JSON.stringify(summary);
})()
