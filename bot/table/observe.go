package table

import (
	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/store"
)

// notePhase copies the table's status where other goroutines may read it
// (Core.phase), after every job of its actor: the status belongs to the
// actor, and a metrics scrape must not reach into it. A table that has
// just finished a game (a Laus match) counts it.
func (c *Core) notePhase() {
	now := uint32(c.Status)
	if old := c.phase.Swap(now); old != now && c.Status == store.StatusFinished {
		c.Env.Metrics.GameFinished(c.Name())
		// The game's result is stored; its table message should follow at
		// once, so a crash right after loses as little of it as possible.
		c.Out.Hurry()
	}
}

// LiveTables counts the tables registered in this process by game and
// phase, for the live-tables gauge. It reads only each table's copy of its
// status, so it never waits for a busy table.
func (e *Env) LiveTables() []metrics.TableCount {
	type key struct{ game, phase string }
	n := map[key]int{}
	e.mu.Lock()
	for k, t := range e.tables {
		var phase string
		switch store.Status(t.TableCore().phase.Load()) {
		case store.StatusLobby:
			phase = metrics.PhaseLobby
		case store.StatusPlaying:
			phase = metrics.PhasePlaying
		case store.StatusFinished:
			phase = metrics.PhaseFinished
		default:
			continue // closing: about to leave the registry
		}
		n[key{k.game, phase}]++
	}
	e.mu.Unlock()
	out := make([]metrics.TableCount, 0, len(n))
	for k, v := range n {
		out = append(out, metrics.TableCount{Game: k.game, Phase: k.phase, N: v})
	}
	return out
}
