package store

import "time"

// commitGap is the least time between the starts of two commits of a lane. Under load
// the callers came one at a time (500 actions a second at 1,000 tables: 1.01 actions a
// commit), and each action paid for a transaction and a sync of its own. An action that
// comes within commitGap of the last commit's start now waits for the rest of it, with
// whoever else comes, and one commit and one sync carry them all: at 500 actions a
// second, 5 ms took the bot's CPU per click from 1.19 to 1.01 ms, 10 ms to 0.88 ms, for
// 4 and 7 ms more at the median of the first reply (docs/performance.md).
//
// The wait is paid only when there is load to share it. An action after a quiet moment
// (no commit within commitGap) is committed at once, as before; so is a batch that every
// game of the previous batch is back in: callers that each wait for their last action
// before the next (a table recording a call and then its move, a computer seat playing
// on, a benchmark's closed loop) are all there is to wait for, and gather (batch.go)
// groups them as before.
const commitGap = 10 * time.Millisecond

// gatherFor adds every caller that comes within d to the batch, up to maxBatch, and
// stops early once every game of the previous batch is back.
func (s *Store) gatherFor(l *lane, batch []*appendReq, d time.Duration, back *comeBack) []*appendReq {
	t := time.NewTimer(d)
	defer t.Stop()
	for len(batch) < maxBatch {
		select {
		case r := <-l.in:
			n := len(batch)
			batch = s.drain(l, append(batch, r))
			if back.cameBack(batch[n:]) {
				return batch
			}
		case <-t.C:
			return batch
		case <-s.closed:
			return batch
		}
	}
	return batch
}

// comeBack is the games of a lane's previous batch and which of them the batch being
// gathered holds again. Only the lane's writer uses it.
type comeBack struct {
	games map[string]bool // true: back
	back  int
}

// expect makes the games of batch the ones to come back, none of them back yet.
func (c *comeBack) expect(batch []*appendReq) {
	if c.games == nil {
		c.games = map[string]bool{}
	}
	clear(c.games)
	for _, r := range batch {
		c.games[r.rec.GameID] = false
	}
	c.back = 0
}

// cameBack notes the actions added to the batch being gathered and reports whether
// every game expected is back: never before the first batch, nor for a batch of hand
// tokens alone.
func (c *comeBack) cameBack(added []*appendReq) bool {
	for _, r := range added {
		if back, ok := c.games[r.rec.GameID]; ok && !back {
			c.games[r.rec.GameID] = true
			c.back++
		}
	}
	return len(c.games) > 0 && c.back == len(c.games)
}
