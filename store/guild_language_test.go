package store

import (
	"context"
	"testing"
)

func TestGuildLanguageKeepsChoiceAndDiscordLocaleApart(t *testing.T) {
	eachBackend(t, testGuildLanguageKeepsChoiceAndDiscordLocaleApart)
}

func testGuildLanguageKeepsChoiceAndDiscordLocaleApart(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	if g, err := s.GuildLanguage(ctx, "g1"); err != nil || g != (GuildLanguage{Guild: "g1"}) {
		t.Fatalf("a new server's language = %+v, %v; want nothing chosen or seen", g, err)
	}
	if err := s.NoteGuildLocale(ctx, "g1", "de"); err != nil {
		t.Fatal(err)
	}
	if err := s.ChooseGuildLanguage(ctx, "g1", "admin", "en"); err != nil {
		t.Fatal(err)
	}
	if err := s.NoteGuildLocale(ctx, "g1", "fr"); err != nil {
		t.Fatal(err)
	}
	g, err := s.GuildLanguage(ctx, "g1")
	if err != nil || g.Chosen != "en" || g.Discord != "fr" {
		t.Errorf("language = %+v, %v; want chosen en, Discord's fr", g, err)
	}
	if err := s.ChooseGuildLanguage(ctx, "g1", "admin", ""); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.GuildLanguage(ctx, "g1"); g.Chosen != "" || g.Discord != "fr" {
		t.Errorf("after a reset: %+v, want nothing chosen, Discord's fr kept", g)
	}
	if g, _ := s.GuildLanguage(ctx, "g2"); g.Chosen != "" || g.Discord != "" {
		t.Errorf("another server's language = %+v, want none", g)
	}
}
