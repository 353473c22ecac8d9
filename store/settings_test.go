package store

import (
	"context"
	"errors"
	"testing"
)

func TestGameThreadAndAnnouncementChannel(t *testing.T) {
	eachBackend(t, testGameThreadAndAnnouncementChannel)
}

func testGameThreadAndAnnouncementChannel(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "g1", "u1")
	if _, err := s.GameThread(ctx, g.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GameThread before any: err %v, want ErrNotFound", err)
	}
	if err := s.SetGameThread(ctx, GameThread{GameID: "nope", ThreadID: "t"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("SetGameThread of a missing game: err %v, want ErrNotFound", err)
	}
	if err := s.SetGameThread(ctx, GameThread{GameID: g.ID, ThreadID: "thread1", LobbyID: "lobby1"}); err != nil {
		t.Fatal(err)
	}
	th, err := s.GameThread(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if th.ThreadID != "thread1" || th.LobbyID != "lobby1" {
		t.Errorf("GameThread = %+v, want thread1 from lobby1", th)
	}

	// A match played in a thread announces its rounds there; one played in
	// its channel, in the channel.
	inThread := newLausMatch(t, s, "g1", "c1", "a", "b", "")
	inChannel := newLausMatch(t, s, "g1", "c2", "a", "b", "")
	if err := s.SetGameThread(ctx, GameThread{GameID: inThread.ID, ThreadID: "thread2", LobbyID: "lobby2"}); err != nil {
		t.Fatal(err)
	}
	for _, g := range []Game{inThread, inChannel} {
		if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 1, Data: []byte("start")}, nil); err != nil {
			t.Fatal(err)
		}
		if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 2, Data: []byte("play"),
			Announce: &Announcement{Body: []byte(`{"content":"round 1"}`)}}, nil); err != nil {
			t.Fatal(err)
		}
	}
	for g, want := range map[string]string{inThread.ID: "thread2", inChannel.ID: "c2"} {
		anns, err := s.Announcements(ctx, g)
		if err != nil || len(anns) != 1 || anns[0].Channel != want {
			t.Errorf("announcements of game %s = %+v (%v), want one to %s", g, anns, err, want)
		}
	}
	unposted, err := s.UnpostedAnnouncements(ctx)
	if err != nil || len(unposted) != 2 {
		t.Fatalf("UnpostedAnnouncements = %+v, %v; want two", unposted, err)
	}
	for _, a := range unposted {
		if a.GameID == inThread.ID && a.Channel != "thread2" || a.GameID == inChannel.ID && a.Channel != "c2" {
			t.Errorf("unposted announcement of game %s goes to %s", a.GameID, a.Channel)
		}
	}
}
