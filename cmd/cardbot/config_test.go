package main

import (
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func lookupFrom(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestConfigRequiresToken(t *testing.T) {
	_, err := configFrom(lookupFrom(nil))
	if !errors.Is(err, errNoToken) {
		t.Fatalf("got %v, want errNoToken", err)
	}
}

func TestConfigDefaultsAndOverrides(t *testing.T) {
	c, err := configFrom(lookupFrom(map[string]string{"DISCORD_TOKEN": "Bot abc"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Token != "abc" || c.DatabasePath != defaultDatabasePath || c.LogLevel != slog.LevelInfo {
		t.Fatalf("got %+v, want token abc, default path, info level", c)
	}
	c, err = configFrom(lookupFrom(map[string]string{
		"DISCORD_TOKEN": "abc", "DATABASE_PATH": "/tmp/x.db", "DEV_GUILD_ID": "123",
		"LOG_LEVEL": "DEBUG", "DISCORD_API_BASE": "http://127.0.0.1:1", "DISCORD_GLOBAL_BUDGET": "120",
		"METRICS_ADDR": ":9090",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.DatabasePath != "/tmp/x.db" || c.DevGuildID != "123" || c.LogLevel != slog.LevelDebug || c.APIBase != "http://127.0.0.1:1" ||
		c.GlobalBudget != 120 || c.MetricsAddr != ":9090" {
		t.Fatalf("got %+v", c)
	}
}

func TestConfigRejectsBadValues(t *testing.T) {
	for _, m := range []map[string]string{
		{"DISCORD_TOKEN": "abc", "LOG_LEVEL": "loud"},
		{"DISCORD_TOKEN": "abc", "DEV_GUILD_ID": "my-server"},
		{"DISCORD_TOKEN": "abc", "DISCORD_API_BASE": "ftp://x"},
		{"DISCORD_TOKEN": "abc", "DISCORD_GLOBAL_BUDGET": "fast"},
		{"DISCORD_TOKEN": "abc", "DISCORD_GLOBAL_BUDGET": "0"},
		{"DISCORD_TOKEN": "abc", "METRICS_ADDR": ":prometheus"},
		{"DISCORD_TOKEN": "abc", "METRICS_ADDR": "9090"},
		{"DISCORD_TOKEN": "abc", "METRICS_ADDR": ":70000"},
		{"DISCORD_TOKEN": "abc", "DATABASE_URL": "mysql://u:secret@h/db"},
		{"DISCORD_TOKEN": "abc", "DATABASE_URL": "./data/cardbot.db"},
		{"DISCORD_TOKEN": "abc", "DATABASE_URL": "postgres://u:secret@h:port/db"},
	} {
		if _, err := configFrom(lookupFrom(m)); err == nil {
			t.Errorf("configFrom(%v): got no error, want one", m)
		}
	}
}

func TestDotEnvDoesNotOverrideEnvironment(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".env")
	if err := os.WriteFile(path, []byte("CARDBOT_TEST_A=fromfile\nCARDBOT_TEST_B=fromfile\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CARDBOT_TEST_A", "fromenv")
	os.Unsetenv("CARDBOT_TEST_B")
	t.Cleanup(func() { os.Unsetenv("CARDBOT_TEST_B") })
	if err := loadDotEnv(path); err != nil {
		t.Fatal(err)
	}
	if got := os.Getenv("CARDBOT_TEST_A"); got != "fromenv" {
		t.Errorf("CARDBOT_TEST_A = %q, want fromenv (real environment wins)", got)
	}
	if got := os.Getenv("CARDBOT_TEST_B"); got != "fromfile" {
		t.Errorf("CARDBOT_TEST_B = %q, want fromfile", got)
	}
	if err := loadDotEnv(filepath.Join(dir, "missing.env")); err != nil {
		t.Errorf("missing .env: got %v, want nil", err)
	}
}

// TestConfigDatabaseURL: DATABASE_URL, when set, is the database the bot opens instead of
// the SQLite file, and a malformed one is refused without repeating its password.
func TestConfigDatabaseURL(t *testing.T) {
	c, err := configFrom(lookupFrom(map[string]string{"DISCORD_TOKEN": "abc"}))
	if err != nil || c.database() != defaultDatabasePath {
		t.Errorf("unset: database %q, %v; want the SQLite file %s", c.database(), err, defaultDatabasePath)
	}
	const pg = "postgres://cardbot:secret@db.example:5432/cardbot"
	c, err = configFrom(lookupFrom(map[string]string{"DISCORD_TOKEN": "abc", "DATABASE_URL": pg}))
	if err != nil || c.database() != pg {
		t.Errorf("set: database %q, %v; want %s", c.database(), err, pg)
	}
	_, err = configFrom(lookupFrom(map[string]string{"DISCORD_TOKEN": "abc", "DATABASE_URL": "mysql://u:secret@h/db"}))
	if err == nil || strings.Contains(err.Error(), "secret") || !strings.Contains(err.Error(), "DATABASE_URL") {
		t.Errorf("malformed: %v; want an error naming DATABASE_URL without the password", err)
	}
}
