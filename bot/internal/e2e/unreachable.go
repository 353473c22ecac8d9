package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/store"
)

// LiveGame returns the one live game of kind in the store.
func LiveGame(t *testing.T, w *World, kind store.Kind) store.Game {
	t.Helper()
	games, err := w.St.LiveGames(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var found []store.Game
	for _, g := range games {
		if g.Kind == kind {
			found = append(found, g)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d live %s games, want 1", len(found), kind)
	}
	return found[0]
}

// WaitAbandoned waits up to within for game id to be closed as abandoned,
// and returns the stored closure.
func WaitAbandoned(t *testing.T, w *World, id string, within time.Duration) store.Closure {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		c, err := w.St.GameClosure(t.Context(), id)
		if err == nil {
			if g, err := w.St.Game(t.Context(), id); err != nil || g.Status != store.StatusCancelled {
				t.Fatalf("game %s has a closure but is %v (%v), want cancelled", id, g.Status, err)
			}
			return c
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s was not abandoned within %s (%v)", id, within, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// WaitPrivate waits until one of p's ephemeral messages shows want, and
// returns it.
func (p *Player) WaitPrivate(want string) *discordgo.Message {
	p.T.Helper()
	var got *discordgo.Message
	_, err := p.U.WaitEphemeral(Patience, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			if strings.Contains(Text(m), want) {
				got = m
				return true
			}
		}
		return false
	})
	if err != nil {
		p.T.Fatalf("none of %s's private messages shows %q", p.U.Name(), want)
	}
	return got
}

// RequestsTo returns the REST calls to channel ch (its messages, the
// channel itself, its threads) that reached the fake at or after since.
func RequestsTo(w *World, ch *discordtest.Channel, since time.Time) []discordtest.Request {
	var out []discordtest.Request
	for _, r := range w.Srv.Requests() {
		if !r.Start.Before(since) && strings.Contains(r.Path+"/", "/channels/"+ch.ID()+"/") {
			out = append(out, r)
		}
	}
	return out
}

// ChipsBack checks that every player has their 1000 starting chips, none
// of them held.
func ChipsBack(t *testing.T, w *World, players ...*Player) {
	t.Helper()
	for _, p := range players {
		if bal, err := w.St.Balance(t.Context(), w.Guild.ID(), p.U.ID()); err != nil || bal.Total != 1000 || bal.Held != 0 {
			t.Errorf("%s has %+v (%v), want all 1000 chips back and none held", p.U.Name(), bal, err)
		}
	}
}
