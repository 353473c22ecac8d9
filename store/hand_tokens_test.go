package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

func TestHandTokens(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.CreateGame(ctx, Game{Kind: KindLaro, Guild: "g", Channel: "c", Host: "u1"})
	if err != nil {
		t.Fatal(err)
	}
	now := time.UnixMilli(time.Now().UnixMilli())
	for _, h := range []HandToken{
		{User: "u1", AppID: "a", InteractionID: "1", Token: "old", OpenedAt: now.Add(-20 * time.Minute)},
		{User: "u2", AppID: "a", InteractionID: "2", Token: "t2", OpenedAt: now.Add(-time.Minute)},
		{User: "u1", AppID: "a", InteractionID: "3", Token: "t1", OpenedAt: now},
	} {
		if err := s.SaveHandToken(ctx, g.ID, h); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.HandTokens(ctx, g.ID, now.Add(-15*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Token != "t1" || got[0].InteractionID != "3" || !got[0].OpenedAt.Equal(now) || got[1].Token != "t2" {
		t.Fatalf("got %+v, want u1's newest token t1 and u2's t2", got)
	}
	if got, _ := s.HandTokens(ctx, g.ID, now.Add(time.Second)); len(got) != 0 {
		t.Fatalf("tokens opened before since: got %+v, want none", got)
	}
}
