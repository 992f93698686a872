// detect.js runs in every new document of the tab before any of its own
// scripts (Page.addScriptToEvaluateOnNewDocument): the top page, srcdoc,
// about:blank and data: frames that live in the tab's renderer. It replaces
// the dialog functions that XSS payloads call with recorders that report
// through a CDP binding (Runtime.addBinding) instead of opening a dialog.
//
// Frames the script does not reach (out-of-process frames, documents that
// start before it is installed) still open real dialogs; the harness sees
// those as Page.javascriptDialogOpening events and dismisses them.
(() => {
  const name = '__htmlcleanHit';
  const binding = globalThis[name];
  // Hide the binding from page scripts; the closure keeps it.
  try { delete globalThis[name]; } catch (e) {}
  if (typeof binding !== 'function') return;
  const str = (v) => { try { return String(v); } catch (e) { return '?'; } };
  const report = (fn, args) => {
    try {
      binding(JSON.stringify({
        fn: fn,
        args: args.map(str).join(', ').slice(0, 200),
        url: str(location.href).slice(0, 300),
      }));
    } catch (e) {}
  };
  // Return values a dismissed dialog returns: confirm() is false, prompt()
  // is null, alert() and print() are undefined.
  const results = {alert: undefined, confirm: false, prompt: null, print: undefined};
  for (const fn of Object.keys(results)) {
    const recorder = function (...args) { report(fn, args); return results[fn]; };
    try {
      Object.defineProperty(globalThis, fn, {value: recorder, writable: true, configurable: true, enumerable: true});
    } catch (e) {}
  }
})();
