package catalog

import (
	"github.com/cardbot/cardbot/bot/lang"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/store"
)

func TestNewRefusesWhatCannotBeAGame(t *testing.T) {
	ok := Entry{Kind: "laro", Title: "Laro", Noun: "game"}
	for name, entries := range map[string][]Entry{
		"malformed kind": {{Kind: "Laro", Title: "Laro", Noun: "game"}},
		"twice":          {ok, ok},
		"no noun":        {{Kind: "laus", Title: "Laus"}},
	} {
		if _, err := New(entries...); err == nil {
			t.Errorf("%s: New succeeded, want an error", name)
		}
	}
}

func TestLookupFindsWhatWasAdded(t *testing.T) {
	c, err := New(Entry{Kind: "laro", Title: "Laro", Noun: "game", Faces: []Face{{Key: "a"}}},
		Entry{Kind: "laus", Title: "Laus", Noun: "match", Faces: []Face{{Key: "b"}, {Key: "c"}}})
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := c.Lookup("laus"); !ok || e.Title != "Laus" || e.ReplayHintIn(lang.English, "1") != "/laus replay match:1" {
		t.Errorf("Lookup(laus) = %+v, %v", e, ok)
	}
	if _, ok := c.Lookup(store.Kind("highcard")); ok {
		t.Error("Lookup found a game that was never added")
	}
	if fs := c.Faces(); len(fs) != 3 || fs[0].Key != "a" || fs[2].Key != "c" {
		t.Errorf("Faces = %+v, want a, b, c in order", fs)
	}
	var none *Catalog
	if _, ok := none.Lookup("laro"); ok || len(none.All()) != 0 {
		t.Error("a nil catalog runs games")
	}
}

func TestNewRefusesSettingsTheStoreCouldMixUp(t *testing.T) {
	opt := func(name string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Name: name}
	}
	laroStake := Setting{Option: opt("stake"), Key: store.GameSetting{Kind: "laro", Name: "stake"}}
	for name, entries := range map[string][]Entry{
		"keyed under another game": {{Kind: "laus", Title: "Laus", Noun: "match", Settings: []Setting{laroStake}}},
		"keyed by another name": {{Kind: "laro", Title: "Laro", Noun: "game",
			Settings: []Setting{{Option: opt("ante"), Key: store.GameSetting{Kind: "laro", Name: "stake"}}}}},
		"one option name twice": {{Kind: "laro", Title: "Laro", Noun: "game", Settings: []Setting{laroStake}},
			{Kind: "highcard", Title: "High card", Noun: "game",
				Settings: []Setting{{Option: opt("stake"), Key: store.GameSetting{Kind: "highcard", Name: "stake"}}}}},
	} {
		if _, err := New(entries...); err == nil {
			t.Errorf("%s: New succeeded, want an error", name)
		}
	}
	c, err := New(Entry{Kind: "laro", Title: "Laro", Noun: "game", Settings: []Setting{laroStake}})
	if err != nil {
		t.Fatal(err)
	}
	g := store.GuildSettings{}
	g.SetGame(store.GameSetting{Kind: "laro", Name: "stake"}, 4)
	if v := c.Settings()[0].Value(g); v == nil || *v != 4 {
		t.Errorf("Value = %v, want the server's 4", v)
	}
}
