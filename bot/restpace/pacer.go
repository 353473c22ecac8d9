package restpace

import (
	"context"
	"sync"
	"time"

	"github.com/cardbot/cardbot/bot/internal/workers"
	"github.com/cardbot/cardbot/bot/metrics"
)

// DefaultGlobalBudget is Discord's global rate limit for a bot: 50 requests
// per second over every route, interaction endpoints excepted. Large bots
// are granted more by Discord; the bot's GlobalBudget setting raises it.
const DefaultGlobalBudget = 50

// A Pacer owns every outbound call of the process that Discord's
// global rate limit binds: table messages posted and edited, announcements.
// (Interaction callbacks and edits through an interaction's token are not
// bound by it, and go out at once.) It starts at most budget calls a second,
// so the bot never earns a global 429; it serves the table whose message has
// been stale the longest first; and each table keeps only the latest
// rendering of its message, so a busy table costs one call, not one per
// change. Each table has at most one call in flight, which keeps its
// messages in order.
//
// It knows a table's outbox only as a Sender: it decides when and whose
// call goes, the Sender makes the call.
type Pacer struct {
	basePerCall time.Duration // the pace the budget allows (see backoff.go)

	perCall time.Duration    // how often a call may start, on average; guarded by mu
	burst   int              // calls that may start at once after a quiet spell
	m       *metrics.Metrics // told how long calls wait for the budget

	mu      sync.Mutex
	waiting map[Sender]struct{} // outboxes with public work, none of it in flight
	// flying holds the outboxes with a call in flight, true once marked
	// meanwhile: they wait for the call to land before they may be picked
	// again (see landed).
	flying map[Sender]bool
	tokens float64
	filled time.Time // when tokens was last topped up
	// slowUntil ends a spell of a slower pace after a 429 (zero: none).
	slowUntil time.Time
	// heldSince is when a table ready to go first found the budget empty
	// (zero: none is held back): the time until a call starts again is
	// time spent waiting on the global limit.
	heldSince time.Time
	wake      chan struct{}
	calls     sync.WaitGroup
}

// A Sender is one table's queue of calls bound by the global limit (its
// outbox). The pacer asks it what it has and when it may go, and has it
// make one call at a time.
type Sender interface {
	// Due reports whether the sender has work (ok), since when its oldest
	// unsent change waits, and when its next call may go; force ignores
	// the table's own pace (the bot is stopping).
	Due(now time.Time, force bool) (since, ready time.Time, ok bool)
	// RouteWait is how long Discord's per-route limit holds its next call.
	RouteWait() time.Duration
	// HoldUntil keeps its next call from going before at.
	HoldUntil(at time.Time)
	// SendOne makes its next call, and reports whether more work is left
	// and whether Discord refused the call.
	SendOne() (more, refused bool)
	// ViaToken reports whether its next call, due at now, goes through an
	// interaction token, which the global limit does not bind: such a
	// call starts without waiting for the budget or taking from it.
	ViaToken(now time.Time) bool
}

// New makes the pacer of a process allowed budget calls a second
// (DefaultGlobalBudget if not positive); m, if not nil, is told how long
// calls wait. Run starts it.
func New(budget int, m *metrics.Metrics) *Pacer {
	if budget <= 0 {
		budget = DefaultGlobalBudget
	}
	// Bursts of 4% of the budget, and a steady rate such that any
	// one-second window Discord may count holds at most the burst and a
	// second's calls: 90% of the budget, leaving room for calls that a busy
	// machine or the network in between bunch together.
	burst := max(1, budget/25)
	rate := 0.9*float64(budget) - float64(burst)
	perCall := time.Duration(float64(time.Second) / rate)
	return &Pacer{
		basePerCall: perCall, perCall: perCall, burst: burst,
		waiting: map[Sender]struct{}{}, flying: map[Sender]bool{}, tokens: float64(burst), filled: time.Now(),
		wake: make(chan struct{}, 1), m: m,
	}
}

// Mark tells the pacer that o has work.
func (d *Pacer) Mark(o Sender) {
	d.mu.Lock()
	if _, ok := d.flying[o]; ok {
		d.flying[o] = true
	} else {
		d.waiting[o] = struct{}{}
	}
	d.mu.Unlock()
	d.poke()
}

// landed ends o's call in flight; o waits again if it has more to send or
// was marked meanwhile. Marked meanwhile, it used to be picked at once for
// a second call beside the first: a game's thread was then archived while
// its table message's final edit was still on its way, and Discord refused
// the edit (the thread kept its buttons; a loaded machine showed it).
func (d *Pacer) landed(o Sender, more bool) {
	d.mu.Lock()
	if d.flying[o] || more {
		d.waiting[o] = struct{}{}
	}
	delete(d.flying, o)
	d.mu.Unlock()
	d.poke()
}

