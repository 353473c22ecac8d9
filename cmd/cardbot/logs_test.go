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

// A gateway event that discordgo prints whole (on a resume, the replayed
// clicks come before RESUMED) is logged by its type alone: a click's event
// carries its interaction token.
func TestDiscordgoEventLinesKeepNoData(t *testing.T) {
	saved := discordgo.Logger
	t.Cleanup(func() { discordgo.Logger = saved })
	var buf bytes.Buffer
	routeDiscordgoLogs(slog.New(slog.NewTextHandler(&buf, nil)))
	const token = "aW50ZXJhY3Rpb24secret"
	e := &discordgo.Event{Operation: 0, Sequence: 87, Type: "INTERACTION_CREATE", RawData: []byte(`{"token":"` + token + `"}`)}
	discordgo.Logger(discordgo.LogWarning, 0, "Expected READY/RESUMED, instead got:\n%#v\n", e)
	got := buf.String()
	if strings.Contains(got, token) || strings.Contains(got, "0x") {
		t.Errorf("the event's data was logged: %s", got)
	}
	if !strings.Contains(got, "INTERACTION_CREATE") || !strings.Contains(got, "Expected READY/RESUMED") {
		t.Errorf("the line does not say what came: %s", got)
	}
}
