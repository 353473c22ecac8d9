package bot

import (
	"context"

	"github.com/cardbot/cardbot/store"
)

// dropInterruptedNextGames cancels the games among live (this shard's) that
// a Play again stored but never started: the bot stopped between storing
// the next game and dealing it. Such a game is a lobby without the idle
// deadline every lobby opened by /new has; nobody was told it began. Its
// table then goes back to where it was, after its last game (see
// store.RecentlyFinishedGames), with Play again, instead of coming back as
// a lobby that closes at once. It returns the rest of live.
func (b *Bot) dropInterruptedNextGames(ctx context.Context, live []store.Game) []store.Game {
	kept := live[:0]
	for _, g := range live {
		if g.Status != store.StatusLobby || !g.Deadline.At.IsZero() || !b.opts.Shard.Owns(g.Guild) {
			kept = append(kept, g)
			continue
		}
		cancelled := store.StatusCancelled
		if _, err := b.opts.Store.UpdateGame(ctx, g.ID, store.GameUpdate{Status: &cancelled}); err != nil {
			b.log.Error("cancelling a next game that never began", "table", g.TableID, "game", g.ID, "err", err)
			kept = append(kept, g)
			continue
		}
		b.log.Info("next game never began; the table goes back to after its last game", "table", g.TableID, "game", g.ID)
	}
	return kept
}
