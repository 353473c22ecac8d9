package main

// The soak test's virtual players. Each one acts only on what Discord shows
// them, read with package screen as the load test's players do: the table
// message in the channel, and their own ephemeral hand message. Unlike the
// load test's, they expect the bot to vanish at any moment: a click that
// gets no answer is simply not counted, and a player whose turn the table
// shows but whose hand offers nothing opens a fresh hand, as a person does.

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/internal/screen"
)

// stuck is how long a player whose turn it is waits for their hand to offer
// a move before opening a fresh one.
const stuck = 1500 * time.Millisecond

// closedAfter is how long no message of the table may offer a button before
// a player who is done takes the table for closed. Between two games there
// can be a moment with none (the last game's message has lost its buttons,
// the next one's is on its way): a player who left then, in a test of
// restarts and faults, stalled the next match that had them seated.
const closedAfter = 5 * time.Second

// soakTable is one table: a channel, its game and its players.
type soakTable struct {
	no      int
	game    string // "laro" or "laus"
	ch      *discordtest.Channel
	players []*soakPlayer // players[0] opens and hosts it
	// moved counts the moves the bot acknowledged at the table and the
	// games its players saw end: how the test tells a slow game from a
	// stuck one (see soakWorld.awaitDrain).
	moved atomic.Int64
}

// ackedMove is a click whose answer showed the bot had accepted it: what
// must be in the game's log afterwards.
type ackedMove struct {
	user    string
	tableID string // from the button's custom_id
	game    int    // the game (Laro) or match (Laus) number the hand showed
	verb    string // the custom_id's verb: draw, discard, win, lay, laro, look, pass, play
	arg     string // the custom_id's argument (a card, a pile), if any
	values  []string
	version int // the state version the button was drawn for
	waiting bool
}

func (a ackedMove) String() string {
	return fmt.Sprintf("%s %s %v by <@%s> at version %d of table %s game %d (draw waiting: %v)",
		a.verb, a.arg, a.values, a.user, a.version, a.tableID, a.game, a.waiting)
}

// soakPlayer is one virtual person at a table. Only its own goroutine
// touches its fields, until play returns.
type soakPlayer struct {
	t    *soakTable
	u    *discordtest.User
	host bool

	acked   []ackedMove
	clicks  int
	waited  time.Duration // in clicks, from sending to the answer
	lost    int           // clicks with no answer: the bot was down or restarting
	acted   int           // the hand version of their last move
	actedOn string
	// actedVerb is their last move's verb: a hand at the same version that
	// offers another kind of move is new to them (after a restart, a LARO!
	// window settled again offers its winner the cluster to lay at the
	// version of the draw that waited for it).
	actedVerb string
	retryAt   time.Time // a move that was not taken may be tried again from then
	nudged    time.Time
	called    map[string]bool // LARO! windows they called on or drew in
	skats     int
	games     int       // games they saw end
	ended     time.Time // when they last saw one end
	// gone is set once they stopped playing; leaving is what their last
	// Leave click was answered (for a stalled test's message).
	gone    atomic.Bool
	leaving atomic.Value
}

func newSoakPlayer(t *soakTable, u *discordtest.User, host bool) *soakPlayer {
	return &soakPlayer{t: t, u: u, host: host, acted: -1, called: map[string]bool{}}
}

// current returns the table's newest public message offering My hand (a
// game on) or Play again (a game over), or nil.
func (t *soakTable) current() *discordgo.Message {
	ms := t.ch.Messages()
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		if _, ok := screen.Find(m, "hand"); ok {
			return m
		}
		if _, ok := screen.Find(m, "again"); ok {
			return m
		}
	}
	return nil
}

// hand returns the player's newest hand message, or nil.
func (p *soakPlayer) hand() *discordgo.Message {
	ms := p.u.Ephemeral()
	for i := len(ms) - 1; i >= 0; i-- {
		if screen.IsHand(ms[i]) {
			return ms[i]
		}
	}
	return nil
}

