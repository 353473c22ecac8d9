package outbox

import (
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/bot/ui"
)

// An Outbox sends a table's messages to Discord off the table's goroutine, so
// a slow or failing REST call never holds up the game. It keeps only the
// latest rendering of each message: a burst of changes becomes one edit.
//
// The public table message (and announcements) go through the process's
// pacer (package restpace), which keeps every table together under Discord's global rate
// limit; the table message is edited at most once per publicEvery (Discord
// also limits edits per channel, and players cannot read faster anyway).
// Hand messages are edited through the player's latest interaction token,
// each at once and on its own, since Discord limits those per token only.
type Outbox struct {
	session     *discordgo.Session
	log         *slog.Logger
	channelID   string
	publicEvery time.Duration
	pace        *restpace.Pacer
	sends       *sync.WaitGroup // hand edits in flight, for a clean stop
	postBucket  string          // discordgo's rate-limit buckets of this channel's posts
	editBucket  string          // and of its message edits

	mu         sync.Mutex
	public     *ui.Rendering  // latest unsent rendering of the table message
	newPublic  bool           // post a fresh message instead of editing
	urgent     bool           // send public without waiting for the table's pace (see Hurry)
	messageID  string         // the table message, once posted
	bound      *boundToken    // the freshest token that edits it (see token.go)
	behind     *boundToken    // the one bound to the message the table left behind (its lobby)
	start      *startToken    // the token that posts the next fresh one (see starttoken.go)
	announce   []broadcast    // one-off channel messages, posted in order
	closing    []closingCall  // calls that end a game's thread, made after everything else (see EndThread)
	closingDue bool           // a table message change went since closing was queued: closing goes next
	clicked    []*clickedEdit // redraws of clicked messages, held while their callbacks may land (see clicked.go)
	fences     fences         // messages with callbacks in flight (see clicked.go)
	retire     *ui.Rendering  // what the current table message becomes when a fresh one replaces it
	staleSince time.Time      // when the oldest urgent change not yet sent was made (zero: none)
	lastPublic time.Time
	backoff    time.Time              // no public call before this, after Discord refused one
	problem    func(lang.Lang) string // the last thing Discord refused us, in plain words of a reader (nil: nothing)
	refusals   int                    // how many calls Discord has refused
	hands      map[string]*handSlot
	attached   attachedFiles // the pictures the table message carries (see pictures.go)
	noPictures bool          // Discord refused a picture in this channel (see pictures.go)
	notices    noticeJobs    // the turn notice and thread members (see notice.go)
	reach      reach         // whether the table's place can still be reached (see unreachable.go)

	onPosted func(messageID string) // told when a fresh table message exists
}

// broadcast is a queued one-off channel message; sent, if not nil, is
// told the posted message's ID once Discord has accepted it.
type broadcast struct {
	r       ui.Rendering
	channel string // where the table was when it was queued
	sent    func(messageID string)
}

// New makes the outbox of a table whose message is messageID in channelID
// ("" before it exists), edited at most once every every; its calls bound
// by the global limit go through pace, and sends counts its hand edits in
// flight. onPosted, if not nil, is told each fresh table message's ID.
func New(s *discordgo.Session, log *slog.Logger, channelID, messageID string, every time.Duration,
	pace *restpace.Pacer, sends *sync.WaitGroup, onPosted func(string)) *Outbox {
	return &Outbox{
		session: s, log: log, channelID: channelID, messageID: messageID, publicEvery: every,
		pace: pace, sends: sends, hands: map[string]*handSlot{}, onPosted: onPosted,
		postBucket: discordgo.EndpointChannelMessages(channelID), editBucket: discordgo.EndpointChannelMessage(channelID, ""),
	}
}

// SetPublic replaces the table message's rendering; fresh asks for a new
// message (a new game or round) rather than an edit of the old one.
func (o *Outbox) SetPublic(r ui.Rendering, fresh bool) {
	o.mu.Lock()
	if o.reach.closed {
		o.mu.Unlock()
		return
	}
	o.public, o.reach.shown = &r, &r
	if fresh {
		o.newPublic = true
	} else if !o.newPublic {
		// Newer than a clicked redraw of the same message still queued.
		o.newerLocked(o.messageID, r)
	}
	o.staleLocked()
	o.mu.Unlock()
	o.mark()
}

// Hurry lets the table message's pending change go as soon as the global
// budget allows, without waiting for the table's pace: for a game's end,
// whose result and Play again button should not wait a second for a restart
// to lose them.
func (o *Outbox) Hurry() {
	o.mu.Lock()
	o.urgent = o.public != nil && !o.reach.closed
	o.mu.Unlock()
	o.mark()
}

