package laro

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/table"
	rules "github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// laroReplay is a finished game's stored log, ready to show any step. Step 0
// is the deal; step k is the state after the log's k-th move. Every step is
// rebuilt by the engine itself from the seed and the moves before it
// (rules.New and Apply, as Recover does), so the replay cannot disagree
// with what was played.
type laroReplay struct {
	id       string
	seats    []table.Seat
	settings laroSettings
	cfg      rules.Config
	seed     uint64
	moves    []replayMove
	// lang is the reader's language: a replay is a private message. Zero
	// (English) until the history module hands the reader's.
	lang lang.Lang
}

// replayMove is one engine move of the log with its snowflake stamp, and the
// LARO! calls and waiting draw stored (as intents) while the window before
// it was open.
type replayMove struct {
	action rules.Action
	at     time.Time
	calls  []stamp
	draws  []stamp
}

// stamp is a seat's click at a moment.
type stamp struct {
	seat int
	at   time.Time
}

// loadReplay reads a game's log the way Recover does.
func loadReplay(g store.Game, recs []store.ActionRecord) (*laroReplay, error) {
	r := &laroReplay{id: g.ID, seats: table.SeatsFromStore(g.Seats)}
	if err := json.Unmarshal(g.Settings, &r.settings); err != nil {
		return nil, fmt.Errorf("game %s settings: %w", g.ID, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("game %s has no log", g.ID)
	}
	if _, err := fmt.Sscanf(string(recs[0].Data), "start %x %d", &r.seed, &r.cfg.Dealer); err != nil { // lang:keep — the stored log's form
		return nil, fmt.Errorf("start record %q: %w", recs[0].Data, err)
	}
	r.cfg.Seats = len(r.seats)
	var pending replayMove
	for _, rec := range recs[1:] {
		if strings.HasPrefix(string(rec.Data), intentPrefix) {
			if draw, seat, _, ok := parseIntent(rec); ok && draw {
				pending.draws = append(pending.draws, stamp{seat, rec.At})
			} else if ok {
				pending.calls = append(pending.calls, stamp{seat, rec.At})
			}
			continue
		}
		a, err := rules.ParseAction(string(rec.Data))
		if err != nil {
			return nil, fmt.Errorf("action %d: %w", rec.Seq, err)
		}
		pending.action, pending.at = a, rec.At
		r.moves = append(r.moves, pending)
		pending = replayMove{}
	}
	// The whole log must replay: a damaged one is refused here, once, rather
	// than at some step.
	if _, err := r.game(len(r.moves)); err != nil {
		return nil, err
	}
	return r, nil
}

// last is the number of the replay's last step.
func (r *laroReplay) last() int { return len(r.moves) }

// game rebuilds the game after its first k moves.
func (r *laroReplay) game(k int) (*rules.Game, error) {
	g, err := rules.New(r.cfg, r.seed)
	if err != nil {
		return nil, fmt.Errorf("deal: %w", err)
	}
	for i, m := range r.moves[:k] {
		if err := g.Apply(m.action); err != nil {
			return nil, fmt.Errorf("replaying move %d (%s): %w", i+1, m.action, err)
		}
	}
	return g, nil
}

// laroFrame is one step of a replay: every hand revealed, the face-up
// state, and what happened in the step.
type laroFrame struct {
	Step, Last int
	Hands      [][]rules.Card   // per seat, sorted
	Laid       [][][]rules.Card // per seat
	View       rules.View       // the face-up state (a spectator's view)
	What       []string         // what the step did, in words
	Contest    []string         // the LARO! contest the step settled, if any
}

// frame builds step k (0..last).
func (r *laroReplay) frame(k int) (laroFrame, error) {
	if k < 0 || k > r.last() {
		return laroFrame{}, fmt.Errorf("step %d of 0..%d", k, r.last())
	}
	f := laroFrame{Step: k, Last: r.last()}
	var g *rules.Game
	var err error
	if k == 0 {
		if g, err = r.game(0); err != nil {
			return f, err
		}
		f.What = []string{r.lang.T("laro.replay.deal", "Name", r.name(r.cfg.Dealer))}
	} else {
		if g, err = r.game(k - 1); err != nil {
			return f, err
		}
		if err := r.step(g, r.moves[k-1], k, &f); err != nil {
			return f, err
		}
	}
	f.View = g.View(-1)
	f.Hands = make([][]rules.Card, r.cfg.Seats)
	f.Laid = make([][][]rules.Card, r.cfg.Seats)
	for s := range r.cfg.Seats {
		f.Hands[s], f.Laid[s] = g.Hand(s), g.Laid(s)
	}
	return f, nil
}

// step applies move m (step k) to g, which holds the state before it, and
// says in f what it did.
func (r *laroReplay) step(g *rules.Game, m replayMove, k int, f *laroFrame) error {
	who, l := r.name(m.action.ActionSeat()), r.lang
	card, discarder, claimable := g.Claimable()
	var discardAt time.Time
	if k >= 2 {
		discardAt = r.moves[k-2].at
	}
	reshuffles := g.Reshuffles()
	// The contest is judged on the hands as they were when it was settled.
	if claimable {
		f.Contest = r.contest(g, m, card, discarder, discardAt)
	}
	if err := g.Apply(m.action); err != nil {
		return fmt.Errorf("replaying move %d (%s): %w", k, m.action, err)
	}
	switch a := m.action.(type) {
	case rules.Draw:
		if g.Reshuffles() > reshuffles {
			f.What = append(f.What, l.T("laro.replay.reshuffled"))
		}
		drawn := g.View(a.Seat).Drawn
		if a.FromDiscard {
			f.What = append(f.What, l.T("laro.replay.took", "Name", who, "Card", drawn.Symbol()))
		} else {
			f.What = append(f.What, l.T("laro.replay.drew", "Name", who, "Card", drawn.Symbol()))
		}
	case rules.Discard:
		top, _ := g.TopDiscard()
		f.What = append(f.What, l.T("laro.event.discarded", "Name", who, "Card", top.Symbol()))
	case rules.DeclareWin:
		f.What = append(f.What, l.T("laro.replay.declared", "Name", who))
	case rules.Call:
		laid := g.Laid(a.Seat)
		if a.Win || g.Over() {
			f.What = append(f.What, l.T("laro.replay.called_won", "Name", who, "Card", card.Symbol()))
		} else {
			f.What = append(f.What, l.T("laro.replay.called_laid", "Name", who, "Card", card.Symbol(), "Cluster", clusterText(l, laid[len(laid)-1])))
			var jumped []string
			for j := (discarder + 1) % r.cfg.Seats; j != a.Seat; j = (j + 1) % r.cfg.Seats {
				jumped = append(jumped, r.name(j))
			}
			if len(jumped) > 0 {
				f.What = append(f.What, l.T("laro.event.jumped", "Names", strings.Join(jumped, ", ")))
			}
		}
	case rules.Forfeit:
		f.What = append(f.What, l.T("laro.replay.left", "Name", who))
	}
	return nil
}

// contest explains the LARO! window that move m closed on card: every call
// stored for it, stamped relative to the discard, and why the winner won.
// Only people's calls are stored as they come; a computer's call is known
// only when it won (its move is the call itself).
func (r *laroReplay) contest(g *rules.Game, m replayMove, card rules.Card, discarder int, discardAt time.Time) []string {
	call, won := m.action.(rules.Call)
	callers := append([]stamp(nil), m.calls...)
	if won && !containsSeat(callers, call.Seat) {
		callers = append(callers, stamp{call.Seat, m.at})
	}
	if len(callers) == 0 && len(m.draws) == 0 {
		return nil
	}
	l := r.lang
	rel := func(at time.Time) string {
		if discardAt.IsZero() {
			return ""
		}
		return " " + l.T("laro.replay.at", "S", fmt.Sprintf("%.3f", at.Sub(discardAt).Seconds()))
	}
	lines := []string{l.T("laro.replay.window", "Card", card.Symbol(), "Name", r.name(discarder))}
	for _, d := range m.draws {
		id := "laro.replay.draw_waited"
		if won {
			id = "laro.replay.draw_cancelled"
		}
		lines = append(lines, l.T(id, "Name", r.name(d.seat), "At", rel(d.at)))
	}
	var winner rules.Claim
	if won {
		if best, ok := g.BestCall(call.Seat); ok {
			winner = best.Claim(call.Seat, m.at)
		}
	}
	for _, c := range callers {
		best, ok := g.BestCall(c.seat)
		what := l.T("laro.replay.no_cluster")
		if ok {
			what = l.T("laro.replay.a_cluster", "Kind", kindName(l, best.Kind))
			if best.Win {
				what = l.T("laro.replay.the_win")
			}
		}
		var outcome string
		switch {
		case won && c.seat == call.Seat && len(callers) == 1:
			outcome = l.T("laro.replay.took_only")
		case won && c.seat == call.Seat:
			outcome = l.T("laro.replay.took_card")
		case !won:
			outcome = l.T("laro.replay.too_late")
		default:
			outcome = r.lostBecause(winner, best.Claim(c.seat, c.at), discarder)
		}
		lines = append(lines, l.T("laro.replay.called", "Name", r.name(c.seat), "At", rel(c.at), "What", what, "Outcome", outcome))
	}
	return lines
}

// lostBecause says why loser's call lost to winner's, by the rules'
// order: a winning call, then the better cluster, then turn order after the
// discarder. A call the rules would have preferred can only have lost by
// being stamped after the window had closed.
func (r *laroReplay) lostBecause(winner, loser rules.Claim, discarder int) string {
	order := func(s int) int { return (s - discarder + r.cfg.Seats) % r.cfg.Seats }
	l := r.lang
	switch {
	case winner.Win && !loser.Win:
		return l.T("laro.replay.lost_win")
	case loser.Win && !winner.Win, !winner.Win && loser.Kind > winner.Kind:
		return l.T("laro.replay.too_late")
	case loser.Kind < winner.Kind:
		return l.T("laro.replay.lost_kind", "Theirs", kindName(l, winner.Kind), "Yours", kindName(l, loser.Kind))
	case order(loser.Seat) < order(winner.Seat):
		return l.T("laro.replay.too_late")
	}
	return l.T("laro.replay.lost_order")
}

func containsSeat(ss []stamp, seat int) bool {
	for _, s := range ss {
		if s.seat == seat {
			return true
		}
	}
	return false
}

// name is how the replay names a seat.
func (r *laroReplay) name(s int) string {
	if s < 0 || s >= len(r.seats) {
		return r.lang.T("laro.nobody")
	}
	return r.seats[s].Label()
}
