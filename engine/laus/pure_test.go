package laus

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEngineIsPure keeps the package free of clocks, I/O and global
// randomness: only these imports are allowed outside tests.
func TestEngineIsPure(t *testing.T) {
	allowed := map[string]bool{
		"errors": true, "fmt": true, "math/bits": true, "math/rand/v2": true,
		"slices": true, "strconv": true, "strings": true,
		"github.com/cardbot/cardbot/engine/cards": true,
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if !allowed[path] {
				t.Errorf("%s imports %q, want only %v", name, path, allowed)
			}
		}
		// math/rand/v2 may only be used through a *rand.Rand passed in.
		if strings.Contains(string(src), "rand.IntN(") || strings.Contains(string(src), "rand.Shuffle(") {
			t.Errorf("%s uses the global math/rand source", name)
		}
	}
}
