package store

import (
	"context"
	"errors"
	"slices"
	"testing"
)

func TestHistory(t *testing.T) { eachBackend(t, testHistory) }

func testHistory(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := playLaroGame(t, s)
	st := aWins
	if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 2, Data: []byte(`"win"`), Settle: &st}, nil); err != nil {
		t.Fatal(err)
	}
	// Newer games: two finished (one without b), one still playing, one in another guild.
	var finished []string
	for _, users := range [][]string{{"a", "b"}, {"a", "c"}} {
		n := newGame(t, s, "g", users...)
		if err := s.AppendAction(ctx, ActionRecord{GameID: n.ID, Seq: 1, Data: []byte("x"), Status: StatusFinished}, nil); err != nil {
			t.Fatal(err)
		}
		finished = append(finished, n.ID)
	}
	newGame(t, s, "g", "a", "b")
	other := newGame(t, s, "h", "a")
	if err := s.AppendAction(ctx, ActionRecord{GameID: other.ID, Seq: 1, Data: []byte("x"), Status: StatusFinished}, nil); err != nil {
		t.Fatal(err)
	}

	q := HistoryQuery{Kind: KindLaro, Guild: "g", User: "a", Limit: 10}
	got, more, err := s.History(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	ids := func(es []HistoryEntry) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Game.ID)
		}
		return out
	}
	want := []string{finished[1], finished[0], g.ID}
	if !slices.Equal(ids(got), want) || more {
		t.Fatalf("History(a) = %v (more %v), want %v, newest first, no more", ids(got), more, want)
	}
	if got[2].Net != 58 || got[0].Net != 0 {
		t.Errorf("a's chips: %d in the won game, %d in the unstaked one; want 58 and 0", got[2].Net, got[0].Net)
	}
	if b, _, _ := s.History(ctx, HistoryQuery{Kind: KindLaro, Guild: "g", User: "b", Limit: 10}); !slices.Equal(ids(b), []string{finished[0], g.ID}) || b[1].Net != -29 {
		t.Errorf("History(b) = %v, want the two games b sat in, −29 chips in the first", ids(b))
	}

	// Paging and the typed prefix of an ID.
	q.Limit = 2
	page, more, _ := s.History(ctx, q)
	if !slices.Equal(ids(page), want[:2]) || !more {
		t.Errorf("first page of 2 = %v (more %v), want %v and more", ids(page), more, want[:2])
	}
	q.Offset = 2
	if page, more, _ = s.History(ctx, q); !slices.Equal(ids(page), want[2:]) || more {
		t.Errorf("second page = %v (more %v), want %v and no more", ids(page), more, want[2:])
	}
	q = HistoryQuery{Kind: KindLaro, Guild: "g", User: "a", IDPrefix: g.ID[:6], Limit: 25}
	if page, _, _ = s.History(ctx, q); !slices.Equal(ids(page), []string{g.ID}) {
		t.Errorf("prefix %q = %v, want only %s", q.IDPrefix, ids(page), g.ID)
	}
	if page, _, _ = s.History(ctx, HistoryQuery{Kind: KindLaus, Guild: "g", User: "a", Limit: 5}); len(page) != 0 {
		t.Errorf("Laus history of a Laro player = %v, want none", ids(page))
	}
	if _, _, err := s.History(ctx, HistoryQuery{Kind: KindLaro, Guild: "g", User: "a"}); !errors.Is(err, ErrInvalid) {
		t.Errorf("limit 0: err = %v, want ErrInvalid", err)
	}
}
