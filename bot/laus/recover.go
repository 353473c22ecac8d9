package laus

import (
	"context"
	"fmt"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// Recover rebuilds one Laus table after a restart through the shared
// recovery (table.Env.Rebuild): its match is replayed from the stored log,
// its turn timer re-armed from the stored deadline, and its table message
// redrawn so every button works again. A table whose match had ended is
// rebuilt as it was after the match, with Play again, until its idle
// deadline.
func (lg *Game) Recover(ctx context.Context, g store.Game) error {
	var s lausSettings
	var t *lausTable
	err := lg.env.Rebuild(ctx, g, "Laus", &s, func(core table.Core) table.Rebuilder { // lang:keep — the game's name
		t = &lausTable{Core: core, settings: s}
		t.Thread.Want = s.Thread
		return t
	})
	if err == nil && g.Status == store.StatusFinished && t.Act != nil && !t.InThread() {
		// The last round's summary may not have reached Discord before the
		// restart. (A thread is archived at the match's end, and takes no
		// more edits.)
		t.Act.Post(t.showSummary)
	}
	return err
}

// Replay replays the stored log one entry at a time, so the table's recent
// events read as they did before the restart and who plays which seat is as
// it was.
func (t *lausTable) Replay(recs []store.ActionRecord) error {
	var seed uint64
	if _, err := fmt.Sscanf(string(recs[0].Data), "start %x", &seed); err != nil { // lang:keep — the log's wire form
		return fmt.Errorf("start record %q: %w", recs[0].Data, err)
	}
	m, err := rules.NewMatch(rules.MatchConfig{Seats: len(t.Seats), Target: t.settings.Target}, seed)
	if err != nil {
		return fmt.Errorf("deal: %w", err)
	}
	t.match, t.seed = m, seed
	t.resetMatch()
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
	// A round summary stored but perhaps not yet shown comes back from the store.
	ctx, cancel := context.WithTimeout(context.Background(), table.StoreTimeout)
	defer cancel()
	return t.summaryFromStore(ctx)
}

// Over reports whether the replayed match has ended.
func (t *lausTable) Over() bool { return t.match.Over() }

// Ended has nothing to work out: a finished match's message is drawn from
// the replayed match.
func (t *lausTable) Ended() {}

// Resume picks up a match being played: its turn timer at the deadline the
// players were shown, its computers, and the table message, posted afresh
// if the stored one is a finished round's (retire).
func (t *lausTable) Resume(g store.Game, retire *ui.Rendering) {
	// A deadline that passed while the bot was down fires at once.
	if !g.Deadline.At.IsZero() && g.Deadline.Kind == "turn" {
		t.armTurnAt(g.Deadline.At)
	} else {
		t.armTurn()
	}
	t.scheduleComputer()
	fresh := g.MessageID == ""
	if retire != nil {
		// The stored table message is a finished round's: the next
		// round's was not posted (or not stored) before the restart.
		t.Out.Retire(*retire)
		fresh = true
	}
	t.refreshAll(fresh, "")
}
