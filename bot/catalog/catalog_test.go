package catalog

import (
	"testing"

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
	if e, ok := c.Lookup("laus"); !ok || e.Title != "Laus" || e.ReplayHint("1") != "/laus replay match:1" {
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
