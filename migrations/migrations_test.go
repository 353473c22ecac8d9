package migrations

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// TestFiles checks that every migration is numbered, each number used once, and has both
// an Up and a Down section, which goose needs to apply it. A number may be missing: work
// in progress elsewhere may hold it, and goose applies whatever versions exist in order.
func TestFiles(t *testing.T) {
	names, err := fs.Glob(FS, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no migrations embedded")
	}
	last := 0
	for _, name := range names {
		var n int
		if _, err := fmt.Sscanf(name, "%04d_", &n); err != nil || !strings.HasPrefix(name, fmt.Sprintf("%04d_", n)) {
			t.Errorf("migration %s does not start with a four-digit number and _", name)
			continue
		}
		if n <= last {
			t.Errorf("migration %s reuses number %d", name, n)
		}
		last = n
		b, err := fs.ReadFile(FS, name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		if !strings.Contains(text, "-- +goose Up") || !strings.Contains(text, "-- +goose Down") {
			t.Errorf("%s lacks a '-- +goose Up' or '-- +goose Down' section", name)
		}
	}
}
