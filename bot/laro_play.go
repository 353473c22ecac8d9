package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// errNotSaved means the store refused an action; the table undid it.
var errNotSaved = errors.New("bot: the move could not be saved")

// maxEvents is how many recent events the table message lists.
const maxEvents = 5

// claimWindow is the LARO! window on one discard (RULES.md, "the claim
// window"): calls and the next player's draw gather here, stamped with
// their snowflake times, until the contest is settled.
type claimWindow struct {
	card      laro.Card
	discarder int
	at        time.Time // D: when the card was discarded
	calls     []laroCall
	draw      *pendingDraw
	stop      func() bool
	settleAt  time.Time
}

// laroCall is one LARO! call waiting for the contest.
type laroCall struct {
	seat int
	at   time.Time
	best laro.CallOption
	i    *discordgo.Interaction // nil for a computer seat
}

// pendingDraw is a draw pressed while the window is open; it takes effect
// at the settlement, unless a call beats it.
type pendingDraw struct {
	seat        int
	at          time.Time
	fromDiscard bool
	auto        bool // played for a player whose turn timed out
}

// laroChoice is a won call waiting for its caller to pick the cluster.
type laroChoice struct {
	seat    int
	at      time.Time
	options []laro.CallOption
	stop    func() bool
}

// close is when the window closes: max(D + W, N) with a pending draw at N.
// Without a draw, the first call in closes it once W has passed: a call
// beats any later draw anyway, and players should not wait on a player
// who is slow to draw. (RULES.md leaves this case open.)
func (w *claimWindow) close(min time.Duration) time.Time {
	win := laro.Window{Min: min}
	if w.draw != nil {
		return win.Close(w.at, w.draw.at)
	}
	if len(w.calls) > 0 {
		return win.Close(w.at, w.calls[0].at)
	}
	return w.at.Add(min)
}

// playing reports whether the table runs a game that is not over.
func (t *laroTable) playing() bool { return t.game != nil && !t.game.Over() }

// mySeat returns the clicking user's seat, or a refusal.
func (t *laroTable) mySeat(in *Input) (int, *Reply) {
	i := seatOf(t.seats, in.UserID)
	if i < 0 {
		return -1, ephemeralText("You are not seated at this table. You can watch the table message, or join its next game.")
	}
	return i, nil
}

// start begins the table's first game; only the host may.
func (t *laroTable) start(ctx context.Context, in *Input) *Reply {
	if in.UserID != t.host {
		return ephemeralText("Only the host can start the game.")
	}
	hostSeat := max(seatOf(t.seats, t.host), 0)
	if r := t.begin(ctx, in.At, hostSeat); r != nil {
		return r
	}
	v := t.closedView(fmt.Sprintf("Game 1 has started below. Seated: %s", seatNames(t.seats)))
	return updateMessage("", v.Embeds, v.Components)
}

func seatNames(seats []seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.mention()
	}
	return strings.Join(names, ", ")
}

// chipsMove reports whether chips change hands at this table's games:
// never in solo practice, never with a computer seat.
func (t *laroTable) chipsMove() bool {
	return t.settings.staked() && len(t.seats) > 1 && !hasComputer(t.seats)
}

