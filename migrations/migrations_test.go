package migrations

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// TestFiles checks that every migration is numbered in sequence and has both an Up and a
// Down section, which goose needs to apply it.
func TestFiles(t *testing.T) {
	names, err := fs.Glob(FS, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no migrations embedded")
	}
	for i, name := range names {
		if want := fmt.Sprintf("%04d_", i+1); !strings.HasPrefix(name, want) {
			t.Errorf("migration %d is %s, want it to start with %s", i+1, name, want)
		}
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
