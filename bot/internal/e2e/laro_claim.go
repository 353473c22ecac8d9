package e2e

import (
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laro"
)

// FindDeal searches seeds for a 3-seat game dealt by seat 0 in which, once
// seat 0 has drawn from the deck, discarding some card x makes cond true.
func FindDeal(t *testing.T, cond func(g *laro.Game) bool) (uint64, laro.Card) {
	t.Helper()
	cfg := laro.Config{Seats: 3, Dealer: 0}
	for seed := uint64(1); seed < 100000; seed++ {
		g, err := laro.New(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		draw := laro.Draw{Seat: 0}
		if g.Apply(draw) != nil {
			continue
		}
		for _, x := range g.Hand(0) {
			after, err := laro.Replay(cfg, seed, []laro.Action{draw, laro.Discard{Seat: 0, Card: x}})
			if err == nil && cond(after) {
				return seed, x
			}
		}
	}
	t.Fatal("no deal found")
	return 0, 0
}

// ClaimGrace is the grace of ClaimTable's tables: calls stamped before the
// window's close count if they arrive within it, and the contest is
// settled when it ends. So it is also how long a test has, after the
// close, to get its clicks to the bot. It was 1 s, which a -race run on a
// 2-core machine shared with another `go test -race` overran:
// TestLaroCallAfterTheCloseIsTooLate's late call arrived after the
// settlement and met no window at all.
const ClaimGrace = 3 * time.Second

// Stamp is the snowflake time of a click a person makes now, but not
// before at: a test that stamps its clicks relative to a discard stamps
// them no earlier than the moment they are made, so that a slow machine
// does not eat into the window and the grace that follows the stamp.
func Stamp(at time.Time) time.Time {
	if now := time.Now(); now.After(at) {
		return now
	}
	return at
}

// ClaimTable opens a 3-player table (alice hosting and dealing, then bob,
// carol) with a 1 s LARO! window and a grace of ClaimGrace on the given
// seed, has alice draw and discard x, and returns the players, the table
// message and D, the discard's snowflake time.
func ClaimTable(t *testing.T, seed uint64, x laro.Card) (*World, []*Player, *discordgo.Message, time.Time) {
	t.Helper()
	w := NewWorld(t, func(o *bot.Options) {
		o.NewSeed = func() uint64 { return seed }
		// A wide grace keeps the late-arriving calls of these tests inside
		// it even on a loaded CI machine.
		o.ClaimGrace = ClaimGrace
	})
	alice, bob, carol := w.Player("alice"), w.Player("bob"), w.Player("carol")
	r, err := alice.U.Slash(w.Ch, "laro new", discordtest.IntOpt("stake", 1), discordtest.IntOpt("ante", 0),
		discordtest.IntOpt("claim_window", 1), discordtest.IntOpt("turn_timer", 600))
	Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, Button(lobby, "join", ""))
	carol.Click(lobby, Button(lobby, "join", ""))
	alice.Click(lobby, Button(lobby, "start", ""))
	table := w.TableMessage("game 1")
	players := []*Player{alice, bob, carol}
	for _, p := range players {
		p.OpenHand(table)
	}
	hand := alice.WaitHand("the draw", func(m *discordgo.Message) bool { return Button(m, "draw", "deck") != "" })
	alice.Click(hand, Button(hand, "draw", "deck"))
	hand = alice.WaitHand("discards", func(m *discordgo.Message) bool { return Button(m, "discard", "*") != "" })
	r, err = alice.U.Click(hand, Button(hand, "discard", x.String()))
	Answer(t, r, err)
	d, err := discordgo.SnowflakeTimestamp(r.ID())
	if err != nil {
		t.Fatal(err)
	}
	return w, players, table, d
}

// CallLaro clicks LARO! on the table at snowflake time at, delivered after delay.
func CallLaro(t *testing.T, p *Player, table *discordgo.Message, at time.Time, delay time.Duration) *discordtest.Response {
	t.Helper()
	r, err := p.U.Click(table, Button(table, "laro", ""), discordtest.WithTime(at), discordtest.WithDelay(delay))
	if err != nil {
		t.Fatalf("%s could not click LARO!: %v", p.U.Name(), err)
	}
	return r
}

// FinalText waits until the interaction's message has been edited n times
// and returns its text.
func FinalText(t *testing.T, r *discordtest.Response, n int) string {
	t.Helper()
	m, err := r.WaitEdited(n, Patience)
	if err != nil {
		t.Fatalf("call message never updated: %v", err)
	}
	return Text(m)
}
