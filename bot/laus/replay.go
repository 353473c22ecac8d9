package laus

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// lausReplay is a finished match's stored log, ready to show any step. Step
// 0 is the first deal; step k is the state after the log's k-th move. Every
// step is rebuilt by the engine itself from the seed and the moves before
// it (rules.NewMatch and Apply, as Recover does), so the replay cannot
// disagree with what was played.
type lausReplay struct {
	id       string
	seats    []table.Seat
	settings lausSettings
	seed     uint64
	moves    []lausEntry // engine moves only; "I'm back" records change no card
	// lang is the viewer's: a replay is a private answer (see looking).
	lang lang.Lang
}

// loadLausReplay reads a match's log the way Recover does.
func loadLausReplay(g store.Game, recs []store.ActionRecord) (*lausReplay, error) {
	r := &lausReplay{id: g.ID, seats: table.SeatsFromStore(g.Seats)}
	if err := json.Unmarshal(g.Settings, &r.settings); err != nil {
		return nil, fmt.Errorf("match %s settings: %w", g.ID, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("match %s has no log", g.ID)
	}
	if _, err := fmt.Sscanf(string(recs[0].Data), "start %x", &r.seed); err != nil { // lang:keep — the log's wire form
		return nil, fmt.Errorf("start record %q: %w", recs[0].Data, err)
	}
	for _, rec := range recs[1:] {
		e, err := parseLausEntry(rec.Data, len(r.seats))
		if err != nil {
			return nil, fmt.Errorf("record %d: %w", rec.Seq, err)
		}
		if e.action != nil {
			r.moves = append(r.moves, e)
		}
	}
	if _, err := r.match(len(r.moves)); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *lausReplay) last() int { return len(r.moves) }

// match rebuilds the match after its first k moves.
func (r *lausReplay) match(k int) (*rules.Match, error) {
	m, err := rules.NewMatch(rules.MatchConfig{Seats: len(r.seats), Target: r.settings.Target}, r.seed)
	if err != nil {
		return nil, fmt.Errorf("deal: %w", err)
	}
	for i, e := range r.moves[:k] {
		if err := m.Apply(e.action); err != nil {
			return nil, fmt.Errorf("replaying move %d (%s): %w", i+1, e.action, err)
		}
	}
	return m, nil
}

// lausFrame is one step of a replay: every hand and the skat revealed, the
// face-up state, what happened in the step, and a round's scoring if the
// step ended one.
type lausFrame struct {
	Step, Last int
	Hands      [][]rules.Card // per seat, display order
	Skat       []rules.Card   // the face-down skat (three players), nil otherwise
	View       rules.View     // the face-up state (a spectator's view)
	What       []string
	Round      *rules.RoundResult // the round this step ended, if any
}

// frame builds step k (0..last).
func (r *lausReplay) frame(k int) (lausFrame, error) {
	if k < 0 || k > r.last() {
		return lausFrame{}, fmt.Errorf("step %d of 0..%d", k, r.last())
	}
	f := lausFrame{Step: k, Last: r.last()}
	var m *rules.Match
	var err error
	if k == 0 {
		if m, err = r.match(0); err != nil {
			return f, err
		}
	} else {
		if m, err = r.match(k - 1); err != nil {
			return f, err
		}
		if err := r.step(m, r.moves[k-1], &f); err != nil {
			return f, fmt.Errorf("replaying move %d: %w", k, err)
		}
	}
	if k == 0 || f.Round != nil && !m.Over() {
		f.What = append(f.What, r.lang.T("laus.replay.deals", "Round", m.Round(), "Who", r.name(m.Dealer())))
	}
	f.View = m.View(-1)
	f.Skat = m.Skat()
	f.Hands = make([][]rules.Card, len(r.seats))
	for s := range r.seats {
		f.Hands[s] = m.Hand(s)
	}
	return f, nil
}

// step applies move e to m, which holds the state before it, and says in f
// what it did.
func (r *lausReplay) step(m *rules.Match, e lausEntry, f *lausFrame) error {
	seat, l := e.action.Actor(), r.lang
	who := r.name(seat)
	if e.timedOut {
		who += " " + l.T("laus.replay.timed_out")
	}
	round, before := m.Round(), m.View(-1)
	if err := m.Apply(e.action); err != nil {
		return err
	}
	after := m.View(seat)
	switch a := e.action.(type) {
	case rules.Look:
		f.What = append(f.What, l.T("laus.replay.looked", "Who", who, "Cards", lausCards(l, nil, after.Skat)))
	case rules.Pass:
		f.What = append(f.What, l.T("laus.replay.passed", "Who", who, "Factor", 1<<(before.Passes+1)))
	case rules.LayBack:
		f.What = append(f.What, l.T("laus.replay.laid_back", "Who", who, "Cards", lausCards(l, nil, a.Cards[:])))
	case rules.Play:
		id := "laus.replay.played"
		if before.Trick.N == 0 {
			id = "laus.replay.led"
		}
		f.What = append(f.What, l.T(id, "Who", who, "Card", cardLabel(l, a.Card)))
		if before.Trick.N == before.Seats-1 {
			var done rules.Trick
			if rr, ok := m.LastRound(); ok && (m.Round() != round || m.Over()) {
				done, f.Round = rr.FinalTrick, &rr
			} else {
				v := m.View(-1)
				done, _ = v.LastTrick()
			}
			f.What = append(f.What, l.T("laus.replay.trick", "Trick", len(before.History)+1, "Cards", r.trickText(done),
				"Who", r.name(done.Winner()), "Points", rules.ScorePile(done.Played()).CardPoints))
		}
	}
	return nil
}

// trickText lists who played what in a trick.
func (r *lausReplay) trickText(tr rules.Trick) string {
	parts := make([]string, tr.N)
	for i := range tr.N {
		parts[i] = r.name(tr.SeatOf(i)) + " " + cardLabel(r.lang, tr.Cards[i])
	}
	return strings.Join(parts, " · ")
}

func (r *lausReplay) name(s int) string {
	if s < 0 || s >= len(r.seats) {
		return r.lang.T("laus.nobody")
	}
	return r.seats[s].Label()
}

// summary is the scoring of the round f ended, as the table posted it.
func (r *lausReplay) summary(f lausFrame) ui.Rendering {
	return lausSummary(r.lang, r.id, r.settings.MatchNo, r.seats, *f.Round, nil)
}
