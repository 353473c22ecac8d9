package highcard

import (
	"context"
	"fmt"
	"time"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// Recover rebuilds one table after a restart from its stored log, through
// the shared parts every game uses (table.Env.Restore, ResumeLobby, Start,
// ResumeFinished): a lobby, a game being played (its turn timer re-armed
// for the deadline the players were shown), or a finished table with Play
// again until its idle deadline.
func (g *Game) Recover(ctx context.Context, stored store.Game) error {
	var s settings
	core, recs, err := g.env.Restore(ctx, stored, entry.Title, &s)
	if err != nil {
		return err
	}
	t := &hcTable{Core: core, settings: s}
	if recs == nil {
		g.env.ResumeLobby(t, stored)
		return nil
	}
	if t.game, err = replayLog(len(t.Seats), recs); err != nil {
		return err
	}
	for _, r := range recs[1:] {
		seat, card, _ := parsePlay(r.Data) // replayLog read them already
		t.Event(fmt.Sprintf("%s plays %d.", t.Seats[seat].Label(), card))
	}
	t.Seq = recs[len(recs)-1].Seq
	t.LoadHands(ctx)
	if stored.Status == store.StatusFinished {
		if !t.game.over() {
			return fmt.Errorf("stored as finished, but its replay is not over")
		}
		var none *ui.Rendering
		g.env.ResumeFinished(ctx, t, stored, none)
		return nil
	}
	g.env.Start(t, stored.MessageID)
	t.Act.Post(func() {
		t.Event("♻️ cardbot restarted; the game goes on.")
		if !t.scheduleComputer() {
			at := stored.Deadline.At
			if at.IsZero() {
				at = time.Now().Add(t.turnTimer())
			}
			t.armTurn(at)
		}
		t.Out.SetPublic(t.public(), stored.MessageID == "")
		t.RefreshHands()
	})
	return nil
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
