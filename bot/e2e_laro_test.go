package bot_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laro"
)

// player is a person at a Laro table who acts only on what Discord shows
// them: the channel, and their own ephemeral messages.
type player struct {
	t *testing.T
	w *world
	u *discordtest.User
}

func (w *world) player(name string) *player {
	return &player{t: w.t, w: w, u: w.srv.User(name)}
}

// hand returns the player's latest hand message, or nil.
func (p *player) hand() *discordgo.Message { return latestHand(p.u.Ephemeral()) }

// latestHand picks the newest hand message among a user's ephemeral ones.
func latestHand(ms []*discordgo.Message) *discordgo.Message {
	for i := len(ms) - 1; i >= 0; i-- {
		if len(ms[i].Embeds) > 0 && strings.HasPrefix(ms[i].Embeds[0].Title, "Your hand") {
			return ms[i]
		}
	}
	return nil
}

// waitHand waits until the player's hand message satisfies cond.
func (p *player) waitHand(what string, cond func(*discordgo.Message) bool) *discordgo.Message {
	p.t.Helper()
	var got *discordgo.Message
	// The condition runs under the fake's lock: it must use the messages
	// it is given, not ask the fake again.
	_, err := p.u.WaitEphemeral(5*time.Second, func(ms []*discordgo.Message) bool {
		got = latestHand(ms)
		return got != nil && cond(got)
	})
	if err != nil {
		p.t.Fatalf("%s's hand never showed %s; it shows:\n%s", p.u.Name(), what, text(p.hand()))
	}
	return got
}

// click clicks a button on m and waits for the answer.
func (p *player) click(m *discordgo.Message, customID string, opts ...discordtest.ActionOption) discordtest.Callback {
	p.t.Helper()
	if customID == "" {
		p.t.Fatalf("%s: no such button on:\n%s", p.u.Name(), text(m))
	}
	r, err := p.u.Click(m, customID, opts...)
	return answer(p.t, r, err)
}

// openHand clicks "My hand" on the table message.
func (p *player) openHand(table *discordgo.Message) *discordgo.Message {
	p.t.Helper()
	cb := p.click(table, button(table, "hand", "*"))
	if !cb.Ephemeral || cb.Message == nil || !strings.HasPrefix(cb.Message.Embeds[0].Title, "Your hand") {
		p.t.Fatalf("My hand answered %+v, want an ephemeral hand", cb)
	}
	return cb.Message
}

