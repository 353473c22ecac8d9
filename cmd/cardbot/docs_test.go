package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/joho/godotenv"
)

// TestEverySettingIsDocumented keeps README.md and .env.example in step with
// the variables configFrom actually reads.
func TestEverySettingIsDocumented(t *testing.T) {
	var read []string
	_, err := configFrom(func(k string) (string, bool) {
		read = append(read, k)
		if k == "DISCORD_TOKEN" {
			return "x", true
		}
		return "", false
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(read, "DATABASE_PATH") || !slices.Contains(read, "LOG_LEVEL") {
		t.Fatalf("configFrom read %v, want at least DATABASE_PATH and LOG_LEVEL", read)
	}
	for _, file := range []string{"README.md", ".env.example"} {
		b, err := os.ReadFile(filepath.Join("..", "..", file))
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range read {
			if !strings.Contains(string(b), k) {
				t.Errorf("%s does not mention %s", file, k)
			}
		}
	}
}

// TestEnvExampleParses checks that a fresh copy of .env.example is a valid
// .env that sets nothing but an empty token, so the optional settings keep
// their defaults until someone uncomments them.
func TestEnvExampleParses(t *testing.T) {
	got, err := godotenv.Read(filepath.Join("..", "..", ".env.example"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got["DISCORD_TOKEN"] != "" {
		t.Fatalf("godotenv.Read(.env.example) = %v, want only an empty DISCORD_TOKEN", got)
	}
}
