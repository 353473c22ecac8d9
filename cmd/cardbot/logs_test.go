package main

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// discordgo's failed gateway (re)connections, which it retries by itself,
// are warnings; its other errors stay errors.
func TestDiscordgoLogLevels(t *testing.T) {
	saved := discordgo.Logger
	t.Cleanup(func() { discordgo.Logger = saved })
	var buf bytes.Buffer
	routeDiscordgoLogs(slog.New(slog.NewTextHandler(&buf, nil)))
	for _, tc := range []struct {
		format, want string
	}{
		{"error reconnecting to gateway, %s", "level=WARN"},
		{"error connecting to gateway %s", "level=WARN"},
		{"error decoding websocket message, %s", "level=ERROR"},
	} {
		buf.Reset()
		discordgo.Logger(discordgo.LogError, 0, tc.format, "boom")
		if got := buf.String(); !strings.Contains(got, tc.want) {
			t.Errorf("discordgo error %q logged as %q, want %s", tc.format, strings.TrimSpace(got), tc.want)
		}
	}
}
