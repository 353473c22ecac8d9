package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// recoverLaus rebuilds one Laus table after a restart: its match is
// replayed from the stored log, its turn timer re-armed from the stored
// deadline, and its table message redrawn so every button works again.
func (b *Bot) recoverLaus(ctx context.Context, g store.Game) error {
	var s lausSettings
	if err := json.Unmarshal(g.Settings, &s); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	t := &lausTable{tableCore: restoredCore(b, g), settings: s}
	if g.Status == store.StatusLobby {
		b.resumeLobby(t, g)
		return nil
	}
	recs, err := b.gameLog(ctx, g)
	if err != nil {
		return err
	}
	var seed uint64
	if _, err := fmt.Sscanf(string(recs[0].Data), "start %x", &seed); err != nil {
		return fmt.Errorf("start record %q: %w", recs[0].Data, err)
	}
	m, err := laus.NewMatch(laus.MatchConfig{Seats: len(t.seats), Target: s.Target}, seed)
	if err != nil {
		return fmt.Errorf("deal: %w", err)
	}
	t.match, t.seed = m, seed
	t.resetMatch()
	// Replay one entry at a time, so the table's recent events read as they
	// did before the restart and who plays which seat is as it was.
	for _, r := range recs[1:] {
		e, err := parseLausEntry(r.Data, len(t.seats))
		if err != nil {
			return fmt.Errorf("record %d: %w", r.Seq, err)
		}
		for _, l := range t.keepSeat(e) {
			t.event(l)
		}
		a := e.action
		if a == nil {
			continue
		}
		round := m.Round()
		if err := m.Apply(a); err != nil {
			return fmt.Errorf("replaying action %d (%s): %w", r.Seq, a, err)
		}
		var ended *laus.RoundResult
		if rr, ok := m.LastRound(); ok && (m.Round() != round || m.Over()) {
			ended = &rr
		}
		t.describe(a, ended)
	}
	t.seq = recs[len(recs)-1].Seq
	retire, retired, err := b.lausRetired(ctx, g)
	if err != nil {
		return err
	}
	t.loadHands(ctx)
	b.startTable(t, g.MessageID)
	t.act.post(func() {
		t.event("♻️ cardbot restarted; the match goes on.")
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
			t.out.Retire(retire)
			fresh = true
		}
		t.refreshAll(fresh, "")
	})
	return nil
}

// lausRetired reports whether a round's end retired the match's stored
// table message, and what that message becomes; ok is false while it is
// still the current round's. (The round's summary, if it was not posted,
// has been by postAnnouncements.)
func (b *Bot) lausRetired(ctx context.Context, g store.Game) (r rendering, ok bool, err error) {
	if g.MessageID == "" {
		return rendering{}, false, nil
	}
	anns, err := b.store.Announcements(ctx, g.ID)
	if err != nil {
		return rendering{}, false, err
	}
	for _, a := range slices.Backward(anns) {
		if a.RetireID == g.MessageID {
			r, err := decodeMessage(a.RetireBody)
			if err != nil {
				return rendering{}, false, fmt.Errorf("announcement %d: %w", a.Seq, err)
			}
			return r, true, nil
		}
	}
	return rendering{}, false, nil
}