// play acts until ctx ends, or until play has stopped (more reports false)
// and the player has left the table after a game.
func (p *soakPlayer) play(ctx context.Context, more func() bool) {
	defer p.gone.Store(true)
	var overSeen string
	var bare time.Time // since when no message of the table has had buttons
	for ctx.Err() == nil {
		table := p.t.current()
		if table == nil {
			if bare.IsZero() {
				bare = time.Now()
			}
			if !more() && p.games > 0 && time.Since(bare) > closedAfter {
				// The table has closed (its message has no buttons left):
				// everyone left it, this player too, though the answer to
				// their Leave was lost.
				return
			}
			p.pause(ctx)
			continue
		}
		bare = time.Time{}
		if b, over := screen.Find(table, "again"); over {
			if overSeen != table.ID+table.Embeds[0].Title {
				overSeen = table.ID + table.Embeds[0].Title
				p.games++
				p.ended = time.Now()
				p.t.moved.Add(1)
			}
			if !more() {
				if p.leave(table) {
					return
				}
				p.pause(ctx)
				continue
			}
			// The host asks for the next game; the others say they are in.
			if (p.host || screen.AsksWhoIsIn(b)) && time.Since(p.nudged) > stuck {
				p.nudged = time.Now()
				p.click(table, b, nil, false)
			}
			p.pause(ctx)
			continue
		}
		hand := p.hand()
		if hand == nil || tableOf(hand) != tableOf(table) || gameNo(hand.Embeds[0].Title) != gameNo(table.Embeds[0].Title) {
			p.nudge(table)
			p.pause(ctx)
			continue
		}
		var msg *discordgo.Message
		var b screen.Button
		var values []string
		var ok bool
		if p.t.game == "laro" {
			msg, b, ok = p.laroMove(table, hand)
		} else {
			msg, b, values, ok = p.lausMove(hand)
		}
		if ok {
			if screen.IsMove(b.Verb) {
				p.acted, p.actedOn, p.actedVerb = b.Turn, hand.Embeds[0].Title, b.Verb
			}
			p.click(msg, b, values, true)
			continue
		}
		if screen.MyTurn(table, p.u.Name()) {
			p.nudge(table)
		}
		p.pause(ctx)
	}
}

// leave clicks Leave table on a finished game's message, as a person who
// is done playing does, and reports whether they are off the table. Only
// the bot knows whether the next game has started: an I'm in clicked
// while play went on may reach it after the screen was read (slow under
// load, or replayed after a gateway cut), and then Leave is refused ("The
// next game is already running") and the player plays that game. Reading
// the screen alone, the host used to stop while such a game began, and it
// stayed unplayed ("laus game … is playing at the end").
func (p *soakPlayer) leave(table *discordgo.Message) bool {
	b, ok := screen.Find(table, "leave")
	if !ok {
		p.leaving.Store("no Leave button on " + table.ID)
	}
	if !ok || time.Since(p.nudged) < stuck {
		return false
	}
	p.nudged = time.Now()
	p.clicks++
	r, err := p.u.Click(table, b.ID)
	if err != nil {
		p.lost++
		return false
	}
	cb, err := r.Wait()
	shown := cb.Message
	if err == nil && cb.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		shown, err = r.WaitEdited(1, 15*time.Second)
	}
	if err != nil || shown == nil {
		p.lost++ // no answer: click again
		p.leaving.Store(fmt.Sprintf("no answer to Leave: %v", err))
		return false
	}
	text := screen.Text(shown)
	p.leaving.Store("Leave answered: " + text)
	return strings.Contains(text, "You left") || strings.Contains(text, "not seated") || strings.Contains(text, "has closed")
}

func (p *soakPlayer) pause(ctx context.Context) {
	select {
	case <-ctx.Done():
	case <-time.After(20 * time.Millisecond):
	}
}

