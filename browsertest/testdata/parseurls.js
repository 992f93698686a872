// Parses every input with the page's own URL parser, as a link on a page
// at base would: new URL(input, base). A parse failure is null. The stage
// compares protocol, hostname and port; the rest is information.
(base, inputs) => inputs.map((s) => {
  let u;
  try {
    u = new URL(s, base);
  } catch (e) {
    return null;
  }
  return [u.href, u.protocol, u.hostname, u.port, u.pathname, u.search, u.hash];
})
