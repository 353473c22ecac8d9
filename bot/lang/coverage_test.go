package lang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// botDir is the folder of the packages whose words people read.
const botDir = ".."

// notPeoples are the folders under bot/ whose strings no player reads:
// the fake Discord and the test fixtures, this catalogue, and the metrics'
// names and help (read by operators through /metrics, in English).
var notPeoples = []string{"discordtest", "internal", "lang", "metrics"}

// notYetTranslated lists the files whose texts still wait for the
// catalogue, each with how many prose strings it still holds. It may only
// shrink: TestNoTextOutsideTheCatalogue fails when a file not listed holds
// prose, or a listed one holds more than its count.
var notYetTranslated = map[string]int{}

// prose is what a string that people read looks like: two words, or one
// word starting with a capital and going on in small letters ("Join").
var prose = regexp.MustCompile(`\p{L}{2,}[ \n]+\S*\p{L}|^\P{L}*\p{Lu}\p{Ll}+`)

// TestNoTextOutsideTheCatalogue walks every production Go file of the
// bot's packages and fails on a string literal that reads as prose outside
// the catalogue. Log lines, errors (which go to the log), panics, struct
// tags and imports are not read by players and are left alone; a literal
// that is not for people (a proper name, Discord's own word) carries the
// comment "lang:keep" on its line, saying so.
func TestNoTextOutsideTheCatalogue(t *testing.T) {
	found := map[string][]string{}
	err := filepath.WalkDir(botDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			for _, skip := range notPeoples {
				if path == filepath.Join(botDir, skip) {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(botDir, path)
		found[filepath.ToSlash(rel)] = proseIn(t, path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	files := make([]string, 0, len(found))
	for f := range found {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		lits := found[f]
		if allowed, listed := notYetTranslated[f]; listed {
			if len(lits) > allowed {
				t.Errorf("%s holds %d prose strings outside the catalogue, more than the %d still waiting:\n  %s",
					f, len(lits), allowed, strings.Join(lits, "\n  "))
			} else if len(lits) < allowed {
				t.Logf("%s: %d prose strings left; lower its count in notYetTranslated to %d", f, len(lits), len(lits))
			}
			continue
		}
		for _, l := range lits {
			t.Errorf("%s: text outside the catalogue: %s", f, l)
		}
	}
	for f := range notYetTranslated {
		if _, ok := found[f]; !ok {
			t.Errorf("notYetTranslated lists %s, which no longer exists", f)
		}
	}
}

// proseIn lists the prose literals of one file, as "line: text".
func proseIn(t *testing.T, path string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	kept := map[int]bool{}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.Contains(c.Text, "lang:keep") {
				kept[fset.Position(c.Pos()).Line] = true
			}
		}
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ImportSpec, *ast.Field:
			return false // import paths; struct tags
		case *ast.CallExpr:
			return !notForPeople(n)
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				return false
			}
			s, err := strconv.Unquote(n.Value)
			if err != nil || !prose.MatchString(s) || isIdentifierLike(s) {
				return false
			}
			line := fset.Position(n.Pos()).Line
			if !kept[line] {
				out = append(out, strconv.Itoa(line)+": "+short(s))
			}
		}
		return true
	})
	return out
}

// notForPeople reports whether a call's strings go to the log, an error or
// a panic, never to a player, or are a catalogue ID.
func notForPeople(c *ast.CallExpr) bool {
	switch fn := c.Fun.(type) {
	case *ast.Ident:
		return fn.Name == "panic"
	case *ast.SelectorExpr:
		switch fn.Sel.Name {
		case "Debug", "Info", "Warn", "Error", "DebugContext", "InfoContext", "WarnContext", "ErrorContext",
			"Errorf", "New", "Printf", "Println", "Fatalf", "With", "T", "N", "Has":
			if fn.Sel.Name == "New" {
				x, ok := fn.X.(*ast.Ident)
				return ok && x.Name == "errors"
			}
			return true
		}
	}
	return false
}

// isIdentifierLike is true for strings that are names in code or on the
// wire rather than words: snake_case, dotted IDs, format verbs alone.
func isIdentifierLike(s string) bool {
	for _, r := range s {
		if unicode.IsSpace(r) {
			return false
		}
	}
	return strings.ContainsAny(s, "_.:/%")
}

func short(s string) string {
	s = strings.ReplaceAll(s, "\n", "⏎")
	if len([]rune(s)) > 70 {
		return string([]rune(s)[:70]) + "…"
	}
	return s
}

// TestEveryMessageInTheCodeExists: each T and N call whose ID is a literal
// names a message of the English catalogue (and so, by the test above, of
// every language).
func TestEveryMessageInTheCodeExists(t *testing.T) {
	call := regexp.MustCompile(`\.(?:T|N)\("([a-z0-9_.]+)"`)
	err := filepath.WalkDir(filepath.Join(botDir, ".."), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := fsReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range call.FindAllStringSubmatch(src, -1) {
			if !English.Has(m[1]) {
				t.Errorf("%s uses message %q, which the catalogue lacks", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func fsReadFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}
