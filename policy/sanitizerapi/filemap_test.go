package sanitizerapi

import (
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/filemap"
)

// The package doc's file map names every file of the package.
func TestDocFileMap(t *testing.T) {
	for _, err := range filemap.Check(".") {
		t.Error(err)
	}
}
