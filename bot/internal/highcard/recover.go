package highcard

import (
	"context"
	"fmt"
	"time"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// Recover rebuilds one table after a restart through the shared recovery
// (table.Env.Rebuild): a lobby, a game being played, or a finished table
// with Play again until its idle deadline.
func (g *Game) Recover(ctx context.Context, stored store.Game) error {
	var s settings
	return g.env.Rebuild(ctx, stored, entry.Title, &s, func(core table.Core) table.Rebuilder {
		return &hcTable{Core: core, settings: s}
	})
}

// Replay deals from the start record and replays the plays.
func (t *hcTable) Replay(recs []store.ActionRecord) error {
	r, err := replayLog(len(t.Seats), recs)
	if err != nil {
		return err
	}
	t.game = r
	for _, seat := range r.order {
		t.describe(seat, r.played[seat])
	}
	return nil
}

// Over reports whether the replayed game has ended.
func (t *hcTable) Over() bool { return t.game.over() }

// Ended has nothing to work out: the final message is drawn from the game.
func (t *hcTable) Ended() {}

// Resume re-arms the turn (keeping the deadline the players were shown) or
// the computer's play, and redraws the table message.
func (t *hcTable) Resume(g store.Game, _ *ui.Rendering) {
	if !t.scheduleComputer() {
		at := g.Deadline.At
		if at.IsZero() {
			at = time.Now().Add(t.turnTimer())
		}
		t.armTurn(at)
	}
	t.Out.SetPublic(t.public(), g.MessageID == "")
	table.RefreshHands(t)
}

// replayLog deals from a game's start record and replays its plays.
func replayLog(seats int, recs []store.ActionRecord) (*round, error) {
	seed, err := parseStart(recs[0].Data)
	if err != nil {
		return nil, fmt.Errorf("start record %q: %w", recs[0].Data, err)
	}
	r := deal(seats, seed)
	for _, rec := range recs[1:] {
		seat, card, err := parsePlay(rec.Data)
		if err == nil {
			err = r.play(seat, card)
		}
		if err != nil {
			return nil, fmt.Errorf("record %d: %w", rec.Seq, err)
		}
	}
	return r, nil
}
