package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

func TestAnnouncements(t *testing.T) { eachBackend(t, testAnnouncements) }

func testAnnouncements(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	clock := newFakeClock()
	s.Now = clock.Now
	g1 := newLausMatch(t, s, "g", "c1", "a", "b", "")
	g2 := newLausMatch(t, s, "g", "c2", "a", "b", "")

	// An announcement is stored with its action, or not at all.
	if err := s.AppendAction(ctx, ActionRecord{GameID: g1.ID, Seq: 1, Data: []byte("start")}, nil); err != nil {
		t.Fatal(err)
	}
	err := s.AppendAction(ctx, ActionRecord{GameID: g1.ID, Seq: 5, Data: []byte("play"),
		Announce: &Announcement{Body: []byte(`{"content":"lost"}`)}}, nil)
	if !errors.Is(err, ErrSeqConflict) {
		t.Fatalf("append with a wrong seq: err = %v, want ErrSeqConflict", err)
	}
	err = s.AppendAction(ctx, ActionRecord{GameID: g1.ID, Seq: 2, Data: []byte("play"), Announce: &Announcement{}}, nil)
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("append with an empty announcement: err = %v, want ErrInvalid", err)
	}
	if _, acts, _ := s.LoadGame(ctx, g1.ID); len(acts) != 1 {
		t.Fatalf("a refused announcement stored its action: %d actions, want 1", len(acts))
	}
	if got, err := s.Announcements(ctx, g1.ID); err != nil || len(got) != 0 {
		t.Fatalf("Announcements after refused appends = %+v, %v; want none", got, err)
	}

	clock.Advance(time.Second)
	round1 := Announcement{Body: []byte(`{"content":"round 1"}`), RetireID: "m1", RetireBody: []byte(`{"content":"over"}`)}
	if err := s.AppendAction(ctx, ActionRecord{GameID: g1.ID, Seq: 2, Data: []byte("play"), Announce: &round1}, nil); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Second)
	if err := s.AppendAction(ctx, ActionRecord{GameID: g2.ID, Seq: 1, Data: []byte("play"),
		Announce: &Announcement{GameID: g2.ID, Body: []byte(`{"content":"other"}`)}}, nil); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Second)
	if err := s.AppendAction(ctx, ActionRecord{GameID: g1.ID, Seq: 3, Data: []byte("play"),
		Announce: &Announcement{Body: []byte(`{"content":"round 2"}`), RetireID: "m2"}}, nil); err != nil {
		t.Fatal(err)
	}
	err = s.AppendAction(ctx, ActionRecord{GameID: g1.ID, Seq: 4, Data: []byte("play"),
		Announce: &Announcement{GameID: g2.ID, Body: []byte(`{}`)}}, nil)
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("append of another game's announcement: err = %v, want ErrInvalid", err)
	}

	got, err := s.Announcements(ctx, g1.ID)
	if err != nil || len(got) != 2 {
		t.Fatalf("Announcements = %+v, %v; want 2", got, err)
	}
	if a := got[0]; a.GameID != g1.ID || a.Seq != 2 || a.Channel != "c1" || string(a.Body) != `{"content":"round 1"}` ||
		a.RetireID != "m1" || string(a.RetireBody) != `{"content":"over"}` || a.Posted() || a.MessageID != "" {
		t.Errorf("first announcement = %+v, want round 1 of action 2 in c1, retiring m1, not posted", a)
	}
	if a := got[1]; a.Seq != 3 || a.RetireID != "m2" || len(a.RetireBody) != 0 {
		t.Errorf("second announcement = %+v, want action 3 retiring m2", a)
	}
	if _, err := s.Announcements(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Announcements of a missing game: err = %v, want ErrNotFound", err)
	}

	unposted := func() []string {
		t.Helper()
		all, err := s.UnpostedAnnouncements(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, a := range all {
			out = append(out, string(a.Body))
		}
		return out
	}
	if got, want := unposted(), []string{`{"content":"round 1"}`, `{"content":"other"}`, `{"content":"round 2"}`}; !slices.Equal(got, want) {
		t.Errorf("UnpostedAnnouncements = %q, want %q (in the order they were made)", got, want)
	}

	// Marked posted, an announcement is not posted again; a second mark keeps the first message.
	clock.Advance(time.Second)
	if err := s.MarkAnnounced(ctx, g1.ID, 2, "posted-1"); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkAnnounced(ctx, g1.ID, 2, "posted-again"); err != nil {
		t.Fatalf("marking twice: %v", err)
	}
	if got, want := unposted(), []string{`{"content":"other"}`, `{"content":"round 2"}`}; !slices.Equal(got, want) {
		t.Errorf("UnpostedAnnouncements after a mark = %q, want %q", got, want)
	}
	got, _ = s.Announcements(ctx, g1.ID)
	if a := got[0]; a.MessageID != "posted-1" || !a.PostedAt.Equal(clock.Now()) || !a.Posted() {
		t.Errorf("marked announcement = %+v, want message posted-1 posted at %v", a, clock.Now())
	}
	if err := s.MarkAnnounced(ctx, g1.ID, 1, "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("marking an action without announcement: err = %v, want ErrNotFound", err)
	}

	// Announcements outlive the game's end: a finished match's last summary is still due.
	if err := s.AppendAction(ctx, ActionRecord{GameID: g2.ID, Seq: 2, Data: []byte("end"), Status: StatusFinished}, nil); err != nil {
		t.Fatal(err)
	}
	if got := unposted(); len(got) != 2 {
		t.Errorf("UnpostedAnnouncements after the game finished = %q, want 2", got)
	}
}
