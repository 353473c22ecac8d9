package store

import (
	"context"
	"errors"
	"testing"
)

func TestGuildSettingsUpdateKeepsUnsetFields(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	if _, err := s.GuildSettings(ctx, "g1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GuildSettings of a new server: err %v, want ErrNotFound", err)
	}
	stake, on := int64(5), true
	if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", Stake: &stake, Threads: &on}); err != nil {
		t.Fatal(err)
	}
	target := int64(900)
	got, err := s.UpdateGuildSettings(ctx, "admin2", GuildSettings{Guild: "g1", LausTarget: &target})
	if err != nil {
		t.Fatal(err)
	}
	read, err := s.GuildSettings(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []GuildSettings{got, read} {
		if g.Stake == nil || *g.Stake != 5 || g.LausTarget == nil || *g.LausTarget != 900 || g.Threads == nil || !*g.Threads {
			t.Errorf("settings = %+v, want stake 5, target 900, threads on", g)
		}
		if g.Ante != nil || g.ClaimWindowS != nil || g.TurnTimerS != nil {
			t.Errorf("settings = %+v, want ante, claim window and turn timer unset", g)
		}
		if g.UpdatedBy != "admin2" {
			t.Errorf("updated by %q, want admin2", g.UpdatedBy)
		}
	}
	if _, err := s.GuildSettings(ctx, "g2"); !errors.Is(err, ErrNotFound) {
		t.Errorf("another server's settings: err %v, want ErrNotFound", err)
	}
}

func TestGuildSettingsTurnNotice(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	off := int64(-1)
	if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", TurnNoticeS: &off}); err != nil {
		t.Fatal(err)
	}
	stake := int64(3)
	if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", Stake: &stake}); err != nil {
		t.Fatal(err)
	}
	g, err := s.GuildSettings(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if g.TurnNoticeS == nil || *g.TurnNoticeS != -1 {
		t.Errorf("turn notice = %v, want -1 (off) kept across another change", g.TurnNoticeS)
	}
	bad := int64(-2)
	if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", TurnNoticeS: &bad}); err == nil {
		t.Errorf("a turn notice of -2 s was stored; the schema allows -1 (off) and up")
	}
}

func TestGameThreadAndAnnouncementChannel(t *testing.T) {
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

// BenchmarkGuildSettings measures the read every /laro new and /laus new
// now makes for the server's defaults.
func BenchmarkGuildSettings(b *testing.B) {
	ctx := context.Background()
	s := openTest(b)
	stake := int64(5)
	if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", Stake: &stake}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.GuildSettings(ctx, "g1"); err != nil {
			b.Fatal(err)
		}
	}
}

func TestGuildSettingsResetBringsBackTheDefault(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	stake, ante, on := int64(5), int64(2), true
	if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", Stake: &stake, Ante: &ante, Threads: &on}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", Reset: []string{"stake", "threads"}}); err != nil {
		t.Fatal(err)
	}
	read, err := s.GuildSettings(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if read.Stake != nil || read.Threads != nil || read.Ante == nil || *read.Ante != 2 {
		t.Errorf("after resetting stake and threads: %+v, want stake and threads unset, ante 2", read)
	}
	if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", Reset: []string{"colour"}}); !errors.Is(err, ErrInvalid) {
		t.Errorf("reset of an unknown setting: err %v, want ErrInvalid", err)
	}
	for _, n := range SettingNames {
		if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", Reset: []string{n}}); err != nil {
			t.Errorf("reset %s: %v", n, err)
		}
	}
}
