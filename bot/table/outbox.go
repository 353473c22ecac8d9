package table

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/cardbot/cardbot/bot/ui"

	"github.com/bwmarrin/discordgo"
)

// An Outbox sends a table's messages to Discord off the table's goroutine, so a
// slow or failing REST call never holds up the game. It keeps only the latest
// ui.Rendering of each message: a burst of changes becomes one edit.
//
// The public table message is edited at most once per publicEvery (Discord
// rate-limits channel edits and players cannot read faster anyway). Hand
// messages are edited through the player's latest interaction token.
type Outbox struct {
	session     *discordgo.Session
	log         *slog.Logger
	channelID   string
	publicEvery time.Duration

	mu         sync.Mutex
	public     *ui.Rendering // latest unsent ui.Rendering of the table message
	newPublic  bool          // post a fresh message instead of editing
	messageID  string        // the table message, once posted
	hands      map[string]handEdit
	announce   []broadcast   // one-off channel messages, posted in order
	retire     *ui.Rendering // what the current table message becomes when a fresh one replaces it
	wake       chan struct{}
	lastPublic time.Time
	problem    string // the last thing Discord refused us, in plain words

	onPosted func(messageID string) // told when a fresh table message exists
}

// broadcast is a queued one-off channel message; sent, if not nil, is
// told the posted message's ID once Discord has accepted it.
type broadcast struct {
	r    ui.Rendering
	sent func(messageID string)
}

// handEdit is a pending edit of one player's ephemeral hand message.
type handEdit struct {
	interaction *discordgo.Interaction // carries the app ID and token
	view        ui.Rendering
}

func newOutbox(s *discordgo.Session, log *slog.Logger, channelID, messageID string, every time.Duration, onPosted func(string)) *Outbox {
	return &Outbox{
		session: s, log: log, channelID: channelID, messageID: messageID, publicEvery: every,
		hands: map[string]handEdit{}, wake: make(chan struct{}, 1), onPosted: onPosted,
	}
}

// SetPublic replaces the table message's rendering; fresh asks for a new
// message (a new game or round) rather than an edit of the old one.
func (o *Outbox) SetPublic(r ui.Rendering, fresh bool) {
	o.mu.Lock()
	o.public = &r
	if fresh {
		o.newPublic = true
	}
	o.mu.Unlock()
	o.poke()
}

// Retire sets the final ui.Rendering the current table message gets when the
// next fresh one is posted, so an old round's message does not keep
// showing a turn and buttons that are gone.
func (o *Outbox) Retire(r ui.Rendering) {
	o.mu.Lock()
	o.retire = &r
	o.mu.Unlock()
}

// SetEphemeral replaces the ui.Rendering of an ephemeral message edited through
// an interaction token: a player's hand, or their answer to a LARO! call.
// key names the message, so a newer ui.Rendering of it replaces an older one.
func (o *Outbox) SetEphemeral(key string, i *discordgo.Interaction, r ui.Rendering) {
	o.mu.Lock()
	o.hands[key] = handEdit{interaction: i, view: r}
	o.mu.Unlock()
	o.poke()
}

// Announce queues a one-off channel message (a round's summary). Queued
// messages are posted in order, before any table message queued after
// them, so the channel reads in the order things happened. sent, if not
// nil, is called on the outbox's goroutine with the posted message's ID
// once Discord has accepted it.
func (o *Outbox) Announce(r ui.Rendering, sent func(messageID string)) {
	o.mu.Lock()
	o.announce = append(o.announce, broadcast{r: r, sent: sent})
	o.mu.Unlock()
	o.poke()
}

// Problem returns, and forgets, what Discord last refused, in plain words.
func (o *Outbox) Problem() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	p := o.problem
	o.problem = ""
	return p
}

// MessageID returns the ID of the current table message ("" before it exists).
func (o *Outbox) MessageID() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.messageID
}

func (o *Outbox) poke() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// run sends pending renderings until ctx ends, then sends what is left once.
func (o *Outbox) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			o.flush(true)
			return
		case <-o.wake:
		}
		if wait := o.flush(false); wait > 0 {
			// The public message is due later; wake up then.
			go func() {
				select {
				case <-time.After(wait):
					o.poke()
				case <-ctx.Done():
				}
			}()
		}
	}
}

