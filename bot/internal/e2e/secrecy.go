package e2e

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// With the disk stalled, every click takes longer than the deferral
// threshold; these tests prove that no such slow click, nor anything the
// table sends later through its token, ever shows a player's private
// content in a public message.

const (
	StallDeferAfter = 300 * time.Millisecond
	StallFor        = 900 * time.Millisecond
)

// StalledWorld is a World whose bot defers a click once its answer takes
// longer than StallDeferAfter, so StallStore can make clicks slow; tune
// changes further options.
func StalledWorld(t *testing.T, tune ...func(*bot.Options)) *World {
	return NewWorld(t, append([]func(*bot.Options){func(o *bot.Options) { o.DeferAfter = StallDeferAfter }}, tune...)...)
}

// StallStore holds SQLite's write lock for d from another connection, as
// a stalled disk or another process would: every write of the bot waits.
func (w *World) StallStore(d time.Duration) {
	w.T.Helper()
	time.AfterFunc(d, w.stall())
}

// stall takes SQLite's write lock from another connection and returns what
// releases it; the test's end releases it too, and waits for that.
func (w *World) stall() (release func()) {
	w.T.Helper()
	ctx := context.Background()
	db, err := sql.Open("sqlite3", w.DB+"?_busy_timeout=5000")
	if err != nil {
		w.T.Fatal(err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		w.T.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		w.T.Fatalf("taking the write lock: %v", err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			_, _ = conn.ExecContext(ctx, "ROLLBACK")
			_ = conn.Close()
			_ = db.Close()
		})
	}
	w.T.Cleanup(release)
	return release
}