// begin deals a game with dealer moving first, holding every player's escrow
// and ante in the same transaction as the deal. It returns a refusal, or nil.
func (t *laroTable) begin(ctx context.Context, at time.Time, dealer int) *Reply {
	seed := t.b.opts.NewSeed()
	g, err := laro.New(laro.Config{Seats: len(t.seats), Dealer: dealer}, seed)
	if err != nil {
		t.b.log.Error("dealing", "table", t.id, "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	var moves []store.ChipMove
	var pot int64
	if t.chipsMove() {
		for _, s := range t.seats {
			moves = append(moves, store.ChipMove{User: s.UserID, Reason: store.ReasonEscrowHold, Amount: t.settings.escrow()})
			if t.settings.Ante > 0 {
				moves = append(moves, store.ChipMove{User: s.UserID, Reason: store.ReasonAnte, Amount: t.settings.Ante})
				pot += t.settings.Ante
			}
		}
	}
	t.settings.Dealer = dealer
	t.game, t.seed, t.seq, t.pot = g, seed, 0, pot
	t.resetRound()
	dl := t.nextDeadline()
	rec := store.ActionRecord{
		GameID: t.gameID, Seq: 1, Data: []byte(startRecord(seed, dealer)), At: at,
		Status: store.StatusPlaying, Deadline: &dl,
	}
	if err := t.b.store.AppendAction(ctx, rec, moves); err != nil {
		t.game = nil
		if missing, ok := store.MissingChips(err); ok {
			var ice *store.InsufficientChipsError
			errors.As(err, &ice)
			return ephemeralText(fmt.Sprintf("<@%s> is **%d chips short** of the %d this table holds per player, so the game cannot start. "+
				"They can collect `/chips daily` or leave the table.", ice.User, missing, t.settings.escrow()))
		}
		t.b.log.Error("starting a game", "table", t.id, "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	t.seq = 1
	t.status = store.StatusPlaying
	if t.stopIdle != nil {
		t.stopIdle()
	}
	t.event(fmt.Sprintf("Game %d dealt; %s deals and moves first.", t.settings.GameNo, t.seats[dealer].mention()))
	t.afterChange(nil, at, true, "")
	return nil
}

// startRecord is the first entry of a game's log: the seed and the dealer.
func startRecord(seed uint64, dealer int) string { return fmt.Sprintf("start %016x %d", seed, dealer) }

// resetRound clears what belongs to one game.
func (t *laroTable) resetRound() {
	t.events, t.result, t.window, t.choice = nil, nil, nil, nil
	t.timeouts = make([]int, len(t.seats))
	t.autoplay = make([]bool, len(t.seats))
}

// showHand answers "My hand" (a new ephemeral message) and "Refresh" (an
// update of the hand message the button is on).
func (t *laroTable) showHand(in *Input) *Reply {
	s, r := t.mySeat(in)
	if r != nil {
		return r
	}
	return t.handReply(in, s, "")
}

// handReply shows seat's hand in answer to in, and remembers the
// interaction so later changes can update that message.
func (t *laroTable) handReply(in *Input, s int, note string) *Reply {
	sc := t.screen(s)
	sc.Note = note
	v := laroHand(sc)
	t.hands[in.UserID] = handToken{i: in.Interaction, at: time.Now()}
	if in.Component.Verb == "hand" || !onEphemeral(in) {
		return ephemeralMessage("", v.Embeds, v.Components)
	}
	return updateMessage("", v.Embeds, v.Components)
}

// move handles the buttons on a hand message.
func (t *laroTable) move(ctx context.Context, in *Input) *Reply {
	s, r := t.mySeat(in)
	if r != nil {
		return r
	}
	c := in.Component
	if c.Turn != int(t.seq) {
		return t.handReply(in, s, "⚠️ That button was from an earlier moment of the game, so nothing happened. This is your hand now.")
	}
	if !t.playing() {
		return t.handReply(in, s, "The game is over.")
	}
	if t.choice != nil && c.Verb != "lay" {
		return t.handReply(in, s, fmt.Sprintf("Wait: %s is choosing which cluster to lay.", t.seats[t.choice.seat].mention()))
	}
	t.timeouts[s], t.autoplay[s] = 0, false
	var err error
	switch c.Verb {
	case "draw":
		if c.Arg != "deck" && c.Arg != "discard" {
			return ephemeralText("That button is not one of this table's.")
		}
		return t.requestDraw(in, s, in.At, c.Arg == "discard")
	case "discard":
		card, perr := laro.ParseCard(c.Arg)
		if perr != nil {
			return ephemeralText("That button is not one of this table's.")
		}
		err = t.apply(laro.Discard{Seat: s, Card: card}, in.At, in.UserID)
	case "win":
		err = t.apply(laro.DeclareWin{Seat: s}, in.At, in.UserID)
	case "lay":
		return t.lay(in, s)
	}
	if err != nil {
		return t.handReply(in, s, "⚠️ "+moveRefusal(err))
	}
	return t.handReply(in, s, "")
}

// moveRefusal turns an engine or store error into the sentence a player
// reads: the one place such messages are made.
func moveRefusal(err error) string {
	switch {
	case errors.Is(err, errNotSaved):
		return "Your move could not be saved, so it did not happen. Please try again."
	case errors.Is(err, laro.ErrNotYourTurn):
		return "It is not your turn."
	case errors.Is(err, laro.ErrMustDraw):
		return "Draw a card first."
	case errors.Is(err, laro.ErrMustDiscard):
		return "Discard a card first."
	case errors.Is(err, laro.ErrNotInHand):
		return "That card is not in your hand."
	case errors.Is(err, laro.ErrDiscardEmpty):
		return "The discard pile is empty: draw from the deck."
	case errors.Is(err, laro.ErrNotWinning):
		return "Your cards do not form three clusters yet."
	case errors.Is(err, laro.ErrGameOver):
		return "The game is over."
	case errors.Is(err, laro.ErrForfeited):
		return "You have left this game."
	}
	msg := strings.TrimPrefix(err.Error(), "laro: ")
	return "That move is not allowed: " + msg + "."
}

// requestDraw draws for seat now, or, while a LARO! window is open, queues
// the draw for the window's close so no card is revealed before a call
// could take the discard.
func (t *laroTable) requestDraw(in *Input, s int, at time.Time, fromDiscard bool) *Reply {
	d := laro.Draw{Seat: s, FromDiscard: fromDiscard}
	reply := func(note string) *Reply {
		if in == nil {
			return nil
		}
		return t.handReply(in, s, note)
	}
	if err := t.game.Check(d); err != nil {
		return reply("⚠️ " + moveRefusal(err))
	}
	w := t.window
	if w == nil {
		if err := t.apply(d, at, userOf(in)); err != nil {
			return reply("⚠️ " + moveRefusal(err))
		}
		return reply("")
	}
	if w.draw != nil {
		return reply("Your draw is already waiting for the LARO! window to close.")
	}
	w.draw = &pendingDraw{seat: s, at: at, fromDiscard: fromDiscard, auto: in == nil}
	t.scheduleSettle()
	t.refresh("")
	return reply("")
}

// onEphemeral reports whether the click came from an ephemeral message,
// which only the clicker sees. Only such a message may be replaced with a
// hand: a forged click on the public table must never turn it into one.
func onEphemeral(in *Input) bool {
	m := in.Interaction.Message
	return m != nil && m.Flags&discordgo.MessageFlagsEphemeral != 0
}

func userOf(in *Input) string {
	if in == nil {
		return ""
	}
	return in.UserID
}

// call handles the public LARO! button.
func (t *laroTable) call(in *Input) *Reply {
	s, r := t.mySeat(in)
	if r != nil {
		return r
	}
	if !t.playing() {
		return ephemeralText("The game is over.")
	}
	w := t.window
	if w == nil {
		return ephemeralText("There is no fresh discard to call LARO! on right now.")
	}
	if in.At.Before(w.at) {
		return ephemeralText("Your LARO! was meant for an earlier discard, which is gone.")
	}
	if s == w.discarder {
		return ephemeralText("You cannot call LARO! on your own discard.")
	}
	for _, c := range w.calls {
		if c.seat == s {
			return ephemeralText("Your LARO! on this card is already in.")
		}
	}
	best, ok := t.game.BestCall(s)
	if !ok {
		return ephemeralText(fmt.Sprintf("%s does not form a cluster with two of your cards, nor complete your win, so your LARO! was not made. It cost you nothing.", w.card.Symbol()))
	}
	if w.draw != nil {
		if close := w.close(t.settings.claimWindow()); in.At.After(close) {
			return ephemeralText(fmt.Sprintf("Too late: the window on %s had closed when you called.", w.card.Symbol()))
		}
	}
	w.calls = append(w.calls, laroCall{seat: s, at: in.At, best: best, i: in.Interaction})
	t.scheduleSettle()
	t.refresh("")
	what := "a " + best.Kind.String() + " cluster"
	if best.Win {
		what = "your **win**"
	}
	return ephemeralText(fmt.Sprintf("📣 Your LARO! on %s is in: it would make %s. The contest is settled when the window closes; the result appears here.", w.card.Symbol(), what))
}

// computerCall registers a computer seat's LARO!, stamped D + its reaction time.
func (t *laroTable) computerCall(w *claimWindow, s int, best laro.CallOption, at time.Time) {
	if t.window != w || !t.playing() {
		return
	}
	if w.draw != nil && at.After(w.close(t.settings.claimWindow())) {
		return
	}
	w.calls = append(w.calls, laroCall{seat: s, at: at, best: best})
	t.scheduleSettle()
	t.refresh("")
}

// scheduleSettle (re)arms the settlement for the window's current close.
func (t *laroTable) scheduleSettle() {
	w := t.window
	at := w.close(t.settings.claimWindow()).Add(t.b.opts.ClaimGrace)
	if !at.After(w.settleAt) && w.stop != nil {
		return
	}
	if w.stop != nil {
		w.stop()
	}
	w.settleAt = at
	w.stop = t.act.after(time.Until(at), func() {
		if t.window == w {
			t.settle()
		}
	})
}

// settle ends the window: the contest is decided by RULES.md, a winning
// call is laid (the pending draw cancelled), or else the draw happens.
func (t *laroTable) settle() {
	w := t.window
	t.window = nil
	close := w.close(t.settings.claimWindow())
	claims := make([]laro.Claim, len(w.calls))
	for i, c := range w.calls {
		claims[i] = c.best.Claim(c.seat, c.at)
	}
	winner, ok, tooLate := laro.Contest(w.discarder, len(t.seats), claims, close)
	late := map[int]bool{}
	for _, s := range tooLate {
		late[s] = true
	}
	for _, c := range w.calls {
		switch {
		case c.i == nil || (ok && c.seat == winner):
		case late[c.seat]:
			t.tellCaller(c, fmt.Sprintf("Too late: your LARO! on %s was stamped after the window closed.", w.card.Symbol()))
		default:
			t.tellCaller(c, fmt.Sprintf("%s's LARO! took %s: %s.", t.seats[winner].mention(), w.card.Symbol(), contestReason(w, winner, c)))
		}
	}
	if !ok {
		if d := w.draw; d != nil {
			if err := t.apply(laro.Draw{Seat: d.seat, FromDiscard: d.fromDiscard}, d.at, ""); err != nil {
				t.b.log.Warn("pending draw failed", "table", t.id, "err", err)
			}
		}
		t.refresh("")
		return
	}
	var wc laroCall
	for _, c := range w.calls {
		if c.seat == winner {
			wc = c
		}
	}
	notes := map[string]string{}
	if d := w.draw; d != nil && !t.seats[d.seat].Computer {
		notes[t.seats[d.seat].UserID] = fmt.Sprintf("Your draw was cancelled: %s called LARO! on %s. You saw no new card.",
			t.seats[winner].mention(), w.card.Symbol())
	}
	opts := t.game.CallOptions(winner)
	if wc.i != nil && !opts[0].Win && len(opts) > 1 {
		// A person picks which cluster to lay; their call message turns into
		// their hand with one button per option.
		t.choice = &laroChoice{seat: winner, at: wc.at, options: opts}
		t.hands[t.seats[winner].UserID] = handToken{i: wc.i, at: time.Now()}
		t.choice.stop = t.act.after(t.turnTimer(), func() {
			if c := t.choice; c != nil && c.seat == winner {
				t.choice = nil
				t.layCall(winner, c.options[0], c.at, "")
			}
		})
		t.event(fmt.Sprintf("📣 %s won the LARO! on %s and is choosing a cluster.", t.seats[winner].mention(), w.card.Symbol()))
		t.refreshWith(notes)
		return
	}
	if wc.i != nil {
		t.hands[t.seats[winner].UserID] = handToken{i: wc.i, at: time.Now()}
	}
	t.layCall(winner, opts[0], wc.at, "")
	t.refreshWith(notes)
}

// contestReason explains to a losing caller why the winner's call won.
func contestReason(w *claimWindow, winner int, loser laroCall) string {
	var best laroCall
	for _, c := range w.calls {
		if c.seat == winner {
			best = c
		}
	}
	switch {
	case best.best.Win:
		return "a call that wins the game beats every other"
	case best.best.Kind != loser.best.Kind:
		return fmt.Sprintf("their %s cluster outranks your %s", best.best.Kind, loser.best.Kind)
	}
	return "same cluster kind, and they come first in turn order after the discarder"
}

// tellCaller edits a caller's LARO! answer with the contest's outcome.
func (t *laroTable) tellCaller(c laroCall, text string) {
	t.out.SetEphemeral("call:"+c.i.ID, c.i, rendering{Content: text})
}

// layCall applies a won call with the chosen option.
func (t *laroTable) layCall(s int, o laro.CallOption, at time.Time, user string) error {
	return t.apply(o.Action(s), at, user)
}

// lay handles the choice buttons of a caller who won with several options.
func (t *laroTable) lay(in *Input, s int) *Reply {
	c := t.choice
	if c == nil || c.seat != s {
		return t.handReply(in, s, "There is no cluster for you to choose now.")
	}
	var idx int
	if _, err := fmt.Sscan(in.Component.Arg, &idx); err != nil || idx < 0 || idx >= len(c.options) {
		return ephemeralText("That button is not one of this table's.")
	}
	c.stop()
	t.choice = nil
	if err := t.layCall(s, c.options[idx], c.at, in.UserID); err != nil {
		return t.handReply(in, s, "⚠️ "+moveRefusal(err))
	}
	return t.handReply(in, s, "")
}

// apply checks a with the engine, stores it (with any settlement) and only
// then lets the game move on. A store failure undoes the move in memory.
// actor is the user whose own click this answers ("" for timers), whose
// hand message is answered directly rather than edited.
func (t *laroTable) apply(a laro.Action, at time.Time, actor string) error {
	before := t.game.Log()
	_, discarder, _ := t.game.Claimable()
	if err := t.game.Apply(a); err != nil {
		return err
	}
	rec := store.ActionRecord{GameID: t.gameID, Seq: t.seq + 1, Data: []byte(a.String()), At: at}
	if t.game.Over() {
		rec.Status = store.StatusFinished
		rec.Settle = t.settlement()
		rec.Deadline = &store.Deadline{}
	} else {
		dl := t.nextDeadline()
		rec.Deadline = &dl
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := t.b.store.AppendAction(ctx, rec, nil); err != nil {
		t.b.log.Error("storing an action", "table", t.id, "action", a.String(), "err", err)
		g, rerr := laro.Replay(t.game.Config(), t.seed, before)
		if rerr == nil {
			t.game = g
		}
		return errNotSaved
	}
	t.seq++
	t.describe(a, discarder)
	t.afterChange(a, at, false, actor)
	return nil
}

// describe adds the public event line for an action; discarder is who
// discarded the card a LARO! call takes, to name the seats it jumped.
func (t *laroTable) describe(a laro.Action, discarder int) {
	who := t.seats[a.ActionSeat()].mention()
	switch a := a.(type) {
	case laro.Draw:
		if a.FromDiscard {
			t.event(who + " took the discard.")
		} else {
			t.event(who + " drew from the deck.")
		}
	case laro.Discard:
		c := a.Card
		if top, ok := t.game.TopDiscard(); ok {
			c = top
		}
		t.event(fmt.Sprintf("%s discarded **%s**.", who, c.Symbol()))
	case laro.DeclareWin:
		t.event(who + " declared a win!")
	case laro.Call:
		laid := t.game.Laid(a.Seat)
		if a.Win || len(laid) == 0 {
			t.event(fmt.Sprintf("📣 %s called LARO! and won!", who))
		} else {
			t.event(fmt.Sprintf("📣 %s called LARO! and laid %s.", who, clusterText(laid[len(laid)-1])))
		}
		var jumped []string
		for j := (discarder + 1) % len(t.seats); j != a.Seat; j = (j + 1) % len(t.seats) {
			jumped = append(jumped, t.seats[j].mention())
		}
		if len(jumped) > 0 && !t.game.Over() {
			t.event(strings.Join(jumped, ", ") + " jumped.")
		}
	case laro.Forfeit:
		t.event(who + " missed three turns in a row and left the game.")
	}
}

func (t *laroTable) event(s string) {
	t.events = append(t.events, s)
	if len(t.events) > maxEvents {
		t.events = t.events[len(t.events)-maxEvents:]
	}
}

// turnTimer is how long a player has for a move.
func (t *laroTable) turnTimer() time.Duration {
	return time.Duration(t.settings.TurnTimerS) * t.b.opts.TurnTimerUnit
}

// nextDeadline is the turn timer of the seat to move (none for computers).
func (t *laroTable) nextDeadline() store.Deadline {
	if !t.playing() || t.seats[t.game.Turn()].Computer {
		return store.Deadline{}
	}
	return store.Deadline{At: time.Now().Add(t.turnTimer()), Kind: "turn"}
}

// afterChange moves the table on after a stored action: the game's end,
// the LARO! window on a fresh discard, timers, computer moves, messages.
func (t *laroTable) afterChange(a laro.Action, at time.Time, fresh bool, actor string) {
	if t.game.Over() {
		t.finish()
		t.refreshFresh(fresh, actor)
		return
	}
	if d, ok := a.(laro.Discard); ok && t.activeSeats() > 1 {
		card, _ := t.game.TopDiscard()
		t.openWindow(card, d.Seat, at)
	}
	t.armTurn()
	t.scheduleComputer()
	t.refreshFresh(fresh, actor)
}

func (t *laroTable) activeSeats() int {
	n := 0
	for i := range t.seats {
		if !t.game.Forfeited(i) {
			n++
		}
	}
	return n
}

// openWindow starts the LARO! window on a card discarded at D (the
// discard's snowflake time) and lets each computer seat decide whether it
// calls, stamped D + its reaction time.
func (t *laroTable) openWindow(card laro.Card, discarder int, d time.Time) {
	w := &claimWindow{card: card, discarder: discarder, at: d}
	t.window = w
	for s, st := range t.seats {
		if !st.Computer || s == discarder || t.game.Forfeited(s) {
			continue
		}
		if _, best, ok := laro.ChooseCall(laro.Computer{}, t.game.View(s)); ok {
			at := d.Add(t.b.opts.ComputerCall)
			t.act.after(time.Until(at), func() { t.computerCall(w, s, best, at) })
		}
	}
}

// armTurn (re)starts the turn timer of the seat to move.
func (t *laroTable) armTurn() {
	if t.stopTurn != nil {
		t.stopTurn()
	}
	dl := t.nextDeadline()
	t.deadline = dl.At
	if dl.At.IsZero() {
		return
	}
	seq := t.seq
	t.stopTurn = t.act.after(time.Until(dl.At), func() {
		if t.seq == seq && t.playing() {
			t.timeout()
		}
	})
}

// timeout plays for a person whose turn timer ran out, or, the third time
// in a row, removes them from the game.
func (t *laroTable) timeout() {
	if t.choice != nil || (t.window != nil && t.window.draw != nil) {
		return // the move is already on its way
	}
	s := t.game.Turn()
	t.timeouts[s]++
	if t.timeouts[s] >= 3 {
		if err := t.apply(laro.Forfeit{Seat: s}, time.Now(), ""); err != nil {
			t.armTurn()
		}
		return
	}
	t.event(fmt.Sprintf("⏱ %s ran out of time; a move was made for them.", t.seats[s].mention()))
	t.autoplay[s] = true
	t.playFor(s)
}

// playFor makes the computer player's move for seat s.
func (t *laroTable) playFor(s int) {
	a, ok := laro.Choose(laro.Computer{}, t.game.View(s))
	if !ok {
		return
	}
	if d, isDraw := a.(laro.Draw); isDraw {
		t.requestDraw(nil, s, time.Now(), d.FromDiscard)
		return
	}
	if err := t.apply(a, time.Now(), ""); err != nil {
		t.b.log.Warn("computer move failed", "table", t.id, "seat", s, "err", err)
		t.armTurn()
	}
}

// scheduleComputer lets a computer seat (or a player being played for
// after a timeout) move after a short, human-readable pause.
func (t *laroTable) scheduleComputer() {
	if !t.playing() || t.choice != nil {
		return
	}
	s := t.game.Turn()
	if !t.seats[s].Computer && !(t.autoplay[s] && t.game.Phase() != laro.PhaseDraw) {
		return
	}
	seq := t.seq
	t.act.after(t.b.opts.ComputerDelay, func() {
		if t.seq != seq || !t.playing() || t.choice != nil || (t.window != nil && t.window.draw != nil) {
			return
		}
		t.playFor(s)
		if !t.seats[s].Computer {
			t.autoplay[s] = false
		}
	})
}

// settlement is the chip movement and stats of a game that just ended.
func (t *laroTable) settlement() *store.Settlement {
	st := &store.Settlement{}
	winner, points, won := t.game.Winner()
	multi := len(t.seats) > 1
	for i, s := range t.seats {
		if s.Computer || !multi {
			continue
		}
		r := store.LaroResult{User: s.UserID, Won: won && winner == i}
		if r.Won {
			r.Points = points
		}
		st.Laro = append(st.Laro, r)
	}
	t.result = nil
	if !t.chipsMove() {
		return st
	}
	if !won {
		for _, s := range t.seats {
			if t.settings.Ante > 0 {
				st.Moves = append(st.Moves, store.ChipMove{User: s.UserID, Reason: store.ReasonRefund, Amount: t.settings.Ante})
			}
		}
		t.result = []string{"antes returned"}
		return st
	}
	deltas := laro.Settle(len(t.seats), winner, points, t.settings.Stake, t.settings.Ante)
	payout := t.pot
	for i, s := range t.seats {
		if i == winner {
			continue
		}
		if owed := t.settings.Stake * int64(points); owed > 0 {
			st.Moves = append(st.Moves, store.ChipMove{User: s.UserID, Reason: store.ReasonStake, Amount: owed})
			payout += owed
		}
	}
	if payout > 0 {
		st.Moves = append(st.Moves, store.ChipMove{User: t.seats[winner].UserID, Reason: store.ReasonPayout, Amount: payout})
	}
	for i, s := range t.seats {
		t.result = append(t.result, fmt.Sprintf("%s %+d", s.mention(), deltas[i]))
	}
	return st
}

// finish handles a game that just ended (its settlement is already stored).
func (t *laroTable) finish() {
	t.status = store.StatusFinished
	t.window, t.choice = nil, nil
	t.deadline = time.Time{}
	if t.stopTurn != nil {
		t.stopTurn()
	}
	t.pot = 0
	// Players are free to sit elsewhere; Play again seats them anew.
	for _, s := range t.seats {
		if !s.Computer {
			t.b.setLaroSeat(t.guild, s.UserID, "")
		}
	}
	t.armIdle(t.b.opts.LobbyTimeout)
}

// playAgain starts the next game at the table with the winner dealing.
func (t *laroTable) playAgain(ctx context.Context, in *Input) *Reply {
	if _, r := t.mySeat(in); r != nil {
		return r
	}
	if t.playing() {
		return ephemeralText("The next game is already running.")
	}
	for _, s := range t.seats {
		if s.Computer {
			continue
		}
		if other, ok := t.b.laroSeatOf(t.guild, s.UserID); ok && other != t.id {
			return ephemeralText(fmt.Sprintf("%s now sits at table **%s**, so this table cannot play again. Open a new one with `/laro new`.", s.mention(), other))
		}
	}
	next := t.settings
	next.GameNo++
	g, err := t.b.store.CreateGame(ctx, store.Game{
		TableID: t.id, Kind: store.KindLaro, Guild: t.guild, Channel: t.channel, Host: t.host,
		Settings: next.marshal(), Seats: storeSeats(t.seats), Status: store.StatusLobby,
	})
	if err != nil {
		t.b.log.Error("creating the next game", "table", t.id, "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	oldID, oldSettings, oldGame := t.gameID, t.settings, t.game
	// The finished game's message keeps its final state, without buttons.
	old := laroPublic(t.screen(-1)).withoutButtons()
	t.gameID, t.settings = g.ID, next
	for _, s := range t.seats {
		if !s.Computer {
			t.b.setLaroSeat(t.guild, s.UserID, t.id)
		}
	}
	if r := t.begin(ctx, in.At, oldGame.NextDealer()); r != nil {
		cancelled := store.StatusCancelled
		_, _ = t.b.store.UpdateGame(ctx, g.ID, store.GameUpdate{Status: &cancelled})
		t.gameID, t.settings, t.game = oldID, oldSettings, oldGame
		t.status = store.StatusFinished
		for _, s := range t.seats {
			t.b.setLaroSeat(t.guild, s.UserID, "")
		}
		return r
	}
	return updateMessage("", old.Embeds, old.Components)
}

// leaveAfterGame takes a player off the table between games.
func (t *laroTable) leaveAfterGame(ctx context.Context, in *Input) *Reply {
	i, r := t.mySeat(in)
	if r != nil {
		return r
	}
	if t.playing() {
		return ephemeralText("You cannot leave in the middle of a game.")
	}
	t.seats = append(append([]seat{}, t.seats[:i]...), t.seats[i+1:]...)
	t.b.setLaroSeat(t.guild, in.UserID, "")
	if seatOf(t.seats, "") == -1 && !hasHuman(t.seats) {
		t.close()
		t.out.SetPublic(laroPublic(t.screen(-1)).withoutButtons(), false)
		return ephemeralText("You left. Nobody is left at the table, so it has closed.")
	}
	if in.UserID == t.host {
		for _, s := range t.seats {
			if !s.Computer {
				t.host = s.UserID
				break
			}
		}
	}
	return ephemeralText(fmt.Sprintf("You left table **%s**.", t.id))
}

func hasHuman(seats []seat) bool {
	for _, s := range seats {
		if !s.Computer {
			return true
		}
	}
	return false
}

// screen builds the view model for seat (-1: the public table).
func (t *laroTable) screen(viewer int) laroScreen {
	return t.screenOf(t.game, viewer, t.settings)
}

func (t *laroTable) screenOf(g *laro.Game, viewer int, settings laroSettings) laroScreen {
	sc := laroScreen{
		TableID: t.id, GameNo: settings.GameNo, Version: int(t.seq), Seats: t.seats, Settings: settings,
		Pot: t.pot, View: g.View(viewer), Events: t.events, Deadline: t.deadline, Result: t.result,
	}
	if w := t.window; w != nil && g == t.game {
		close := w.close(settings.claimWindow())
		switch {
		case w.draw != nil:
			sc.Window = fmt.Sprintf("LARO! window on **%s** closes <t:%d:T>; %s's draw waits for it.", w.card.Symbol(), close.Unix(), t.seats[w.draw.seat].mention())
		default:
			sc.Window = fmt.Sprintf("LARO! can be called on **%s** (open until at least <t:%d:T>).", w.card.Symbol(), close.Unix())
		}
		if len(w.calls) > 0 {
			sc.Window += fmt.Sprintf(" %d call(s) in.", len(w.calls))
		}
		if viewer >= 0 && w.draw != nil && w.draw.seat == viewer {
			sc.Waiting = fmt.Sprintf("⏳ Your draw waits for the LARO! window on %s to close; your card appears here then.", w.card.Symbol())
		}
	}
	if c := t.choice; c != nil && c.seat == viewer && g == t.game {
		sc.Choice = c.options
	}
	return sc
}

// refresh redraws the table message and every open hand message except
// actor's (whose own click is answered directly).
func (t *laroTable) refresh(actor string) { t.refreshAll(false, actor, nil) }

func (t *laroTable) refreshFresh(fresh bool, actor string) { t.refreshAll(fresh, actor, nil) }

func (t *laroTable) refreshWith(notes map[string]string) { t.refreshAll(false, "", notes) }

func (t *laroTable) refreshAll(fresh bool, actor string, notes map[string]string) {
	if t.game == nil {
		return
	}
	t.out.SetPublic(laroPublic(t.screen(-1)), fresh)
	for user, h := range t.hands {
		if user == actor {
			continue
		}
		if time.Since(h.at) > tokenLife {
			delete(t.hands, user)
			continue
		}
		s := seatOf(t.seats, user)
		if s < 0 {
			continue
		}
		sc := t.screen(s)
		sc.Note = notes[user]
		t.out.SetEphemeral("hand:"+user, h.i, laroHand(sc))
	}
}
