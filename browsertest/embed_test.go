//go:build browser

package browsertest

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// The embed stage's two origins, both served by one loopback TLS server:
// the page a comment is pasted into, and the attacker's embed host. Under
// the reserved .test TLD (RFC 6761 §6.2); Chromium resolves them to the
// server with host-resolver-rules, port included, so the URLs in the
// HTML are the ones a policy allows: https, no port.
const (
	siteHost  = "site.test"
	embedHost = "embed.test"
)

// attackPage is the embedded page. On load it reports that its script
// ran, then reaches for the page around it: reads parent.document, calls
// a function of the parent, opens a dialog and a window. Each click (a
// real one, through CDP's Input domain: the frame gets user activation)
// tries what needs activation: the first opens a window, the second
// navigates the top-level page. Every success makes a request the server
// records; only the parent's function and the navigations it starts are
// told apart by the request's Sec-Fetch-Dest.
const attackPage = `<!doctype html>
<body style="margin:0"><button style="position:fixed;inset:0;width:100%;height:100%">play</button>
<script>
const c = new URLSearchParams(location.search).get("case");
const hit = what => { new Image().src = "/hit?case=" + c + "&what=" + what; };
hit("ran");
try { if (parent.document.body.innerHTML.length >= 0) hit("parent-document"); } catch (e) {}
try { parent.reach(c); } catch (e) {}
try { window.open("/hit?case=" + c + "&what=popup-load"); } catch (e) {}
let clicks = 0;
document.addEventListener("click", () => {
  clicks++;
  hit("clicked-" + clicks);
  try {
    if (clicks === 1) window.open("/hit?case=" + c + "&what=popup");
    else top.location.href = "/hit?case=" + c + "&what=top";
  } catch (e) {}
});
try { alert("embed " + c); } catch (e) {}
hit("alerted");
</script>`

// embedServer records what the pages ask for.
type embedServer struct {
	mu     sync.Mutex
	pages  map[string]string   // case -> the body of the page that embeds
	hits   map[string][]string // case -> "what dest" of each /hit request
	dialog map[string]bool     // case -> a JavaScript dialog opened
}

func (s *embedServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	c := r.URL.Query().Get("case")
	host, _, _ := net.SplitHostPort(r.Host)
	if host == "" {
		host = r.Host
	}
	switch r.URL.Path {
	case "/page":
		s.mu.Lock()
		body, ok := s.pages[c]
		s.mu.Unlock()
		if !ok || host != siteHost {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		// The page's own function, which only a script of its origin
		// can call.
		fmt.Fprintf(w, `<!doctype html><html><head><style>body{margin:0}</style>
<script>window.reach = c => { new Image().src = "/hit?case=" + c + "&what=parent-call"; };</script>
</head><body>%s</body></html>`, body)
	case "/attack.html":
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, attackPage)
	case "/hit":
		s.mu.Lock()
		s.hits[c] = append(s.hits[c], r.URL.Query().Get("what")+" "+r.Header.Get("Sec-Fetch-Dest"))
		s.mu.Unlock()
		w.WriteHeader(http.StatusNoContent) // a navigation to it goes nowhere
	default:
		http.NotFound(w, r)
	}
}

// saw reports whether case c made the hit "what dest" (dest "" for any).
func (s *embedServer) saw(c, what, dest string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.ContainsFunc(s.hits[c], func(h string) bool {
		w, d, _ := strings.Cut(h, " ")
		return w == what && (dest == "" || d == dest)
	})
}

// The ways an embed reaches the page around it, as the server sees them.
var reaches = []struct{ what, dest, desc string }{
	{"parent-document", "", "read parent.document"},
	{"parent-call", "", "called a function of the parent"},
	{"popup", "document", "opened a window on a click"},
	{"popup-load", "document", "opened a window without a click"},
	{"top", "document", "navigated the top-level page on a click"},
}