// cardsOf reads the cards a hand message offers to discard.
func cardsOf(t *testing.T, m *discordgo.Message) []laro.Card {
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

// chooseDiscard picks a card the way a sensible person would, using the
// engine's computer player on the cards the hand shows.
func chooseDiscard(hand []laro.Card) laro.Card {
	v := laro.View{Seats: 1, Hand: hand, Laid: [][][]laro.Card{nil}, HandSizes: []int{len(hand)},
		Forfeited: []bool{false}, Phase: laro.PhaseDiscard, Winner: -1}
	return laro.Computer{}.Discard(v)
}

var publicCard = regexp.MustCompile(`[●▲■][+−]\d{1,2}`)

// playTurn lets whoever's hand shows the draw buttons play one turn: draw
// from the deck, then declare a win if offered, else discard. It returns
// false once the table shows the game is over.
func playTurn(t *testing.T, w *world, players []*player, discarded map[string]time.Time) bool {
	t.Helper()
	var mover *player
	var hand *discordgo.Message
	deadline := time.Now().Add(5 * time.Second)
	for mover == nil {
		for _, p := range players {
			if m := p.hand(); button(m, "draw", "deck") != "" {
				mover, hand = p, m
			}
		}
		if mover != nil {
			break
		}
		for _, m := range w.ch.Messages() {
			if s := text(m); strings.Contains(s, "[Play again]") {
				return false
			}
		}
		if time.Now().After(deadline) {
			var b strings.Builder
			for _, p := range players {
				fmt.Fprintf(&b, "--- %s:\n%s\n", p.u.Name(), text(p.hand()))
			}
			t.Fatalf("nobody's hand offers a draw and the game is not over:\n%s", b.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	mover.click(hand, button(hand, "draw", "deck"))
	hand = mover.waitHand("discard buttons", func(m *discordgo.Message) bool { return button(m, "discard", "*") != "" })
	if id := button(hand, "win", ""); id != "" {
		mover.click(hand, id)
		return false
	}
	c := chooseDiscard(cardsOf(t, hand))
	if _, seen := discarded[c.Symbol()]; !seen {
		// The first time it went face up; after a reshuffle it may come round again.
		discarded[c.Symbol()] = time.Now()
	}
	mover.click(hand, button(hand, "discard", c.String()))
	return true
}

func TestLaroThreePlayerGameToTheWin(t *testing.T) {
	w := newWorld(t)
	alice, bob, carol := w.player("alice"), w.player("bob"), w.player("carol")
	players := []*player{alice, bob, carol}

	r, err := alice.u.Slash(w.ch, "laro new", discordtest.IntOpt("stake", 2), discordtest.IntOpt("ante", 10),
		discordtest.IntOpt("claim_window", 0), discordtest.IntOpt("turn_timer", 600))
	if cb := answer(t, r, err); !cb.Ephemeral || !strings.Contains(text(cb.Message), "is open") {
		t.Fatalf("/laro new answered %q, want an ephemeral confirmation", text(cb.Message))
	}
	lobby := w.tableMessage("Click **Join**")
	if !strings.Contains(text(lobby), "Joining needs **40** free chips") {
		t.Errorf("lobby does not state the escrow of ante + 15 × stake = 40:\n%s", text(lobby))
	}
	bob.click(lobby, button(lobby, "join", ""))
	carol.click(w.ch.Message(lobby.ID), button(lobby, "join", ""))
	lobby = w.tableMessage("<@" + carol.u.ID() + ">")
	if cb := bob.click(lobby, button(lobby, "start", "")); !cb.Ephemeral || !strings.Contains(text(cb.Message), "Only the host") {
		t.Fatalf("bob's Start answered %q, want a refusal: only the host starts", text(cb.Message))
	}
	alice.click(lobby, button(lobby, "start", ""))
	table := w.tableMessage("game 1")
	for _, p := range players {
		bal, err := w.st.Balance(t.Context(), w.guild.ID(), p.u.ID())
		if err != nil || bal.Total != 990 || bal.Held != 30 {
			t.Fatalf("%s at the start: balance %+v (%v), want 990 total with 30 held (ante 10 paid, 40−10 held)", p.u.Name(), bal, err)
		}
	}
	for _, p := range players {
		p.openHand(table)
	}

	discarded := map[string]time.Time{}
	turns := 0
	for playTurn(t, w, players, discarded) {
		turns++
		if turns > 400 {
			t.Fatal("no end after 400 turns")
		}
	}
	final := w.tableMessage("[Play again]")
	ft := text(final)
	t.Logf("game over after %d turns:\n%s", turns, ft)

	// The table names the winner and the points; chips moved exactly by the rules.
	var winner *player
	for _, p := range players {
		if strings.Contains(ft, "🏆 <@"+p.u.ID()+"> wins with") {
			winner = p
		}
	}
	if strings.Contains(ft, "no winner") {
		for _, p := range players {
			if bal, _ := w.st.Balance(t.Context(), w.guild.ID(), p.u.ID()); bal.Total != 1000 || bal.Held != 0 {
				t.Errorf("no winner: %s has %+v, want 1000 and nothing held", p.u.Name(), bal)
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
		bal, err := w.st.Balance(t.Context(), w.guild.ID(), p.u.ID())
		if err != nil || bal.Total != want || bal.Held != 0 {
			t.Errorf("%s after the game: %+v (%v), want total %d and nothing held", p.u.Name(), bal, err, want)
		}
	}
	stats, err := w.st.LaroStats(t.Context(), w.guild.ID(), winner.u.ID())
	if err != nil || stats.Games != 1 || stats.Wins != 1 || stats.Points != points {
		t.Errorf("winner's stats %+v (%v), want 1 game, 1 win, %d points", stats, err, points)
	}

	// No hidden card ever reached a public message: every card a public
	// message named had been discarded face up before it was sent, until
	// the winner laid their hand open.
	end := time.Now()
	for _, req := range w.srv.Requests() {
		if !strings.HasPrefix(req.Route, "/channels/") || (req.Method != "POST" && req.Method != "PATCH") {
			continue
		}
		var body struct {
			Embeds []struct {
				Description string
				Fields      []struct{ Name, Value string }
			}
		}
		_ = json.Unmarshal(req.Body, &body)
		if strings.Contains(string(req.Body), "wins with") {
			continue // the winner's clusters are shown on purpose
		}
		for _, c := range publicCard.FindAllString(string(req.Body), -1) {
			at, ok := discarded[c]
			if !ok || at.After(req.Start) {
				t.Errorf("public message at %v names %s, which nobody had discarded yet (discarded: %v, ok %v)", req.Start.Sub(end), c, at, ok)
			}
		}
	}
	w.noFailures()
}
