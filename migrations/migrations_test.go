package migrations

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// TestFiles checks that every migration of each dialect is numbered in sequence and has
// both an Up and a Down section, which goose needs to apply it.
func TestFiles(t *testing.T) {
	for name, set := range map[string]fs.FS{"sqlite": SQLite, "postgres": Postgres} {
		names, err := fs.Glob(set, "*.sql")
		if err != nil {
			t.Fatal(err)
		}
		if len(names) == 0 {
			t.Fatalf("%s: no migrations embedded", name)
		}
		for i, file := range names {
			if want := fmt.Sprintf("%04d_", i+1); !strings.HasPrefix(file, want) {
				t.Errorf("%s: migration %d is %s, want it to start with %s", name, i+1, file, want)
			}
			b, err := fs.ReadFile(set, file)
			if err != nil {
				t.Fatal(err)
			}
			text := string(b)
			if !strings.Contains(text, "-- +goose Up") || !strings.Contains(text, "-- +goose Down") {
				t.Errorf("%s: %s lacks a '-- +goose Up' or '-- +goose Down' section", name, file)
			}
		}
	}
}

// TestDialectsMatch checks that the two sets have the same files: a migration added to
// one dialect only would leave the other's schema behind at the same version.
func TestDialectsMatch(t *testing.T) {
	lite, err := fs.Glob(SQLite, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := fs.Glob(Postgres, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(lite, pg) {
		t.Errorf("sqlite has %v, postgres has %v: every migration needs a file in both", lite, pg)
	}
}
