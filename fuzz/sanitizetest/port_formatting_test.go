package sanitizetest

// formattingPosts are posts as hand-written HTML and word processors
// write them, with formatting left open across blocks: the browser
// reopens it in each block that follows (HTML §13.2.4.3) and moves blocks
// out of it (the adoption agency), and bluemonday, passing the tags
// through, keeps that page. Every port is compared on them.
var formattingPosts = []portCase{
	{name: "formatting-open-across-paragraphs", in: `<p>Unclosed <b>bold <i>italic</p><p>next paragraph</p>`},
	{name: "formatting-open-across-items", in: `<ul><li><em>first item<li>second item</ul><p>after</p>`},
	{name: "formatting-open-in-heading", in: `<h2><strong>Title</h2><p>body text</p>`},
	{name: "formatting-open-before-paragraph", in: `<p>Some <em>emphasis<p>a new paragraph</p>`},
	{name: "formatting-open-in-quote", in: `<blockquote><p><i>quoted</blockquote><p>reply</p>`},
	{name: "formatting-around-paragraph", in: `<b>bold <p>inside</b> after</p>`},
	{name: "formatting-crossed", in: `<p><b>one <i>two</b> three</i> four</p>`},
}
