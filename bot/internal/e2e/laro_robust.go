package e2e

import (
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// OpenTable has host open a Laro table with opts, seats the others,
// starts it, opens everyone's hand and returns the game message.
func OpenTable(t *testing.T, w *World, host *Player, others []*Player, opts ...discordtest.ActionOption) *discordgo.Message {
	t.Helper()
	return openTable(t, w, host, others, false, opts...)
}

// OpenTableOnChannel is OpenTable where Discord refuses the follow-ups of
// the start (see RefuseStartFollowups): the table message is posted, and
// edited, through the channel endpoint.
func OpenTableOnChannel(t *testing.T, w *World, host *Player, others []*Player, opts ...discordtest.ActionOption) *discordgo.Message {
	t.Helper()
	return openTable(t, w, host, others, true, opts...)
}

func openTable(t *testing.T, w *World, host *Player, others []*Player, onChannel bool, opts ...discordtest.ActionOption) *discordgo.Message {
	t.Helper()
	r, err := host.U.Slash(w.Ch, "laro new", opts...)
	Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	for _, p := range others {
		p.Click(w.Ch.Message(lobby.ID), Button(lobby, "join", ""))
	}
	if onChannel {
		w.RefuseStartFollowups(len(others))
	}
	host.Click(w.Ch.Message(lobby.ID), Button(lobby, "start", ""))
	table := w.TableMessage("game 1")
	host.OpenHand(table)
	for _, p := range others {
		p.OpenHand(table)
	}
	return table
}

// PlayToEnd plays turns until the table shows the game is over.
func PlayToEnd(t *testing.T, w *World, players []*Player) string {
	t.Helper()
	discarded := map[string]time.Time{}
	for i := 0; PlayTurn(t, w, players, discarded); i++ {
		if i > 400 {
			t.Fatal("no end after 400 turns")
		}
	}
	return Text(w.TableMessage("[Play again]"))
}

// PlayTurns plays n turns, as PlayTurn does, and fails the test if the game
// ends first (deal one that lasts with LongDeal).
func PlayTurns(t *testing.T, w *World, players []*Player, n int) {
	t.Helper()
	discarded := map[string]time.Time{}
	for i := range n {
		if !PlayTurn(t, w, players, discarded) {
			t.Fatalf("the game ended after %d of %d turns", i, n)
		}
	}
}

// WaitForMover waits until some player's hand offers the draw.
func WaitForMover(t *testing.T, players []*Player) (*Player, *discordgo.Message) {
	t.Helper()
	for deadline := time.Now().Add(Patience); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		for _, p := range players {
			if m := p.Hand(); Button(m, "draw", "deck") != "" {
				return p, m
			}
		}
	}
	t.Fatal("nobody's hand offers a draw")
	return nil, nil
}

func QuickOpts(stake int64) []discordtest.ActionOption {
	return []discordtest.ActionOption{discordtest.IntOpt("stake", stake), discordtest.IntOpt("ante", 5),
		discordtest.IntOpt("claim_window", 0), discordtest.IntOpt("turn_timer", 600)}
}
