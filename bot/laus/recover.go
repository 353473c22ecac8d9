package laus

import (
	"context"
	"fmt"

	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// Recover rebuilds one Laus table after a restart: its match is replayed
// from the stored log, its turn timer re-armed from the stored deadline,
// and its table message redrawn so every button works again. A table whose
// match had ended is rebuilt as it was after the match, with Play again,
// until its idle deadline (see table.ResumeFinished).
func (lg *Game) Recover(ctx context.Context, g store.Game) error {
	var s lausSettings
	core, recs, err := lg.env.Restore(ctx, g, "Laus", &s)
	if err != nil {
		return err
	}
	t := &lausTable{Core: core, settings: s}
	t.Thread.Want = s.Thread
	if recs == nil {
		lg.env.ResumeLobby(t, g)
		return nil
	}
	var seed uint64
	if _, err := fmt.Sscanf(string(recs[0].Data), "start %x", &seed); err != nil {
		return fmt.Errorf("start record %q: %w", recs[0].Data, err)
	}
	m, err := rules.NewMatch(rules.MatchConfig{Seats: len(t.Seats), Target: s.Target}, seed)
	if err != nil {
		return fmt.Errorf("deal: %w", err)
	}
	t.match, t.seed = m, seed
	t.resetMatch()
	// Replay one entry at a time, so the table's recent events read as they
	// did before the restart and who plays which seat is as it was.
	for _, r := range recs[1:] {
		e, err := parseLausEntry(r.Data, len(t.Seats))
		if err != nil {
			return fmt.Errorf("record %d: %w", r.Seq, err)
		}
		for _, l := range t.keepSeat(e) {
			t.Event(l)
		}
		a := e.action
		if a == nil {
			continue
		}
		round := m.Round()
		if err := m.Apply(a); err != nil {
			return fmt.Errorf("replaying action %d (%s): %w", r.Seq, a, err)
		}
		var ended *rules.RoundResult
		if rr, ok := m.LastRound(); ok && (m.Round() != round || m.Over()) {
			ended = &rr
		}
		t.describe(a, ended)
	}
	t.Seq = recs[len(recs)-1].Seq
	retire, retired, err := lg.env.Retired(ctx, g)
	if err != nil {
		return err
	}
	if err := t.summaryFromStore(ctx); err != nil {
		return err
	}
	if g.Status == store.StatusFinished {
		// The match ended before the restart: its result was stored with
		// its last action, and the table shows it with Play again.
		if !m.Over() {
			return fmt.Errorf("stored as finished, but its replay is not over")
		}
		t.LoadHands(ctx)
		var retireAs *ui.Rendering
		if retired {
			// The last round's message was retired by the match's end; the
			// final table message is a fresh one below the last summary.
			retireAs = &retire
		}
		lg.env.ResumeFinished(ctx, t, g, retireAs)
		if !t.InThread() {
			// The last round's summary may not have reached Discord before
			// the restart. (A thread is archived at the match's end, and
			// takes no more edits.)
			t.Act.Post(t.showSummary)
		}
		return nil
	}
	t.LoadHands(ctx)
	lg.env.Start(t, g.MessageID)
	t.Act.Post(func() {
		t.Event("♻️ cardbot restarted; the match goes on.")
		// Keep the deadline the players were shown before the restart; a
		// deadline that passed while the bot was down fires at once.
		if !g.Deadline.At.IsZero() && g.Deadline.Kind == "turn" {
			t.armTurnAt(g.Deadline.At)
		} else {
			t.armTurn()
		}
		t.scheduleComputer()
		fresh := g.MessageID == ""
		if retired {
			// The stored table message is a finished round's: the next
			// round's was not posted (or not stored) before the restart.
			t.Out.Retire(retire)
			fresh = true
		}
		t.refreshAll(fresh, "")
	})
	return nil
}
