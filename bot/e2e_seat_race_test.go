package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/store"
)

// liveTables counts the stored tables of kind that are open (lobby or playing).
func liveTables(t *testing.T, w *e2e.World, kind store.Kind) int {
	t.Helper()
	games, err := w.St.LiveGames(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range games {
		if g.Kind == kind {
			n++
		}
	}
	return n
}

// lobbies counts the lobby messages in the channel.
func lobbies(w *e2e.World) int { return countLobbies(w.Ch.Messages()) }

// countLobbies counts the lobby messages among ms.
func countLobbies(ms []*discordgo.Message) int {
	n := 0
	for _, m := range ms {
		if strings.Contains(e2e.Text(m), "Click **Join**") {
			n++
		}
	}
	return n
}

// TestNewTwiceQuicklyOpensOneTable: /new sent twice within Discord's reply
// delay, with the table message's post slowed down, opens one table; the
// second answer says where the host already sits.
func TestNewTwiceQuicklyOpensOneTable(t *testing.T) {
	t.Parallel()
	for _, game := range []struct {
		name string
		kind store.Kind
	}{{"laro", store.KindLaro}, {"laus", store.KindLaus}} {
		t.Run(game.name, func(t *testing.T) {
			w := e2e.NewWorld(t)
			alice := w.Player("alice")
			w.Srv.SlowRequests("POST", "/channels/*/messages", 2, 400*time.Millisecond)
			first, err := alice.U.Slash(w.Ch, game.name+" new")
			if err != nil {
				t.Fatal(err)
			}
			time.Sleep(100 * time.Millisecond)
			second, err := alice.U.Slash(w.Ch, game.name+" new")
			if err != nil {
				t.Fatal(err)
			}
			answers := e2e.Text(e2e.Answer(t, first, nil).Message) + "\n" + e2e.Text(e2e.Answer(t, second, nil).Message)
			if !strings.Contains(answers, "is open") || !strings.Contains(answers, "You already sit at") {
				t.Errorf("the two /%s new answered:\n%s\nwant one table opened and one refusal", game.name, answers)
			}
			// The first lobby's post is slowed: wait for it (a busy machine made 500 ms
			// too short), then watch a while for a second one, which would come as late.
			if _, err := w.Ch.Wait(e2e.Patience, func(ms []*discordgo.Message) bool { return countLobbies(ms) > 0 }); err != nil {
				t.Fatalf("no lobby message was posted: %v", err)
			}
			time.Sleep(500 * time.Millisecond) // an observation window, not a wait for an event
			if n := lobbies(w); n != 1 {
				t.Errorf("%d lobby messages in the channel, want 1", n)
			}
			if n := liveTables(t, w, game.kind); n != 1 {
				t.Errorf("%d open %s tables stored, want 1", n, game.name)
			}
			w.NoFailures()
		})
	}
}

// TestNewRefusedWhereTheBotMayNotPost: in a channel where Discord says the
// bot may not post, /new is refused with what to fix, and the host is not
// left seated at a table nobody can see.
func TestNewRefusedWhereTheBotMayNotPost(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions &^ discordgo.PermissionSendMessages)
	r, err := alice.U.Slash(w.Ch, "laro new")
	if got := e2e.Text(e2e.Answer(t, r, err).Message); !strings.Contains(got, "could not post the table") || !strings.Contains(got, "Send Messages") {
		t.Fatalf("/laro new where the bot may not post answered %q", got)
	}
	if n := liveTables(t, w, store.KindLaro); n != 0 {
		t.Errorf("%d open Laro tables stored after the refusal, want 0", n)
	}
	w.Ch.SetBotPermissions(discordtest.DefaultBotPermissions)
	r, err = alice.U.Slash(w.Ch, "laro new")
	if got := e2e.Text(e2e.Answer(t, r, err).Message); !strings.Contains(got, "is open") {
		t.Fatalf("/laro new once the bot may post answered %q, want the table opened", got)
	}
	w.TableMessage("Click **Join**")
	if n := liveTables(t, w, store.KindLaro); n != 1 {
		t.Errorf("%d open Laro tables stored, want 1", n)
	}
}

// TestJoinTwoTablesAtOnceSeatsOnce: a player who clicks Join on two lobbies
// while the disk is slow sits at one of them.
func TestJoinTwoTablesAtOnceSeatsOnce(t *testing.T) {
	t.Parallel()
	w := e2e.StalledWorld(t)
	alice, carol, bob := w.Player("alice"), w.Player("carol"), w.Player("bob")
	for _, host := range []*e2e.Player{alice, carol} {
		r, err := host.U.Slash(w.Ch, "laro new", discordtest.IntOpt("stake", 0))
		e2e.Answer(t, r, err)
	}
	var ls []string
	if _, err := w.Ch.Wait(e2e.Patience, func(ms []*discordgo.Message) bool {
		ls = nil
		for _, m := range ms {
			if strings.Contains(e2e.Text(m), "Click **Join**") {
				ls = append(ls, m.ID)
			}
		}
		return len(ls) == 2
	}); err != nil {
		t.Fatalf("%d lobbies, want 2", len(ls))
	}
	w.StallStore(e2e.StallFor)
	var rs []*discordtest.Response
	for _, id := range ls {
		m := w.Ch.Message(id)
		r, err := bob.U.Click(m, e2e.Button(m, "join", ""))
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
		time.Sleep(100 * time.Millisecond)
	}
	for _, r := range rs {
		if _, err := r.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	seated := 0
	deadline := time.Now().Add(e2e.Patience)
	for {
		seated = 0
		for _, id := range ls {
			if strings.Contains(e2e.Text(w.Ch.Message(id)), e2e.Named(bob)) {
				seated++
			}
		}
		refused := false
		for _, r := range rs {
			refused = refused || strings.Contains(w.DeliveredText(r), "You already sit at")
		}
		if seated == 1 && refused {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("bob sits at %d lobbies (refusal seen: %v), want 1 and a refusal", seated, refused)
		}
		time.Sleep(20 * time.Millisecond)
	}
	games, err := w.St.LiveGames(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	stored := 0
	for _, g := range games {
		for _, s := range g.Seats {
			if s.User == bob.U.ID() {
				stored++
			}
		}
	}
	if stored != 1 {
		t.Errorf("bob is stored at %d tables, want 1", stored)
	}
	w.NoFailures()
}
