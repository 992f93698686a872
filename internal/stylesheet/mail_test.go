package stylesheet

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// mailSheets are style sheets as newsletters write them; nothing in them
// is dangerous, and everything but the id selectors' names and the
// scope must come out as written, in canonical form.
var mailSheets = []struct {
	name, in, want string
	wrapperDrops   int // declarations on body that the wrapper may not take
}{
	{
		name: "table-layout-newsletter",
		in: `/* reset */
body, table, td, a { -webkit-text-size-adjust: 100%; -ms-text-size-adjust: 100%; }
table, td { mso-table-lspace: 0pt; mso-table-rspace: 0pt; }
img { -ms-interpolation-mode: bicubic; border: 0; height: auto; line-height: 100%; outline: none; text-decoration: none; }
table { border-collapse: collapse !important; }
body { height: 100% !important; margin: 0 !important; padding: 0 !important; width: 100% !important; }
a[x-apple-data-detectors] { color: inherit !important; text-decoration: none !important; }
#bodyTable td.header { background-color: #F4F4F4; padding: 20px 0; }
`,
		want: `.hc-mail table,.hc-mail td,.hc-mail a{-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}
.hc-mail{-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}
.hc-mail table,.hc-mail td{mso-table-lspace:0pt;mso-table-rspace:0pt}
.hc-mail img{-ms-interpolation-mode:bicubic;border:0;height:auto;line-height:100%;outline:none;text-decoration:none}
.hc-mail table{border-collapse:collapse !important}
.hc-mail{padding:0 !important}
.hc-mail a[x-apple-data-detectors]{color:inherit !important;text-decoration:none !important}
.hc-mail #m-bodyTable td.header{background-color:#F4F4F4;padding:20px 0}
`,
		wrapperDrops: 3,
	},
	{
		name: "fonts-colours-button-hover",
		in: `h1,h2{font-family:'Helvetica Neue',Helvetica,Arial,sans-serif;color:#222;font-weight:700;margin:0 0 12px}
p{font:15px/1.6 Georgia,serif;color:rgb(51,51,51)}
.button{display:inline-block;background:linear-gradient(#2b7cff,#1a5fd0);color:#fff;border-radius:4px;padding:12px 24px}
.button:hover,.button:focus{background-color:#1a5fd0}
.footer a{color:#888;text-decoration:underline}
.hero{background:#000 url("https://cdn.example.com/hero.jpg") no-repeat center/cover}`,
		want: `.hc-mail h1,.hc-mail h2{font-family:"Helvetica Neue", Helvetica, Arial, sans-serif;color:#222;font-weight:700;margin:0 0 12px}
.hc-mail p{font:15px / 1.6 Georgia, serif;color:rgb(51, 51, 51)}
.hc-mail .button{display:inline-block;background:linear-gradient(#2b7cff, #1a5fd0);color:#fff;border-radius:4px;padding:12px 24px}
.hc-mail .button:hover,.hc-mail .button:focus{background-color:#1a5fd0}
.hc-mail .footer a{color:#888;text-decoration:underline}
.hc-mail .hero{background:#000 url("https://cdn.example.com/hero.jpg") no-repeat center / cover}
`,
	},
	{
		name: "responsive-media-blocks",
		in: `.container{width:600px;max-width:100%}
@media only screen and (max-width: 600px) {
  .container { width: 100% !important; }
  .col, .col-half { display: block !important; width: 100% !important; }
  td.mobile-hide { display: none; }
}
@media screen and (min-width:601px) and (max-width:900px), print {
  .hero h1 { font-size: calc(1.5rem + 2vw); }
}
@media (prefers-color-scheme: dark) { .card { background: #111; color: #eee } }`,
		want: `.hc-mail .container{width:600px;max-width:100%}
@media only screen and (max-width: 600px){
.hc-mail .container{width:100% !important}
.hc-mail .col,.hc-mail .col-half{display:block !important;width:100% !important}
.hc-mail td.mobile-hide{display:none}
}
@media screen and (min-width: 601px) and (max-width: 900px), print{
.hc-mail .hero h1{font-size:calc(1.5rem + 2vw)}
}
@media (prefers-color-scheme: dark){
.hc-mail .card{background:#111;color:#eee}
}
`,
	},
	{
		name: "structural-pseudo-classes",
		in: `tr:nth-child(even) td{background:#fafafa}
li:first-child,li:last-child{margin:0}
td:not(.price,.total){text-align:left}
.quote:before{content:"\201C";color:#ccc}
ul li:nth-of-type(2n+1)::after{content:" · "}`,
		want: `.hc-mail tr:nth-child(even) td{background:#fafafa}
.hc-mail li:first-child,.hc-mail li:last-child{margin:0}
.hc-mail td:not(.price,.total){text-align:left}
.hc-mail .quote::before{content:"“";color:#ccc}
.hc-mail ul li:nth-of-type(2n+1)::after{content:" · "}
`,
	},
}

func TestSanitizeMail(t *testing.T) {
	o := testOptions() // shared by the parallel subtests
	for _, tc := range mailSheets {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, removed, err := Sanitize(tc.in, o)
			if err != nil {
				t.Fatalf("Sanitize: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Sanitize(%s) mismatch (-want +got):\n%s", tc.name, diff)
			}
			n := 0
			for _, r := range removed {
				if r.Reason != ReasonWrapper {
					t.Errorf("Sanitize(%s) removed %v, want only wrapper properties", tc.name, r)
				}
				n++
			}
			if n != tc.wrapperDrops {
				t.Errorf("Sanitize(%s) removed %d declarations from the wrapper, want %d", tc.name, n, tc.wrapperDrops)
			}
			again, _, _ := Sanitize(got, o)
			if again != got {
				t.Errorf("Sanitize is not idempotent on %s:\n%s", tc.name, again)
			}
		})
	}
}

// mailSheet is a mail-sized style sheet (about 20 KB) built from the
// sheets above.
func mailSheet() string {
	var b strings.Builder
	for b.Len() < 20<<10 {
		for _, tc := range mailSheets {
			b.WriteString(tc.in)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func BenchmarkSanitize(b *testing.B) {
	in := mailSheet()
	o := testOptions()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Sanitize(in, o); err != nil {
			b.Fatal(err)
		}
	}
}
