package e2e

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// LausMover finds the seated person whose hand message offers a move now,
// and which controls it shows. It returns nil once the table shows the
// match is over.
func LausMover(t *testing.T, w *World, players []*Player) (*Player, *discordgo.Message) {
	t.Helper()
	deadline := time.Now().Add(Patience)
	for {
		for _, p := range players {
			m := p.Hand()
			for _, verb := range []string{"look", "lay", "play"} {
				if Button(m, verb, "*") != "" {
					return p, m
				}
			}
		}
		for _, m := range w.Ch.Messages() {
			if strings.Contains(Text(m), "[Play again]") {
				return nil, nil
			}
		}
		if time.Now().After(deadline) {
			var b strings.Builder
			for _, p := range players {
				fmt.Fprintf(&b, "--- %s:\n%s\n", p.U.Name(), Text(p.Hand()))
			}
			t.Fatalf("nobody's hand offers a move and the match is not over:\n%s", b.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// LausMove makes the move a player's hand offers: look at the skat, except
// pass at the second decision of the match (so both happen without every
// round doubling), the first two cards offered to lay back, or the first
// card offered to play.
func LausMove(t *testing.T, p *Player, hand *discordgo.Message, skatTurns *int) discordtest.Callback {
	t.Helper()
	if id := Button(hand, "look", "*"); id != "" {
		*skatTurns++
		if *skatTurns == 2 {
			id = Button(hand, "pass", "*")
		}
		return p.Click(hand, id)
	}
	if id := Button(hand, "lay", "*"); id != "" {
		menu, ok := discordtest.FindComponent(hand, id).(discordgo.SelectMenu)
		if !ok {
			if pm, isPtr := discordtest.FindComponent(hand, id).(*discordgo.SelectMenu); isPtr {
				menu, ok = *pm, true
			}
		}
		if !ok || len(menu.Options) < 2 {
			t.Fatalf("%s's lay-back control is not a menu of two or more cards:\n%s", p.U.Name(), Text(hand))
		}
		for _, o := range menu.Options {
			if c, _ := laus.ParseCard(o.Value); c.IsJack() || c.IsQueen() {
				t.Errorf("the lay-back menu offers %s, a queen or jack", o.Label)
			}
		}
		r, err := p.U.Select(hand, id, []string{menu.Options[0].Value, menu.Options[1].Value})
		return Answer(t, r, err)
	}
	return p.Click(hand, Button(hand, "play", "*"))
}

// LausFinal is what the test reads back after a match: the replayed
// engine, the stored log and the scoreboard.
type LausFinal struct {
	Board store.LausBoard
	Recs  []store.ActionRecord
	Seed  uint64
	Match *laus.Match
}

// LausLogAction reads a record of a Laus match's log after the start
// record: an engine move, also when the table made it for a player whose
// turn timer ran out ("timeout play 1 QS"), or not a move at all ("back 1",
// a player taking their seat back from the computer).
func LausLogAction(t *testing.T, data []byte) (a laus.Action, timedOut, ok bool) {
	t.Helper()
	text := string(data)
	if strings.HasPrefix(text, "back ") {
		return nil, false, false
	}
	text, timedOut = strings.CutPrefix(text, "timeout ")
	a, err := laus.UnmarshalAction([]byte(text))
	if err != nil {
		t.Fatalf("stored record %q: %v", data, err)
	}
	return a, timedOut, true
}

// LoadLaus replays the channel's latest Laus match from the store.
func LoadLaus(t *testing.T, w *World) LausFinal {
	t.Helper()
	board, err := w.St.LausScoreboard(t.Context(), w.Guild.ID(), w.Ch.ID())
	if err != nil {
		t.Fatalf("LausScoreboard: %v", err)
	}
	_, recs, err := w.St.LoadGame(t.Context(), board.Game.ID)
	if err != nil || len(recs) == 0 {
		t.Fatalf("LoadGame: %d records, %v", len(recs), err)
	}
	var f LausFinal
	f.Board, f.Recs = board, recs
	if _, err := fmt.Sscanf(string(recs[0].Data), "start %x", &f.Seed); err != nil {
		t.Fatalf("start record %q: %v", recs[0].Data, err)
	}
	var acts []laus.Action
	for _, r := range recs[1:] {
		if a, _, ok := LausLogAction(t, r.Data); ok {
			acts = append(acts, a)
		}
	}
	var s struct{ Target int }
	_ = json.Unmarshal(board.Game.Settings, &s)
	f.Match, err = laus.Replay(laus.MatchConfig{Seats: len(board.Game.Seats), Target: s.Target}, f.Seed, acts)
	if err != nil {
		t.Fatalf("replaying the stored log: %v", err)
	}
	return f
}

var LausCard = regexp.MustCompile(`(10|[789JQKA])[♣♠♥♦]`)

var RoundTitle = regexp.MustCompile(`match (\d+) · round (\d+)`)

// SeatOfUser returns p's seat in the stored match, or -1.
func SeatOfUser(f LausFinal, p *Player) int {
	return slices.IndexFunc(f.Board.Game.Seats, func(s store.Seat) bool { return s.User == p.U.ID() })
}
