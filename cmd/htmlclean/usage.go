package main

// The commands' help texts. They are read, never written.

var cleanCommand = command{
	name: "htmlclean",
	synopsis: `usage: htmlclean [flags] [PATH ...]
       htmlclean url [-strict|-strict-all] [-json] [-userinfo reject|strip|keep] [-nested] [URL ...]
       htmlclean sm encode|decode [flags] [VALUE ...]
`,
	about: `htmlclean sanitises HTML: it removes everything that could run script
and rewrites every URL into the canonical form a browser would use, by a
preset or a policy file.

With no PATH, or "-", it reads standard input and writes standard output.
A directory is walked recursively: its *.html and *.htm files are
sanitised, other files skipped and counted. The sanitised HTML goes to
standard output, to -o, or back into the files with -w. A file named url
or sm is named after "--": htmlclean -- url.

-w keeps each file's owner, mode and extended attributes, and leaves
alone a read-only file (-force), one with other hard links (-inplace),
and one that changed while it was cleaned. An output that is an input is
refused. A symlink named as a PATH is followed; symlinks met in a
directory are skipped.

Input must be UTF-8. A binary file, UTF-16 text, or invalid UTF-8 (with
its line and column) is refused with a hint to convert it, and left
untouched; the other files are still processed. A stray NUL byte in
UTF-8 text is sanitised as HTML parses it, as the library does.

Memory stays bounded whatever the size of the input: a file over 256 KiB
streams. An output file (-o, -w) appears only once complete; standard
output is held up to 1 MiB per file, past which an input that fails
leaves it incomplete (the diagnostic says so; exit status 1). -diff holds
both texts and refuses a file over 16 MiB.

A batch (several paths or a directory) ends with a summary line on
standard error, and shows a progress bar there when it is a terminal.

Exit status: 0 success (content removed is still success), 1 a file
could not be processed or -check found changes, 2 usage or policy error.
`,
	examples: `  htmlclean comment.html
        print comment.html sanitised with the ugc preset
  htmlclean -preset basic -o clean/ -report changes.jsonl posts/
        mirror posts/ into clean/, with every change and its reason in changes.jsonl
  htmlclean -check -diff content/
        in CI: show what would change, exit 1 if anything would
  htmlclean -svg -o clean/ uploads/
        write each *.svg of uploads/ into clean/ as a safe SVG file
`,
}

var urlCommand = command{
	name:     "htmlclean url",
	synopsis: "usage: htmlclean url [-strict|-strict-all] [-json] [-userinfo reject|strip|keep] [-nested] [URL ...]\n",
	about: `htmlclean url prints the canonical form of each URL, read from the
arguments or, with none, one per line from standard input: the URL a
browser would fetch, written so that filters see what the browser sees.
A URL that is refused prints "reject<TAB>reason" on its line instead.
No scheme is refused for itself (javascript: is accepted and flagged
active-scheme): deciding which schemes are allowed is the policy's job.

Exit status: 0 every URL accepted, 1 any rejected, 2 usage error.
`,
	examples: `  htmlclean url 'HTTP://Example.COM/a/../b?x=%41'
        http://example.com/b?x=A
  htmlclean url -json 'http://good.example@evil.example/'
        {"input":"http://good.example@evil.example/","reject":"userinfo"}
  htmlclean url -strict -nested < links.txt
        one result per line of links.txt
`,
}

var smCommand = command{
	name: "htmlclean sm",
	synopsis: `usage: htmlclean sm encode [-legacy] [-always] [VALUE ...]
       htmlclean sm decode [VALUE ...]
`,
	about: `htmlclean sm encodes and decodes the SM-encoding of CA/Broadcom SiteMinder
web agents, which carries a URL in a query value ("-SM-http%3a%2f%2f...").
Values come from the arguments or, with none, one per line from standard
input; each result is printed on its own line. A value starting with
"-SM-" is a value, not a flag: the flags end before it.
`,
	examples: `  htmlclean sm encode 'http://server.example/a?b=c d'
        -SM-http%3a%2f%2fserver%2eexample%2fa%3fb%3dc%20d
  htmlclean sm decode '$SM$http%3a%2f%2fserver%2edomain%2ecom%2fresource%3fP1=A%2bB%26P2=Space$%20Here'
        http://server.domain.com/resource?P1=A+B&P2=Space%20Here
`,
}

var smEncodeCommand = command{
	name:     "htmlclean sm encode",
	synopsis: "usage: htmlclean sm encode [-legacy] [-always] [VALUE ...]\n",
	about: `htmlclean sm encode SM-encodes each value as a SiteMinder agent would:
framework encoding ("-SM-") by default, legacy ("$SM$") with -legacy. A
value without a trigger character (space & + ? % $) is printed as it is,
unless -always is given.
`,
	examples: `  htmlclean sm encode 'http://h/a?b=1&c=2'
        -SM-http%3a%2f%2fh%2fa%3fb%3d1%26c%3d2
  htmlclean sm encode -legacy -always http://h/
        $SM$http%3a%2f%2fh%2f
`,
}

var smDecodeCommand = command{
	name:     "htmlclean sm decode",
	synopsis: "usage: htmlclean sm decode [VALUE ...]\n",
	about: `htmlclean sm decode decodes each SM-encoded value ("-SM-" or "$SM$"
prefix); a value without a prefix is printed as it is. A malformed value
prints "error<TAB>reason" on its line, the details on standard error,
and the exit status is 1 once all values are done.
`,
	examples: `  htmlclean sm decode -SM-http%3a%2f%2fmyserver%2eexample%2ecom%2fmyasp%2f
        http://myserver.example.com/myasp/
  htmlclean sm decode < values.txt
        one result per line of values.txt
`,
}