// SetPublicLater replaces the table message's rendering with one that may
// wait: the pacer sends it when no table with an urgent change waits,
// or with the next urgent change of this table.
func (o *Outbox) SetPublicLater(r ui.Rendering) {
	o.mu.Lock()
	if o.reach.closed {
		o.mu.Unlock()
		return
	}
	o.public, o.reach.shown = &r, &r
	o.mu.Unlock()
	o.mark()
}

// Retire sets the final rendering the current table message gets when the
// next fresh one is posted, so an old round's message does not keep
// showing a turn and buttons that are gone.
func (o *Outbox) Retire(r ui.Rendering) {
	o.mu.Lock()
	if !o.reach.closed {
		o.retire = &r
	}
	o.mu.Unlock()
}

// Announce queues a one-off channel message (a round's summary). Queued
// messages are posted in order, before any table message queued after
// them, so the channel reads in the order things happened. sent, if not
// nil, is called off the table's goroutine with the posted message's ID
// once Discord has accepted it.
func (o *Outbox) Announce(r ui.Rendering, sent func(messageID string)) {
	o.mu.Lock()
	if o.reach.closed {
		o.mu.Unlock()
		return
	}
	o.announce = append(o.announce, broadcast{r: r, channel: o.channelID, sent: sent})
	o.staleLocked()
	o.mu.Unlock()
	o.mark()
}

// Problem returns, and forgets, what Discord last refused, in plain words
// of l.
func (o *Outbox) Problem(l lang.Lang) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	p := o.problem
	o.problem = nil
	if p == nil {
		return ""
	}
	return p(l)
}

// MessageID returns the ID of the current table message ("" before it exists).
func (o *Outbox) MessageID() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.messageID
}

// Clicked tells the outbox that someone clicked message messageID in channelID, a
// public message of the table. Before the outbox has read Discord's answer to its
// first post of the table message, that message can only be the one it posted: a busy
// machine may let the click reach the table first, and a game started from it would
// otherwise have no lobby to start its thread from or to give its last rendering.
func (o *Outbox) Clicked(channelID, messageID string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.messageID == "" && messageID != "" && channelID == o.channelID && !o.reach.closed {
		o.messageID = messageID
	}
}

// staleLocked notes that there is a change to send, if none was waiting.
func (o *Outbox) staleLocked() {
	if o.staleSince.IsZero() {
		o.staleSince = time.Now()
	}
}

// mark tells the pacer that the outbox has work.
func (o *Outbox) mark() { o.pace.Mark((*paced)(o)) }

// paced is the outbox as the pacer sees it (a restpace.Sender): the
// methods only the pacer calls stay off the outbox's own API.
type paced Outbox

func (p *paced) Due(now time.Time, force bool) (since, ready time.Time, ok bool) {
	return (*Outbox)(p).due(now, force)
}
func (p *paced) RouteWait() time.Duration      { return (*Outbox)(p).routeWait() }
func (p *paced) HoldUntil(at time.Time)        { (*Outbox)(p).holdUntil(at) }
func (p *paced) SendOne() (more, refused bool) { return (*Outbox)(p).sendOne() }

// due tells the pacer whether the outbox has public work (ok), since
// when its oldest unsent change waits, and when its next call may go:
// announcements and fresh messages at once, edits at the table's pace
// (force: at once too, as when the bot stops).
func (o *Outbox) due(now time.Time, force bool) (since, ready time.Time, ok bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	other := len(o.announce) > 0 || o.public != nil || len(o.closing) > 0 || o.noticeWorkLocked()
	clickedAt, clicked := o.clickedDueLocked(now, force)
	if o.reach.lost || !other && !clicked {
		o.staleSince = time.Time{}
		return time.Time{}, time.Time{}, false
	}
	ready = now
	post := len(o.announce) > 0 || o.newPublic || o.messageID == "" || o.public == nil
	if !post && !force && !o.urgent {
		every := o.publicEvery
		if o.tokenNextLocked(now) {
			every = o.tokenEvery()
		}
		ready = o.lastPublic.Add(every)
	}
	if post && len(o.announce) == 0 && o.public != nil && !force {
		if hold := o.startHeldLocked(now); hold.After(ready) {
			ready = hold // the start click's answer first: then its token posts it
		}
	}
	since = o.staleSince
	if o.noticeNextLocked() {
		ready, since = o.noticeDueLocked(now, ready, since)
	}
	if clicked && (!other || clickedAt.Before(ready)) {
		ready = clickedAt
	}
	if !force && o.backoff.After(ready) {
		ready = o.backoff
	}
	if since.IsZero() {
		since = now.Add(time.Hour) // only changes that may wait: after every urgent one
	}
	return since, ready, true
}

// holdUntil keeps the outbox's next call from going before at.
func (o *Outbox) holdUntil(at time.Time) {
	o.mu.Lock()
	if at.After(o.backoff) {
		o.backoff = at
	}
	o.mu.Unlock()
}