// TestEmbedSandbox proves that an embed the sanitiser keeps cannot reach
// the page it is embedded in, with an attacker's page as the embed: its
// script runs (allow-scripts), but it neither reads nor scripts the page,
// nor opens a dialog or a window, nor navigates the page, even when the
// reader clicks it. Positive controls, the same page embedded without a
// sandbox in the same harness, do each of these, so the test can fail.
// The page of the site's own origin shows why a policy may not list the
// site's own host with the default sandbox.
func TestEmbedSandbox(t *testing.T) {
	if _, err := os.Stat(chromiumPath); errors.Is(err, fs.ErrNotExist) {
		if os.Getenv(optionalEnv) == "1" {
			t.Skip(errNoBrowser)
		}
		t.Fatal(errNoBrowser)
	}
	srv := &embedServer{pages: map[string]string{}, hits: map[string][]string{}, dialog: map[string]bool{}}
	ts := httptest.NewTLSServer(srv)
	defer ts.Close()
	addr := ts.Listener.Addr().String()

	sanitized := func(hosts, sandbox []string, in string) string {
		c, err := policy.PresetConfig("ugc")
		if err != nil {
			t.Fatal(err)
		}
		c.Embeds = policy.Embeds{Hosts: hosts, Sandbox: sandbox}
		p, err := policy.Compile(c)
		if err != nil {
			t.Fatal(err)
		}
		out, err := sanitize.String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		want := ` sandbox="` + strings.Join(p.Config().Embeds.Sandbox, " ") + `"></iframe>`
		if !strings.HasPrefix(out, `<iframe src="https://`) || !strings.HasSuffix(out, want) || strings.Count(out, "sandbox") != 1 {
			t.Fatalf("the embed was not kept with the policy's sandbox: %q", out)
		}
		return out
	}
	frame := func(host, c string) string {
		return `<iframe src="https://` + host + `/attack.html?case=` + c + `" width="400" height="300"></iframe>`
	}
	// What an attacker submits: the frame asking for every power.
	hostile := func(host, c string) string {
		return `<iframe src="https://` + host + `/attack.html?case=` + c + `" width="400" height="300" name="reach"` +
			` sandbox="allow-scripts allow-same-origin allow-top-navigation allow-popups allow-popups-to-escape-sandbox allow-modals allow-forms"` +
			` allow="fullscreen; camera"></iframe>`
	}
	cases := []struct {
		name, body string
		want       []string // the reaches that must happen; all others must not
	}{
		{"control-cross-origin", frame(embedHost, "control-cross-origin"), []string{"popup", "top", "dialog"}},
		// The attacker's own sandbox, unsanitised: its tokens are what
		// the sanitiser replaces.
		{"control-hostile-sandbox", hostile(embedHost, "control-hostile-sandbox"), []string{"popup", "top", "dialog"}},
		{"sanitized-cross-origin", sanitized([]string{embedHost}, nil, hostile(embedHost, "sanitized-cross-origin")), nil},
		{"control-same-origin", frame(siteHost, "control-same-origin"), []string{"parent-document", "parent-call", "popup", "top", "dialog"}},
		{"sanitized-same-origin-narrow", sanitized([]string{siteHost}, []string{"allow-scripts", "allow-presentation"}, hostile(siteHost, "sanitized-same-origin-narrow")), nil},
		// allow-scripts with allow-same-origin on the page's own origin:
		// the frame is the page's, which is why Compile refuses a
		// site's own host (urls.base, links.internal_hosts) with both.
		{"sanitized-same-origin-default", sanitized([]string{siteHost}, nil, hostile(siteHost, "sanitized-same-origin-default")), []string{"parent-document", "parent-call"}},
	}
	for _, tc := range cases {
		srv.pages[tc.name] = tc.body
	}
	// What the last case shows is why a policy that names the site's own
	// host with the default sandbox does not compile.
	c, err := policy.PresetConfig("ugc")
	if err != nil {
		t.Fatal(err)
	}
	c.Links.InternalHosts = []string{siteHost}
	c.Embeds = policy.Embeds{Hosts: []string{siteHost}}
	if _, err := policy.Compile(c); err == nil {
		t.Errorf("a policy embedding its own host %s with the default sandbox compiles", siteHost)
	}

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("disable-features", "WebUIOmniboxPopup,BackForwardCache,Translate,MediaRouter,OptimizationHints"),
		// Both names go to the server, on its port; no other name
		// resolves, so nothing waits on DNS.
		chromedp.Flag("host-resolver-rules", fmt.Sprintf("MAP %s %s, MAP %s %s, MAP * ~NOTFOUND", siteHost, addr, embedHost, addr)),
		// The test server's certificate names neither host.
		chromedp.Flag("ignore-certificate-errors", true),
		chromedp.WindowSize(800, 600),
	}
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer allocCancel()
	browser, cancel := chromedp.NewContext(allocCtx)
	defer cancel()
	if err := chromedp.Do(browser); err != nil {
		t.Fatalf("starting %s: %v", chromiumPath, err)
	}

	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			runEmbedCase(t, browser, srv, tc.name)
			for _, r := range reaches {
				got := srv.saw(tc.name, r.what, r.dest)
				if want := slices.Contains(tc.want, r.what); got != want {
					t.Errorf("the embed %s: %v, want %v", r.desc, got, want)
				}
			}
			srv.mu.Lock()
			got, hits := srv.dialog[tc.name], srv.hits[tc.name]
			srv.mu.Unlock()
			if want := slices.Contains(tc.want, "dialog"); got != want {
				t.Errorf("the embed opened a dialog: %v, want %v", got, want)
			}
			t.Logf("page: %s\nhits: %q", html.UnescapeString(tc.body), hits)
		})
	}
}

// runEmbedCase loads the page of case c in a new tab, waits for the
// embed's script to run, clicks the embed twice, and waits for what
// follows to settle.
func runEmbedCase(t *testing.T, browser context.Context, srv *embedServer, c string) {
	var ctx context.Context
	onEvent := func(ev any) {
		if _, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			srv.mu.Lock()
			srv.dialog[c] = true
			srv.mu.Unlock()
			// The dialog holds its renderer until answered.
			go func() {
				_, _ = chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{})
			}()
		}
	}
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithListener(onEvent))
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 20*time.Second)
	defer cancelTime()
	if err := chromedp.Do(ctx, chromedp.Navigate("https://"+siteHost+"/page?case="+c)); err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	wait := func(what string, d time.Duration) bool {
		for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
			if srv.saw(c, what, "") {
				return true
			}
		}
		return false
	}
	if !wait("alerted", 5*time.Second) {
		t.Fatalf("the embed's script did not run to its end (hits %q)", srv.hits[c])
	}
	for i := 1; i <= 2; i++ {
		// An out-of-process frame takes input only once the browser has
		// its hit-test data: a click before that goes nowhere (the page
		// does not count it), so click until the embed saw one.
		clicked := false
		for try := 0; try < 20 && !clicked; try++ {
			if err := chromedp.Do(ctx, chromedp.MouseClickXY(200, 150)); err != nil {
				t.Fatalf("click %d: %v", i, err)
			}
			clicked = wait(fmt.Sprintf("clicked-%d", i), 250*time.Millisecond)
		}
		if !clicked {
			t.Fatalf("click %d did not reach the embed (hits %q)", i, srv.hits[c])
		}
		time.Sleep(500 * time.Millisecond) // what the click started
	}
}