// nudge opens a fresh hand from the table message, at most once per stuck.
func (p *soakPlayer) nudge(table *discordgo.Message) {
	if time.Since(p.nudged) < stuck {
		return
	}
	if b, ok := screen.Find(table, "hand"); ok {
		p.nudged = time.Now()
		p.click(table, b, nil, false)
	}
}

// fresh reports whether hand offers a move the player has not made yet.
func (p *soakPlayer) fresh(hand *discordgo.Message) bool {
	v := screen.MoveVersion(hand)
	return v >= 0 && (hand.Embeds[0].Title != p.actedOn || v > p.acted || p.offersOther(hand)) && time.Now().After(p.retryAt)
}

// offersOther reports whether hand offers a move of another kind than the
// player's last one.
func (p *soakPlayer) offersOther(hand *discordgo.Message) bool {
	for _, b := range screen.Buttons(hand) {
		if screen.IsMove(b.Verb) && b.Verb != p.actedVerb {
			return true
		}
	}
	return false
}

// notTaken lets the player make a move again that got no answer (the bot
// was down) or was refused, after a moment, as a person clicks again.
func (p *soakPlayer) notTaken() {
	p.acted, p.actedOn, p.actedVerb = -1, "", ""
	p.retryAt = time.Now().Add(300 * time.Millisecond)
}

// laroMove decides a Laro click as the load test's players do: lay, win or
// discard when the hand offers it, LARO! when the computer player would
// call on the open discard, else draw.
func (p *soakPlayer) laroMove(table, hand *discordgo.Message) (*discordgo.Message, screen.Button, bool) {
	fresh := p.fresh(hand)
	if fresh {
		if b, ok := screen.Find(hand, "lay"); ok {
			return hand, b, true
		}
		if b, ok := screen.Find(hand, "win"); ok {
			return hand, b, true
		}
		if b, _, ok := screen.LaroDiscard(hand); ok {
			return hand, b, true
		}
	}
	key, top, discarder, open := screen.LaroWindow(table)
	waiting := strings.Contains(screen.Description(hand), "Your draw waits")
	if open && discarder != screen.Named(p.u.Name()) && !p.called[key] && !waiting && screen.HandTop(hand) == top {
		if b, ok := screen.Find(table, "laro"); ok && screen.LaroWantsCall(hand, top) {
			p.called[key] = true
			return table, b, true
		}
	}
	if !fresh {
		return nil, screen.Button{}, false
	}
	b, ok := screen.LaroDraw(hand)
	if ok && open {
		p.called[key] = true
	}
	return hand, b, ok
}

// lausMove decides a Laus click as the load test's players do: look at the
// skat (passing every third time), lay back the first two cards offered,
// play the first card allowed.
func (p *soakPlayer) lausMove(hand *discordgo.Message) (*discordgo.Message, screen.Button, []string, bool) {
	if !p.fresh(hand) {
		return nil, screen.Button{}, nil, false
	}
	if look, ok := screen.Find(hand, "look"); ok {
		p.skats++
		if pass, ok := screen.Find(hand, "pass"); ok && p.skats%3 == 0 {
			return hand, pass, nil, true
		}
		return hand, look, nil, true
	}
	if lay, ok := screen.Find(hand, "lay"); ok {
		if values := screen.FirstTwo(hand, lay.ID); values != nil {
			return hand, lay, values, true
		}
	}
	if play, ok := screen.Find(hand, "play"); ok {
		return hand, play, nil, true
	}
	return nil, screen.Button{}, nil, false
}

