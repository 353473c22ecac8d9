package e2e

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laro"
)

// Player is a person at a Laro table who acts only on what Discord shows
// them: the channel, and their own ephemeral messages.
type Player struct {
	T *testing.T
	W *World
	U *discordtest.User
}

// Player makes a user of the fake Discord called name into a player of w.
func (w *World) Player(name string) *Player {
	return &Player{T: w.T, W: w, U: w.Srv.User(name)}
}

// Hand returns the player's latest hand message, or nil.
func (p *Player) Hand() *discordgo.Message { return LatestHand(p.U.Ephemeral()) }

// LatestHand picks the newest hand message among a user's ephemeral ones.
func LatestHand(ms []*discordgo.Message) *discordgo.Message {
	for i := len(ms) - 1; i >= 0; i-- {
		if len(ms[i].Embeds) > 0 && strings.HasPrefix(ms[i].Embeds[0].Title, "Your hand") {
			return ms[i]
		}
	}
	return nil
}

// WaitHand waits until the player's hand message satisfies cond.
func (p *Player) WaitHand(what string, cond func(*discordgo.Message) bool) *discordgo.Message {
	p.T.Helper()
	var got *discordgo.Message
	// The condition runs under the fake's lock: it must use the messages
	// it is given, not ask the fake again.
	_, err := p.U.WaitEphemeral(Patience, func(ms []*discordgo.Message) bool {
		got = LatestHand(ms)
		return got != nil && cond(got)
	})
	if err != nil {
		p.T.Fatalf("%s's hand never showed %s; it shows:\n%s", p.U.Name(), what, Text(p.Hand()))
	}
	return got
}

// Click clicks a button on m and waits for the answer (the callback: a
// deferral's shows nothing; see Answered for a private answer).
func (p *Player) Click(m *discordgo.Message, customID string, opts ...discordtest.ActionOption) discordtest.Callback {
	p.T.Helper()
	if customID == "" {
		p.T.Fatalf("%s: no such button on:\n%s", p.U.Name(), Text(m))
	}
	r, err := p.U.Click(m, customID, opts...)
	return Answer(p.T, r, err)
}

// OpenHand clicks "My hand" on the table message and returns the hand it
// shows: the answer, or what replaced a "thinking…" deferral (a slow or
// stalled bot defers; TestMetricsOfAWholeGame's did on a loaded machine).
func (p *Player) OpenHand(table *discordgo.Message) *discordgo.Message {
	p.T.Helper()
	id := Button(table, "hand", "*")
	if id == "" {
		p.T.Fatalf("%s: no My hand button on:\n%s", p.U.Name(), Text(table))
	}
	r, err := p.U.Click(table, id)
	cb := Answer(p.T, r, err)
	m := Shown(p.T, r, cb)
	if !cb.Ephemeral || m == nil || len(m.Embeds) == 0 || !strings.HasPrefix(m.Embeds[0].Title, "Your hand") {
		p.T.Fatalf("My hand answered %+v, showing %q; want an ephemeral hand", cb, Text(m))
	}
	return m
}

// CardsOf reads the cards a hand message offers to discard.
func CardsOf(t *testing.T, m *discordgo.Message) []laro.Card {
	var out []laro.Card
	for _, id := range discordtest.CustomIDs(m) {
		if i := strings.Index(id, "/discard/"); i >= 0 {
			c, err := laro.ParseCard(id[i+len("/discard/"):])
			if err != nil {
				t.Fatalf("discard button %q: %v", id, err)
			}
			out = append(out, c)
		}
	}
	return out
}

// ChooseDiscard picks a card the way a sensible person would, using the
// engine's computer player on the cards the hand shows. The cards are
// sorted first, so that the choice does not depend on the order a message
// lists them in and LongDeal can foresee it from the engine's hands.
func ChooseDiscard(hand []laro.Card) laro.Card {
	hand = slices.Sorted(slices.Values(hand))
	v := laro.View{Seats: 1, Hand: hand, Laid: [][][]laro.Card{nil}, HandSizes: []int{len(hand)},
		Forfeited: []bool{false}, Phase: laro.PhaseDiscard, Winner: -1}
	return laro.Computer{}.Discard(v)
}

// PublicCard matches a Laro card written as text (●+4), to find the cards
// a message or request shows.
var PublicCard = regexp.MustCompile(`[●▲■][+−]\d{1,2}`)

// PlayTurn lets whoever's hand shows the draw buttons play one turn: draw
// from the deck, then declare a win if offered, else discard. It returns
// false once the table shows the game is over.
func PlayTurn(t *testing.T, w *World, players []*Player, discarded map[string]time.Time) bool {
	t.Helper()
	var mover *Player
	var hand *discordgo.Message
	deadline := time.Now().Add(Patience)
	for mover == nil {
		for _, p := range players {
			if m := p.Hand(); Button(m, "draw", "deck") != "" {
				mover, hand = p, m
			}
		}
		if mover != nil {
			break
		}
		for _, m := range w.Ch.Messages() {
			if s := Text(m); strings.Contains(s, "[Play again]") {
				return false
			}
		}
		if time.Now().After(deadline) {
			var b strings.Builder
			for _, p := range players {
				fmt.Fprintf(&b, "--- %s:\n%s\n", p.U.Name(), Text(p.Hand()))
			}
			t.Fatalf("nobody's hand offers a draw and the game is not over:\n%s", b.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	drawID := Button(hand, "draw", "deck")
	answer := mover.Click(hand, drawID)
	// A computer may call LARO! on the discard just before this draw, which
	// cancels the draw: a winning call ends the game; any other passes the
	// turn to the caller, and the mover's hand says why (until their next
	// turn, which may already have come). The slower the machine, the later
	// the draw's stamp and the likelier the call: on a loaded one
	// TestLaroAgainstComputers waited here for a discard that never came.
	over := func() bool {
		for _, m := range w.Ch.Messages() {
			if strings.Contains(Text(m), "[Play again]") {
				return true
			}
		}
		return false
	}
	// Polled rather than waited for with WaitHand: over asks the fake for
	// the channel's messages, which a WaitHand condition (run under the
	// fake's lock) must not do.
	deadline = time.Now().Add(Patience)
	for hand = mover.Hand(); Button(hand, "discard", "*") == ""; hand = mover.Hand() {
		if over() {
			return false
		}
		if id := Button(hand, "draw", "deck"); strings.Contains(Text(hand), "Your draw was cancelled") || id != "" && id != drawID {
			return true
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s's hand never offered a discard after the draw (answered:\n%s\n); it shows:\n%s", mover.U.Name(), Text(answer.Message), Text(hand))
		}
		time.Sleep(5 * time.Millisecond)
	}
	if id := Button(hand, "win", ""); id != "" {
		mover.Click(hand, id)
		return false
	}
	c := ChooseDiscard(CardsOf(t, hand))
	if _, seen := discarded[c.Symbol()]; !seen {
		// The first time it went face up; after a reshuffle it may come round again.
		discarded[c.Symbol()] = time.Now()
	}
	mover.Click(hand, Button(hand, "discard", c.String()))
	return true
}
