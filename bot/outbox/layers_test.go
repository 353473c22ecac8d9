package outbox

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/cardbot/cardbot/"

// TestTransportImportsPointDown: the transport packages sit beneath the
// tables and the games, and their arrows point one way: outbox and threads
// use the pacer, outbox the webhook calls, never the reverse, and none of them reaches,
// even through another package, up into bot/table, a game or the bot.
func TestTransportImportsPointDown(t *testing.T) {
	root := moduleRoot(t)
	above := []string{"bot", "bot/table", "bot/games", "bot/laro", "bot/laus", "bot/chips"}
	for pkg, forbidden := range map[string][]string{
		"bot/outbox":   above,
		"bot/restpace": append([]string{"bot/outbox", "bot/webhook"}, above...),
		"bot/webhook":  append([]string{"bot/outbox", "bot/restpace"}, above...),
		"bot/shard":    append([]string{"bot/outbox", "bot/restpace", "bot/webhook"}, above...),
		"bot/threads":  append([]string{"bot/outbox", "bot/webhook"}, above...),
	} {
		deps := moduleDeps(t, root, pkg)
		for _, f := range forbidden {
			if via, ok := deps[f]; ok {
				t.Errorf("%s depends on %s (imported by %s)", pkg, f, via)
			}
		}
	}
	// The walk sees real imports: outbox does use the pacer.
	if _, ok := moduleDeps(t, root, "bot/outbox")["bot/restpace"]; !ok {
		t.Error("bot/outbox does not import bot/restpace: the import walk is broken")
	}
}

// moduleDeps returns every package of the module that pkg imports, directly
// or not, with the package that imports it; test files do not count.
func moduleDeps(t *testing.T, root, pkg string) map[string]string {
	t.Helper()
	deps := map[string]string{}
	todo := []string{pkg}
	for len(todo) > 0 {
		p := todo[0]
		todo = todo[1:]
		for _, imp := range imports(t, filepath.Join(root, p)) {
			rel, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if _, seen := deps[rel]; !seen {
				deps[rel] = p
				todo = append(todo, rel)
			}
		}
	}
	return deps
}

// imports lists the import paths of the non-test Go files in dir.
func imports(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range f.Imports {
			path, err := strconv.Unquote(s.Path.Value)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, path)
		}
	}
	return out
}

// moduleRoot is the directory holding go.mod, above this package's.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}
