package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// recoverTables rebuilds every table that was live when the bot stopped:
// the game is replayed from its stored log, its timers re-armed from the
// stored deadline, and its message redrawn so every button works again.
func (b *Bot) recoverTables(ctx context.Context) error {
	games, err := b.store.LiveGames(ctx)
	if err != nil {
		return fmt.Errorf("loading live tables: %w", err)
	}
	for _, g := range games {
		recoverOne := b.recoverLaro
		switch g.Kind {
		case store.KindLaro:
		case store.KindLaus:
			recoverOne = b.recoverLaus
		default:
			continue
		}
		if err := recoverOne(ctx, g); err != nil {
			// One damaged table must not keep every other table down.
			b.log.Error("could not rebuild a table", "table", g.TableID, "game", g.ID, "err", err)
			continue
		}
		b.log.Info("table rebuilt", "table", g.TableID, "game", g.ID, "status", g.Status.String())
	}
	return nil
}

func (b *Bot) recoverLaro(ctx context.Context, g store.Game) error {
	var s laroSettings
	if err := json.Unmarshal(g.Settings, &s); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	t := &laroTable{tableCore: restoredCore(b, g), settings: s}
	if g.Status == store.StatusLobby {
		b.resumeLobby(t, g)
		return nil
	}
	_, recs, err := b.store.LoadGame(ctx, g.ID)
	if err != nil {
		return err
	}
	if len(recs) == 0 {
		return fmt.Errorf("a running game with an empty log")
	}
	var seed uint64
	var dealer int
	if _, err := fmt.Sscanf(string(recs[0].Data), "start %x %d", &seed, &dealer); err != nil {
		return fmt.Errorf("start record %q: %w", recs[0].Data, err)
	}
	game, err := laro.New(laro.Config{Seats: len(t.seats), Dealer: dealer}, seed)
	if err != nil {
		return fmt.Errorf("deal: %w", err)
	}
	t.game, t.seed, t.pot = game, seed, g.Pot
	t.resetRound()
	// Replay one action at a time, so the table's recent events read as
	// they did before the restart.
	for _, r := range recs[1:] {
		a, err := laro.ParseAction(string(r.Data))
		if err != nil {
			return fmt.Errorf("action %d: %w", r.Seq, err)
		}
		_, discarder, _ := game.Claimable()
		if err := game.Apply(a); err != nil {
			return fmt.Errorf("replaying action %d (%s): %w", r.Seq, a, err)
		}
		t.describe(a, discarder)
	}
	t.seq = recs[len(recs)-1].Seq
	b.startTable(t, g.MessageID)
	lastAt := recs[len(recs)-1].At
	t.act.post(func() {
		t.event("♻️ cardbot restarted; the game goes on.")
		if card, discarder, ok := game.Claimable(); ok && t.activeSeats() > 1 {
			t.openWindow(card, discarder, lastAt)
		}
		t.armTurn()
		if !g.Deadline.At.IsZero() && t.stopTurn != nil {
			// Keep the deadline the players were shown before the restart.
			t.stopTurn()
			t.deadline = g.Deadline.At
			seq := t.seq
			t.stopTurn = t.act.after(time.Until(g.Deadline.At), func() {
				if t.seq == seq && t.playing() {
					t.timeout()
				}
			})
		}
		t.scheduleComputer()
		t.refreshFresh(g.MessageID == "", "")
	})
	return nil
}