// click presses b on m (choosing values from a menu if not nil) and waits
// for the answer; a move whose answer shows it accepted is recorded.
func (p *soakPlayer) click(m *discordgo.Message, b screen.Button, values []string, move bool) {
	p.clicks++
	defer func(start time.Time) { p.waited += time.Since(start) }(time.Now())
	var r *discordtest.Response
	var err error
	if values != nil {
		r, err = p.u.Select(m, b.ID, values)
	} else {
		r, err = p.u.Click(m, b.ID)
	}
	if err != nil {
		p.lost++
		p.notTaken()
		return
	}
	cb, err := r.Wait()
	if err != nil {
		p.lost++
		p.notTaken()
		return
	}
	shown := cb.Message
	if cb.Type == discordgo.InteractionResponseDeferredMessageUpdate || cb.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		// "Thinking…" says nothing yet: the answer is the edit that follows.
		if shown, err = r.WaitEdited(1, 15*time.Second); err != nil {
			p.lost++
			p.notTaken()
			return
		}
	}
	if !move {
		return
	}
	a, ok := accepted(m, b, values, shown)
	if !ok {
		p.notTaken()
		return
	}
	a.user = p.u.ID()
	p.acked = append(p.acked, a)
	p.t.moved.Add(1)
}

// Refusal notes: a hand answered with one of these did not take the move.
var refusals = []string{"⚠️", "is over", "Wait:", "computer is playing", "restarting", "busy"}

// accepted decides from the answer to a move click whether the bot took the
// move. The bot stores a move before it answers (DESIGN: event-sourced
// tables), and answers an accepted hand move with the player's hand and no
// refusal note, a LARO! call with "Your LARO! … is in". Anything else (a
// refusal, a stale-button notice, an ephemeral error) counts as not taken.
// Erring towards "accepted" is safe: the check afterwards then looks for a
// move the bot may not have made, and fails loudly rather than hiding one.
func accepted(clicked *discordgo.Message, b screen.Button, values []string, shown *discordgo.Message) (ackedMove, bool) {
	parts := strings.Split(b.ID, "/")
	a := ackedMove{tableID: parts[2], verb: b.Verb, arg: b.Arg, values: values, version: b.Turn}
	if shown == nil || len(shown.Embeds) == 0 && shown.Content == "" {
		return a, false
	}
	if b.Verb == "laro" {
		// The LARO! button carries the game number, not a version: the
		// answer names the discard called on.
		m := callIn.FindStringSubmatch(screen.Text(shown))
		if m == nil {
			return a, false
		}
		c, err := laro.ParseCard(m[1])
		if err != nil {
			return a, false
		}
		a.game, a.arg, a.version = gameNo(clicked.Embeds[0].Title), c.String(), -1
		return a, true
	}
	if !screen.IsHand(shown) {
		return a, false
	}
	note := screen.Description(shown)
	for _, r := range refusals {
		if strings.Contains(note, r) {
			return a, false
		}
	}
	a.game = gameNo(clicked.Embeds[0].Title)
	a.waiting = strings.Contains(note, "Your draw waits")
	return a, true
}

// callIn matches the answer to an accepted LARO! call.
var callIn = regexp.MustCompile(`Your LARO! on (\S+) is in`)

// tableOf returns the "table <id>" part of a table or hand message title.
func tableOf(m *discordgo.Message) string {
	if m == nil || len(m.Embeds) == 0 {
		return "\x00"
	}
	for _, part := range strings.Split(m.Embeds[0].Title, " · ") {
		if strings.HasPrefix(part, "table ") {
			return part
		}
	}
	return "\x00"
}

// gameNo reads the game (Laro) or match (Laus) number from a title.
func gameNo(title string) int {
	for _, part := range strings.Split(title, " · ") {
		var n int
		if _, err := fmt.Sscanf(part, "game %d", &n); err == nil {
			return n
		}
		if _, err := fmt.Sscanf(part, "match %d", &n); err == nil {
			return n
		}
	}
	return 0
}

// crowdOf runs every player of tables until ctx ends or, once more reports
// false, every player has left their table after its last game; it returns
// when all have stopped.
func crowdOf(ctx context.Context, tables []*soakTable, more func() bool) {
	var wg sync.WaitGroup
	for _, t := range tables {
		for _, p := range t.players {
			wg.Go(func() { p.play(ctx, more) })
		}
	}
	wg.Wait()
}
