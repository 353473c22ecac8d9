package main

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/internal/screen"
)

// seen is what the load generator keeps of one change a person saw, for
// the measurements made after the run.
type seen struct {
	at          time.Time
	msgID       string
	created     bool
	loading     bool     // a deferred answer's "thinking…" placeholder
	interaction string   // the interaction whose answer created the message
	ids         []string // the custom_ids it shows
	text        string   // what a public message shows (empty for private ones)
}

// table is one live table: a channel, its players, and what they have seen.
type table struct {
	no      int
	game    string // "laro" or "laus"
	ch      *discordtest.Channel
	players []*player // players[0] opens the table and hosts it

	// mu guards everything below and every player's state: one lock per
	// table, never held while calling the fake.
	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every change at the table
	public  map[string]*discordgo.Message
	order   []string // public message IDs, oldest first
	log     []seen   // every change of a public message
	changes []stateChange
}

// stateChange is a move that changes what the table message shows: a
// discarded card (Laro) or a card played (Laus).
type stateChange struct {
	by      *player
	clicked time.Time // the click was sent
	acked   time.Time // its callback reached Discord: the bot had made the move
	version int       // the hand version the move was made at
	// shows is the text the table message (of ID table: the game's, or in
	// Laus the round's) shows once it is drawn ("": not measured); handover,
	// whether the turn passes to another player.
	shows    string
	table    string
	handover bool
}

func newTable(no int, game string, ch *discordtest.Channel) *table {
	return &table{no: no, game: game, ch: ch, changed: make(chan struct{}), public: map[string]*discordgo.Message{}}
}

// observe records a change at this table: a public message, its card
// emojis read as text by plain (if not nil), or one of owner's ephemeral
// ones. It runs under the fake's lock.
func (t *table) observe(c discordtest.Change, owner *player, plain *strings.Replacer) {
	s := seen{at: c.At, msgID: c.Message.ID, created: c.Created, interaction: screen.InteractionOf(c.Message),
		loading: c.Message.Flags&discordgo.MessageFlagsLoading != 0, ids: discordtest.CustomIDs(c.Message)}
	t.mu.Lock()
	defer t.mu.Unlock()
	if owner == nil {
		s.text = screen.Text(c.Message)
		if plain != nil {
			s.text = plain.Replace(s.text)
		}
		t.log = append(t.log, s)
		t.order, t.public = track(t.order, t.public, c)
	} else {
		owner.log = append(owner.log, s)
		owner.order, owner.msgs = track(owner.order, owner.msgs, c)
		if screen.IsHand(c.Message) {
			owner.handChanged = c.At
		}
	}
	close(t.changed)
	t.changed = make(chan struct{})
}

// track applies a change to a set of latest message versions.
func track(order []string, msgs map[string]*discordgo.Message, c discordtest.Change) ([]string, map[string]*discordgo.Message) {
	id := c.Message.ID
	switch {
	case c.Deleted:
		delete(msgs, id)
		for i, x := range order {
			if x == id {
				order = append(order[:i:i], order[i+1:]...)
				break
			}
		}
	case c.Created:
		order = append(order, id)
		msgs[id] = c.Message
	default:
		if _, ok := msgs[id]; ok {
			msgs[id] = c.Message
		}
	}
	return order, msgs
}

// newestLocked returns the newest message among order for which ok holds,
// or nil.
func newestLocked(order []string, msgs map[string]*discordgo.Message, ok func(*discordgo.Message) bool) *discordgo.Message {
	for i := len(order) - 1; i >= 0; i-- {
		if m := msgs[order[i]]; ok(m) {
			return m
		}
	}
	return nil
}

// withVerb matches a message offering a component with verb.
func withVerb(verb string) func(*discordgo.Message) bool {
	return func(m *discordgo.Message) bool { _, ok := screen.Find(m, verb); return ok }
}

// tableMessageLocked returns the newest public message offering verb:
// "join" for the lobby, "hand" for the running game, "again" for one that
// is over.
func (t *table) tableMessageLocked(verb string) *discordgo.Message {
	return newestLocked(t.order, t.public, withVerb(verb))
}

// wait blocks until cond (run with t.mu held) holds, ctx ends or timeout
// passes, and reports whether cond held.
func (t *table) wait(ctx context.Context, timeout time.Duration, cond func() bool) bool {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		t.mu.Lock()
		ok, ch := cond(), t.changed
		t.mu.Unlock()
		if ok {
			return true
		}
		select {
		case <-ch:
		case <-deadline.C:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

// player is a virtual person seated at a table.
type player struct {
	t    *table
	u    *discordtest.User
	host bool

	// Guarded by t.mu.
	msgs        map[string]*discordgo.Message // their ephemeral messages, latest versions
	order       []string                      // oldest first
	log         []seen                        // every change of their ephemeral messages
	handChanged time.Time                     // when a hand message of theirs last changed

	// Only the player's own goroutine touches these.
	clicks  []click
	acted   int             // the hand version of their last move
	actedOn string          // the title of the hand it was made on
	called  map[string]bool // the discards they called LARO! on or drew while it was open
	skats   int             // Laus skat decisions made
	nudged  time.Time       // when they last opened or refreshed a hand, or started a game
	calling string          // the discard their last LARO! call was on
}

func newPlayer(t *table, u *discordtest.User, host bool) *player {
	return &player{t: t, u: u, host: host, msgs: map[string]*discordgo.Message{}, acted: -1, called: map[string]bool{}}
}

// handLocked returns the player's newest hand message, or nil.
func (p *player) handLocked() *discordgo.Message {
	return newestLocked(p.order, p.msgs, screen.IsHand)
}
