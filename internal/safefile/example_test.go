package safefile_test

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"

	"github.com/htmlclean/htmlclean/internal/safefile"
)

// ExampleWriter_Replace rewrites a file the way htmlclean -w does: the
// stat taken when the file was read goes with the new content, so that a
// change made meanwhile by someone else is kept, not overwritten.
func ExampleWriter_Replace() {
	dir, err := os.MkdirTemp("", "safefile-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "page.html")
	if err := os.WriteFile(path, []byte("<p onclick=x()>hi</p>\n"), 0o640); err != nil {
		log.Fatal(err)
	}
	if err := os.Chmod(path, 0o640); err != nil { // whatever the umask
		log.Fatal(err)
	}
	was, err := os.Stat(path)
	if err != nil {
		log.Fatal(err)
	}

	var w safefile.Writer
	err = w.Replace(path, was, func(out io.Writer) error {
		_, err := io.WriteString(out, "<p>hi</p>\n")
		return err
	})
	var fe *safefile.Error
	switch {
	case errors.Is(err, safefile.ErrChanged):
		fmt.Println("changed meanwhile; left as it is")
	case errors.As(err, &fe):
		fmt.Println(fe.Op, fe.Path, fe.Err)
	case err != nil:
		log.Fatal(err)
	}

	b, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	fmt.Printf("%s%v\n", b, fi.Mode())
	// Output:
	// <p>hi</p>
	// -rw-r-----
}