// flush sends every due ui.Rendering and returns how long until the public
// message may be edited again, if an edit is still pending.
func (o *Outbox) flush(force bool) time.Duration {
	o.mu.Lock()
	hands := o.hands
	o.hands = map[string]handEdit{}
	announce := o.announce
	o.announce = nil
	var pub *ui.Rendering
	fresh := false
	var wait time.Duration
	if o.public != nil {
		if since := time.Since(o.lastPublic); force || o.newPublic || since >= o.publicEvery {
			pub, fresh = o.public, o.newPublic || o.messageID == ""
			o.public, o.newPublic = nil, false
			o.lastPublic = time.Now()
		} else {
			wait = o.publicEvery - since
		}
	}
	msgID := o.messageID
	var retire *ui.Rendering
	if fresh && msgID != "" {
		retire, o.retire = o.retire, nil
	}
	o.mu.Unlock()

	for user, h := range hands {
		o.sendHand(user, h)
	}
	for _, a := range announce {
		r := a.r
		m, err := o.session.ChannelMessageSendComplex(o.channelID, &discordgo.MessageSend{
			Content: r.Content, Embeds: r.Embeds, Components: r.Components,
		})
		if err != nil {
			// The same facts stay in the scoreboard, and a table that
			// stored the announcement posts it after a restart.
			o.noteProblem(err)
			continue
		}
		if a.sent != nil {
			a.sent(m.ID)
		}
	}
	if retire != nil {
		o.sendPublic(*retire, false, msgID)
	}
	if pub != nil {
		o.sendPublic(*pub, fresh, msgID)
	}
	return wait
}

func (o *Outbox) sendHand(user string, h handEdit) {
	comps := h.view.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	embeds := h.view.Embeds
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	err := EditOriginal(o.session, h.interaction, &discordgo.WebhookEdit{
		Content: &h.view.Content, Embeds: &embeds, Components: &comps,
	})
	if err != nil {
		// An expired token or a dismissed message: the player reopens their
		// hand from the table's "My hand" button, so nothing is lost.
		o.log.Debug("could not update a hand message", "user", user, "err", err)
	}
}

func (o *Outbox) sendPublic(r ui.Rendering, fresh bool, msgID string) {
	if !fresh {
		comps := r.Components
		if comps == nil {
			comps = []discordgo.MessageComponent{}
		}
		_, err := o.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
			ID: msgID, Channel: o.channelID, Content: &r.Content, Embeds: &r.Embeds, Components: &comps,
		})
		if err == nil {
			return
		}
		if restCode(err) != discordgo.ErrCodeUnknownMessage {
			o.noteProblem(err)
			o.retryLater(r, false)
			return
		}
		// Someone deleted the table message: post it again below.
	}
	m, err := o.session.ChannelMessageSendComplex(o.channelID, &discordgo.MessageSend{
		Content: r.Content, Embeds: r.Embeds, Components: r.Components,
	})
	if err != nil {
		o.noteProblem(err)
		o.retryLater(r, true)
		return
	}
	o.mu.Lock()
	o.messageID = m.ID
	o.mu.Unlock()
	if o.onPosted != nil {
		o.onPosted(m.ID)
	}
}

// retryLater keeps a ui.Rendering that could not be sent, unless a newer one
// has arrived meanwhile, so the table re-posts as soon as Discord lets it.
func (o *Outbox) retryLater(r ui.Rendering, fresh bool) {
	o.mu.Lock()
	if o.public == nil {
		o.public = &r
	}
	o.newPublic = o.newPublic || fresh
	// Back off: do not hammer a channel we may not write to.
	o.lastPublic = time.Now().Add(10 * o.publicEvery)
	o.mu.Unlock()
}

func (o *Outbox) noteProblem(err error) {
	msg := "Discord refused to show the table message: " + err.Error()
	switch restCode(err) {
	case discordgo.ErrCodeMissingPermissions, discordgo.ErrCodeMissingAccess:
		msg = "cardbot cannot post or edit the table message in this channel. Give it the **View Channel**, " +
			"**Send Messages**, **Embed Links** and **Read Message History** permissions here; the table is kept " +
			"and its message comes back as soon as it can."
	}
	o.log.Warn("table message not sent", "channel", o.channelID, "err", err)
	o.mu.Lock()
	o.problem = msg
	o.mu.Unlock()
}

// restCode returns Discord's JSON error code of a failed REST call, or 0.
func restCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		if re.Message != nil {
			return re.Message.Code
		}
		if re.Response != nil && re.Response.StatusCode == http.StatusNotFound {
			return discordgo.ErrCodeUnknownMessage
		}
	}
	return 0
}
