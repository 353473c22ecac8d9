package laro_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

func TestLaroThreePlayerGameToTheWin(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob, carol := w.Player("alice"), w.Player("bob"), w.Player("carol")
	players := []*e2e.Player{alice, bob, carol}

	r, err := alice.U.Slash(w.Ch, "laro new", discordtest.IntOpt("stake", 2), discordtest.IntOpt("ante", 10),
		discordtest.IntOpt("claim_window", 0), discordtest.IntOpt("turn_timer", 600))
	if cb := e2e.Answered(t, r, err); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "is open") {
		t.Fatalf("/laro new answered %q, want an ephemeral confirmation", e2e.Text(cb.Message))
	}
	lobby := w.TableMessage("Click **Join**")
	if !strings.Contains(e2e.Text(lobby), "Joining needs **40** free chips") {
		t.Errorf("lobby does not state the escrow of ante + 15 × stake = 40:\n%s", e2e.Text(lobby))
	}
	bob.Click(lobby, e2e.Button(lobby, "join", ""))
	carol.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "join", ""))
	lobby = w.TableMessage(e2e.Named(carol))
	if cb := bob.Click(lobby, e2e.Button(lobby, "start", "")); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "Only the host") {
		t.Fatalf("bob's Start answered %q, want a refusal: only the host starts", e2e.Text(cb.Message))
	}
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	table := w.TableMessage("game 1")
	for _, p := range players {
		bal, err := w.St.Balance(t.Context(), w.Guild.ID(), p.U.ID())
		if err != nil || bal.Total != 990 || bal.Held != 30 {
			t.Fatalf("%s at the start: balance %+v (%v), want 990 total with 30 held (ante 10 paid, 40−10 held)", p.U.Name(), bal, err)
		}
	}
	for _, p := range players {
		p.OpenHand(table)
	}

	discarded := map[string]time.Time{}
	turns := 0
	for e2e.PlayTurn(t, w, players, discarded) {
		turns++
		if turns > 400 {
			t.Fatal("no end after 400 turns")
		}
	}
	final := w.TableMessage("[Play again]")
	ft := e2e.Text(final)
	t.Logf("game over after %d turns:\n%s", turns, ft)

	// The table names the winner and the points; chips moved exactly by the rules.
	var winner *e2e.Player
	for _, p := range players {
		if strings.Contains(ft, "🏆 "+e2e.Named(p)+" wins with") {
			winner = p
		}
	}
	if strings.Contains(ft, "no winner") {
		for _, p := range players {
			if bal, _ := w.St.Balance(t.Context(), w.Guild.ID(), p.U.ID()); bal.Total != 1000 || bal.Held != 0 {
				t.Errorf("no winner: %s has %+v, want 1000 and nothing held", p.U.Name(), bal)
			}
		}
		return
	}
	if winner == nil {
		t.Fatalf("final table names no winner:\n%s", ft)
	}
	var points int
	if _, err := fmt.Sscanf(ft[strings.Index(ft, "wins with **")+len("wins with **"):], "%d", &points); err != nil || points < 3 || points > 15 {
		t.Fatalf("could not read 3..15 points from the final table (%v):\n%s", err, ft)
	}
	loss := int64(10 + 2*points)
	for _, p := range players {
		want := int64(1000) - loss
		if p == winner {
			want = 1000 + 2*loss
		}
		bal, err := w.St.Balance(t.Context(), w.Guild.ID(), p.U.ID())
		if err != nil || bal.Total != want || bal.Held != 0 {
			t.Errorf("%s after the game: %+v (%v), want total %d and nothing held", p.U.Name(), bal, err, want)
		}
	}
	stats, err := w.St.LaroStats(t.Context(), w.Guild.ID(), winner.U.ID())
	if err != nil || stats.Games != 1 || stats.Wins != 1 || stats.Points != points {
		t.Errorf("winner's stats %+v (%v), want 1 game, 1 win, %d points", stats, err, points)
	}

	// No hidden card ever reached a public message: every card a public
	// message named had been discarded face up before it was sent, until
	// the winner laid their hand open.
	end := time.Now()
	for _, req := range w.Srv.Requests() {
		// The channel's calls, and the table message's edits through a
		// click's token.
		tokenEdit := req.Method == "PATCH" && strings.HasPrefix(req.Route, "/webhooks/") &&
			w.Ch.Message(req.Path[strings.LastIndex(req.Path, "/")+1:]) != nil
		if !tokenEdit && (!strings.HasPrefix(req.Route, "/channels/") || (req.Method != "POST" && req.Method != "PATCH")) {
			continue
		}
		var body struct {
			Embeds []struct {
				Description string
				Fields      []struct{ Name, Value string }
			}
		}
		_ = json.Unmarshal(req.JSON(), &body)
		if strings.Contains(string(req.JSON()), "wins with") {
			continue // the winner's clusters are shown on purpose
		}
		for _, c := range e2e.PublicCard.FindAllString(string(req.JSON()), -1) {
			at, ok := discarded[c]
			if !ok || at.After(req.Start) {
				t.Errorf("public message at %v names %s, which nobody had discarded yet (discarded: %v, ok %v)", req.Start.Sub(end), c, at, ok)
			}
		}
	}
	w.NoFailures()
}