// routeWait is how long discordgo would wait before the outbox's next
// call, from the rate-limit headers Discord sent with the last answer on
// its channel's bucket (posts and edits per channel): a call started
// sooner would only sleep inside discordgo, holding a share of the global
// budget, and then go out in a burst with others.
func (o *Outbox) routeWait() time.Duration {
	o.mu.Lock()
	post := len(o.announce) > 0 || o.newPublic || o.messageID == ""
	bucket := o.editBucket
	if post {
		bucket = o.postBucket
	}
	if o.noticeFirstLocked(time.Now()) {
		bucket = o.noticeBucketLocked()
	}
	o.mu.Unlock()
	rl := o.session.Ratelimiter
	b := rl.GetBucket(bucket)
	if !b.TryLock() {
		return 10 * time.Millisecond // a call on it is in flight: its answer tells more
	}
	defer b.Unlock()
	return rl.GetWaitTime(b, 1)
}

// sendOne makes the outbox's next public call: an announcement, the retired
// message's last edit, or the table message. It reports whether more
// public work is left, and whether Discord refused this call.
func (o *Outbox) sendOne() (more, refused bool) {
	o.mu.Lock()
	refusals := o.refusals
	if o.reach.lost {
		o.mu.Unlock()
		return false, false
	}
	switch e := o.takeClickedLocked(time.Now()); {
	case e != nil:
		o.mu.Unlock()
		o.sendClicked(e)
	case len(o.announce) > 0:
		b := o.announce[0]
		o.announce = o.announce[1:]
		o.mu.Unlock()
		r := o.forChannel(b.r)
		m, err := o.session.ChannelMessageSendComplex(b.channel, &discordgo.MessageSend{
			Content: r.Content, Embeds: ui.RichEmbeds(r.Embeds), Components: r.Components, Files: r.DiscordFiles(),
		})
		if err != nil && o.refusedPictures(err, r) {
			r = withoutPictures(r)
			m, err = o.session.ChannelMessageSendComplex(b.channel, &discordgo.MessageSend{
				Content: r.Content, Embeds: ui.RichEmbeds(r.Embeds), Components: r.Components,
			})
		}
		if err == nil {
			o.reached(b.channel)
			if b.sent != nil {
				b.sent(m.ID)
			}
			break
		}
		switch o.refusedPlace(b.channel, err) {
		case refusalPassing:
			// It stays stored, and is posted again after a restart.
			o.noteProblem(err)
		case refusalThread:
			o.announceLater(b)
		}
	case o.noticeFirstLocked(time.Now()):
		o.sendNotice()
	case o.closingDue && len(o.closing) > 0:
		// Queued to go after the table message's pending change, which has gone:
		// a game whose table message changes at every pace tick would otherwise
		// keep its lobby showing Join and Start until the game ends.
		call := o.closing[0]
		o.closing = o.closing[1:]
		o.mu.Unlock()
		call.run()
	case o.public != nil && o.freshHeldLocked(time.Now()):
		// A game's fresh table message waits for the start click's answer
		// (due says until when). It can find the outbox due for other work
		// that was queued before the message was (the lobby's closing edit,
		// which goes after it): it is not sent early, through the channel.
		o.mu.Unlock()
	case o.public != nil:
		fresh := o.newPublic || o.messageID == ""
		msgID := o.messageID
		if fresh && msgID != "" && o.retire != nil {
			r := *o.retire
			o.retire = nil
			channel := o.channelID
			o.mu.Unlock()
			o.sendPublic(r, false, channel, msgID)
			break
		}
		r := *o.public
		o.public, o.newPublic, o.urgent = nil, false, false
		o.lastPublic = time.Now()
		o.closingDue = len(o.closing) > 0
		channel := o.channelID
		o.mu.Unlock()
		o.sendPublic(r, fresh, channel, msgID)
	case len(o.closing) > 0:
		call := o.closing[0]
		o.closing = o.closing[1:]
		o.mu.Unlock()
		call.run()
	case len(o.clicked) > 0:
		// Due only when the bot stops (force): held redraws go too.
		held := o.clicked[0]
		o.clicked = o.clicked[1:]
		o.mu.Unlock()
		o.sendClicked(held)
	default:
		o.mu.Unlock()
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.closingDue = o.closingDue && len(o.closing) > 0
	more = len(o.announce) > 0 || o.public != nil || len(o.closing) > 0 || o.noticeWorkLocked() || len(o.clicked) > 0
	if !more {
		o.staleSince = time.Time{}
	}
	if !o.noticeWorkLocked() {
		o.notices.since = time.Time{}
	}
	return more, o.refusals != refusals
}

// closingCall is a call queued to go after the table message's pending change
// (see EndThread, FinalEdit, EditKept): run makes it. msgID is the message it
// edits ("" for a post or an archive), which a token may still be bound to
// (the lobby's, after the game's start): then it goes outside the global limit.
type closingCall struct {
	msgID string
	run   func()
}