// Slowly runs one user action while the store is stalled, checks that the
// bot deferred it the safe way, and waits until the deferred answer has
// been delivered. onPublic says whether the clicked message is public.
func (w *World) Slowly(what string, onPublic bool, act func() (*discordtest.Response, error)) *discordtest.Response {
	w.T.Helper()
	r, cb := w.whileStalled(what, act, nil)
	switch {
	case onPublic && (cb.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || !cb.Ephemeral):
		w.T.Fatalf("%s on a public message was answered with type %d (ephemeral %v); want a private deferral", what, cb.Type, cb.Ephemeral)
	case !onPublic && cb.Type != discordgo.InteractionResponseDeferredMessageUpdate &&
		cb.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource:
		w.T.Fatalf("%s was answered at once (type %d) although the store was stalled: the test proves nothing", what, cb.Type)
	}
	deadline := time.Now().Add(Patience)
	for {
		// Delivered: edited through this interaction's own token, or
		// followed up.
		if _, err := r.WaitEdited(1, 10*time.Millisecond); err == nil || len(r.Followups()) > 0 {
			return r
		}
		if time.Now().After(deadline) {
			w.T.Fatalf("%s: the deferred answer was never delivered", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// AtOnceWhileStalled runs one user action on a player's own hand while the store is
// stalled, and checks that the bot answered it without the disk by updating that
// private message: at once (type 7), or, when a busy machine made it slower than the
// deferral threshold, deferred as an update of it (type 6) and edited while the store
// is still stalled. A click that writes nothing (Refresh) must not wait for the disk.
func (w *World) AtOnceWhileStalled(what string, act func() (*discordtest.Response, error)) {
	w.T.Helper()
	w.whileStalled(what, act, func(r *discordtest.Response, cb discordtest.Callback) {
		w.T.Helper()
		switch cb.Type {
		case discordgo.InteractionResponseUpdateMessage:
		case discordgo.InteractionResponseDeferredMessageUpdate:
			if _, err := r.WaitEdited(1, Patience); err != nil {
				w.T.Fatalf("%s was deferred while the store was stalled and not delivered until it was released: %v", what, err)
			}
		default:
			w.T.Fatalf("%s while the store was stalled was answered with type %d; want the hand updated (type 7, or 6 and an edit)", what, cb.Type)
		}
	})
}

// whileStalled runs one user action while the store is stalled and waits for
// the bot's first answer to it. The store stays stalled until that answer has
// come, however long a busy machine takes to deliver the click: a stall of a
// fixed time could end before the click reached the bot, which then answered
// at once and the test proved nothing (TestLausSlowClicksNeverShowAHandInPublic
// failed so under load). keep, if not nil, runs before the stall ends.
func (w *World) whileStalled(what string, act func() (*discordtest.Response, error), keep func(*discordtest.Response, discordtest.Callback)) (*discordtest.Response, discordtest.Callback) {
	w.T.Helper()
	release := w.stall()
	defer release()
	r, err := act()
	if err != nil {
		w.T.Fatalf("%s: %v", what, err)
	}
	cb, err := r.Wait()
	if err != nil {
		w.T.Fatalf("%s: no answer: %v", what, err)
	}
	if keep != nil {
		keep(r, cb)
	}
	return r, cb
}

// PrivateVerbs are the custom_id verbs of buttons that belong on a
// player's own hand message only.
var PrivateVerbs = map[string]bool{
	"draw": true, "discard": true, "win": true, "lay": true, "refresh": true,
	"play": true, "look": true, "pass": true, "resume": true,
}

// PrivateWords appear only in answers meant for one player.
var PrivateWords = []string{"Your hand", "Your LARO!", "Your draw", "Your move", "Welcome back"}

// CheckPublicSecrecy scans every version of every message the channel has
// ever shown for a hand, a private answer, a hand's buttons, or a card that
// is hidden now (hidden holds such cards' text forms).
func (w *World) CheckPublicSecrecy(when string, hidden []string) {
	w.T.Helper()
	versions := w.Ch.History()
	if len(versions) == 0 {
		w.T.Fatalf("%s: the channel shows nothing: the scan would check nothing", when)
	}
	for _, m := range versions {
		s := Text(m)
		for _, word := range PrivateWords {
			if strings.Contains(s, word) {
				w.T.Errorf("%s: a public message showed %q:\n%s", when, word, s)
			}
		}
		for _, id := range discordtest.CustomIDs(m) {
			if parts := strings.Split(id, "/"); len(parts) >= 5 && PrivateVerbs[parts[4]] {
				w.T.Errorf("%s: a public message carried the hand button %q:\n%s", when, id, s)
			}
		}
		if strings.Contains(s, "wins with") {
			continue // the winner's clusters are shown on purpose
		}
		for _, c := range hidden {
			if strings.Contains(s, c) {
				w.T.Errorf("%s: a public message named %s, which is hidden in a hand:\n%s", when, c, s)
			}
		}
	}
}

// LaroHidden replays the channel's running Laro game from the store and
// returns the cards in players' hands that have never been face up.
func LaroHidden(t *testing.T, w *World) []string {
	t.Helper()
	games, err := w.St.LiveGames(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if g.Kind != store.KindLaro || g.Status != store.StatusPlaying {
			continue
		}
		_, recs, err := w.St.LoadGame(t.Context(), g.ID)
		if err != nil || len(recs) == 0 {
			t.Fatalf("LoadGame: %v", err)
		}
		var seed uint64
		var dealer int
		if _, err := fmt.Sscanf(string(recs[0].Data), "start %x %d", &seed, &dealer); err != nil {
			t.Fatal(err)
		}
		game, err := laro.New(laro.Config{Seats: len(g.Seats), Dealer: dealer}, seed)
		if err != nil {
			t.Fatal(err)
		}
		faceUp := map[laro.Card]bool{}
		for _, r := range recs[1:] {
			if strings.HasPrefix(string(r.Data), "intent ") {
				continue
			}
			a, err := laro.ParseAction(string(r.Data))
			if err != nil {
				t.Fatal(err)
			}
			if err := game.Apply(a); err != nil {
				t.Fatal(err)
			}
			if top, ok := game.TopDiscard(); ok {
				faceUp[top] = true
			}
			for s := range len(g.Seats) {
				for _, cl := range game.Laid(s) {
					for _, c := range cl {
						faceUp[c] = true
					}
				}
			}
		}
		var hidden []string
		for s := range len(g.Seats) {
			for _, c := range game.Hand(s) {
				if !faceUp[c] && c.String() != "V" {
					hidden = append(hidden, c.Symbol())
				}
			}
		}
		if len(hidden) == 0 {
			t.Fatal("no hidden card in any hand: the scan would check nothing")
		}
		return hidden
	}
	t.Fatal("no running Laro game")
	return nil
}

// LausHidden returns the cards in players' hands in the channel's Laus
// match now, replayed from the store.
func LausHidden(t *testing.T, w *World) []string {
	t.Helper()
	f := LoadLaus(t, w)
	var hidden []string
	for s := range f.Match.Config().Seats {
		for _, c := range f.Match.Hand(s) {
			hidden = append(hidden, c.Symbol())
		}
	}
	return hidden
}

// DeliveredText is what a slow action's answer showed: its message now,
// its follow-ups, and every edit the bot sent through its token (a hand
// message may have been redrawn since the answer).
func (w *World) DeliveredText(r *discordtest.Response) string {
	s := Text(r.Message())
	for _, m := range r.Followups() {
		s += "\n" + Text(m)
	}
	for _, req := range w.Srv.Requests() {
		if strings.Contains(req.Path, r.Token()) {
			s += "\n" + string(req.JSON())
		}
	}
	return s
}