func (d *Pacer) poke() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// Run starts calls until ctx ends.
func (d *Pacer) Run(ctx context.Context) {
	for {
		wait := d.startNext(time.Now(), false)
		if wait < 0 {
			wait = time.Hour // nothing to do until something is marked
		}
		if wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				return
			case <-d.wake:
			case <-t.C:
			}
			t.Stop()
		}
	}
}

// Drain sends every outbox's remaining work, still within the budget but
// without waiting for the pace of table edits: the tables have stopped and
// their last state must reach Discord. It returns when done or ctx ends.
func (d *Pacer) Drain(ctx context.Context) {
	for {
		wait := d.startNext(time.Now(), true)
		if wait < 0 {
			d.mu.Lock()
			idle := len(d.waiting) == 0
			d.mu.Unlock()
			if idle {
				done := make(chan struct{})
				go func() { d.calls.Wait(); close(done) }()
				select {
				case <-done:
					d.mu.Lock()
					idle = len(d.waiting) == 0
					d.mu.Unlock()
					if idle {
						return
					}
				case <-ctx.Done():
					return
				}
				continue
			}
			wait = 10 * time.Millisecond // calls in flight: their outboxes may have more
		}
		select {
		case <-ctx.Done():
			return
		case <-d.wake:
		case <-time.After(wait):
		}
	}
}

// startNext starts the call of the stalest outbox that may go now, if the
// budget allows one. It returns how long to wait before trying again (0:
// at once, negative: nothing waits). force ignores each table's pace.
func (d *Pacer) startNext(now time.Time, force bool) time.Duration {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.refillLocked(now)
	if d.tokens < 1 && !d.heldSince.IsZero() {
		// A table is already known to be ready and held back by the budget:
		// nothing can start before the next token, so the tables need not be
		// scanned again (every change at a thousand busy tables wakes this up).
		return time.Duration((1 - d.tokens) * float64(d.perCall))
	}
	var pick Sender
	var pickSince time.Time
	soonest := time.Duration(-1)
	for o := range d.waiting {
		since, ready, ok := o.Due(now, force)
		if !ok {
			delete(d.waiting, o) // nothing left after all
			continue
		}
		if wait := ready.Sub(now); wait > 0 {
			if soonest < 0 || wait < soonest {
				soonest = wait
			}
			continue
		}
		if o.ViaToken(now) {
			// An edit through an interaction token: the budget does not
			// bind it, so it goes now, beside the budget's pick. (While
			// the budget is known to be empty the scan above is skipped,
			// which delays it by at most one token's time.)
			d.startLocked(o, force)
			continue
		}
		if pick == nil || since.Before(pickSince) {
			pick, pickSince = o, since
		}
	}
	if pick == nil {
		d.heldDone(now)
		return soonest
	}
	// Only now, for the one table picked, ask whether its channel's own
	// limit lets it go: asking every waiting table costs more than the
	// call. (When the bot stops, discordgo may as well wait.)
	if wait := pick.RouteWait(); wait > 0 && !force {
		pick.HoldUntil(now.Add(wait))
		d.m.RateLimitWait(metrics.LimitChannel, wait)
		return 0
	}
	if d.tokens < 1 {
		if d.heldSince.IsZero() {
			d.heldSince = now
		}
		return time.Duration((1 - d.tokens) * float64(d.perCall))
	}
	d.heldDone(now)
	d.tokens--
	d.startLocked(pick, force)
	return 0
}

// startLocked makes o's next call on a goroutine of its own; force: the
// bot is stopping.
func (d *Pacer) startLocked(o Sender, force bool) {
	delete(d.waiting, o)
	d.flying[o] = false
	d.calls.Add(1)
	workers.Go(func() {
		defer d.calls.Done()
		// A refused call waits out its back-off, or, when the bot is
		// stopping, is given up: its state is stored and shown again
		// after the restart.
		more, refused := o.SendOne()
		d.landed(o, more && !(force && refused))
	})
}

// heldDone ends a spell of waiting on the budget, if one was on.
func (d *Pacer) heldDone(now time.Time) {
	if !d.heldSince.IsZero() {
		d.m.RateLimitWait(metrics.LimitGlobalBudget, now.Sub(d.heldSince))
		d.heldSince = time.Time{}
	}
}

// Wait waits until the budget allows one more call, and takes it: for
// the few calls bound by the global limit that are not a table's message
// (a lobby's first post, announcements after a restart, a late redraw).
func (d *Pacer) Wait(ctx context.Context) error {
	began := time.Now()
	for {
		d.mu.Lock()
		now := time.Now()
		d.refillLocked(now)
		if d.tokens >= 1 {
			d.tokens--
			d.mu.Unlock()
			d.m.RateLimitWait(metrics.LimitGlobalBudget, now.Sub(began))
			return nil
		}
		wait := time.Duration((1 - d.tokens) * float64(d.perCall))
		d.mu.Unlock()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}
