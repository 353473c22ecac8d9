package table

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/store"
)

// Turn notices. A turn change edits the table message, and Discord notifies
// nobody of an edit, nor of a mention inside an embed: a player who looked
// away misses their turn timer. So when a person's turn starts and they have
// not moved within the server's delay (turn_notice, default 10 s), the table
// posts one short channel message that pings them alone and says what to
// press; it is deleted as soon as they move or the turn passes. A table
// has at most one notice at a time, and it goes through the outbox and the
// pacer (package restpace) like the table message, within the same global budget.
//
// Choices made where the issue is silent:
//   - A person who moves again right after their own move (a Laro discard
//     after the draw, a Laus trick winner who leads) is not pinged: they
//     are at the table. The notice of a turn ends with their first move.
//   - The delay counts from the turn's start on the actor's timer; opening
//     🃏 My hand is not a move and does not withdraw the notice.
//   - The setting is read from the server's settings once per game, so a
//     change applies from each table's next game on.
//   - A notice left in the channel by a restart is not deleted: the new
//     process does not know it (it is not stored), and it is harmless.
//   - With notices off, a player whose hand stopped updating (issue 26) is
//     still told so, in the table message's recent events.

// Turn notice setting: seconds after a turn starts; TurnNoticeOff turns
// the notices off.
const (
	DefaultTurnNoticeS = 10
	TurnNoticeOff      = -1
)

// turnNoticeChoices are the values /cardbot settings offers, in seconds.
var turnNoticeChoices = []int64{TurnNoticeOff, 0, 5, 10, 20, 30, 60}

// TurnNoticeOption is the turn_notice option of /cardbot settings: a fixed
// list, so a phone user picks instead of typing.
func TurnNoticeOption() *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "turn_notice"}
	for _, v := range turnNoticeChoices {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: TurnNoticeText(lang.English, v), Value: v})
	}
	return o
}

// CheckTurnNotice says in l why v is not a turn_notice value, or returns "".
func CheckTurnNotice(l lang.Lang, v int64) string {
	for _, c := range turnNoticeChoices {
		if v == c {
			return ""
		}
	}
	return l.T("table.notice.check")
}

// TurnNoticeText says a turn_notice value in words, in l.
func TurnNoticeText(l lang.Lang, v int64) string {
	switch {
	case v < 0:
		return l.T("table.notice.off")
	case v == 0:
		return l.T("table.notice.at_once")
	}
	return l.T("table.notice.after", "S", v)
}

// turnNotice is a table's notice state; it belongs to the actor.
type turnNotice struct {
	key    string          // the turn last told of (NoticeTurn); "" before any
	seat   int             // whose turn that is (-1: nobody's to ping)
	stop   func() bool     // stops the timer of a notice not yet posted
	posted bool            // a notice of this turn went to the outbox
	clock  time.Time       // the newest click's snowflake time: game time (see gameNow)
	lapsed map[string]bool // people whose hand the table forgot when its token ran out

	game  string        // the game whose setting is below
	delay time.Duration // the server's delay for that game
	off   bool          // the server turned notices off
}

// NoticeTurn tells the table whose turn it is after a change of its game:
// seat is the person to move (-1 for nobody to ping: a computer, a seat the
// computer keeps, a game over), and key names the game's position, so a
// call with an unchanged key (a timer re-armed) changes nothing. A new
// position withdraws the previous notice and, for a person whose turn just
// began, arms the next one. It runs on the table's actor.
func (c *Core) NoticeTurn(seat int, key string) {
	n := &c.notice
	if key == n.key {
		return
	}
	prev, had := n.seat, n.key != ""
	c.withdrawNotice()
	n.key, n.seat = key, seat
	if seat < 0 || seat >= len(c.Seats) || c.Seats[seat].Computer || c.Status != store.StatusPlaying {
		n.seat = -1
		return
	}
	if had && prev == seat {
		return // they just moved: they are here
	}
	delay, off := c.noticeDelay()
	if off {
		// No ping, but a hand that stopped updating is still worth a word:
		// the table's recent events say it.
		if s := c.Seats[seat]; c.handLapsing(s.UserID) {
			c.Event(c.Lang.T("table.notice.lapsed_event", "Name", s.Label()))
		}
		return
	}
	n.stop = c.Act.After(delay, func() {
		if c.notice.key == key && c.Status == store.StatusPlaying {
			c.postNotice(seat)
		}
	})
}

// EndNotices withdraws the table's notice when its game ends.
func (c *Core) EndNotices() {
	c.withdrawNotice()
	c.notice.key, c.notice.seat = "", -1
}

// withdrawNotice stops a notice's timer and deletes a posted notice.
func (c *Core) withdrawNotice() {
	n := &c.notice
	if n.stop != nil {
		n.stop()
		n.stop = nil
	}
	if n.posted {
		c.Out.WithdrawNotice()
		n.posted = false
	}
}

// postNotice queues the notice of seat's turn.
func (c *Core) postNotice(seat int) {
	user := c.Seats[seat].UserID
	lapsing := c.handLapsing(user)
	title, l := c.Title, c.Lang
	c.notice.posted, c.notice.stop = true, nil
	c.Out.PostNotice(c.Guild, user, func(jump string) string { return NoticeText(l, user, title, jump, lapsing) })
}

// NoticeText is a turn notice, in l (the table's: the notice is a channel
// message): short enough for a phone's notification, naming the button to
// press. lapsing says the player's open hand stops updating before their
// turn ends (Discord lets an interaction's message be edited for 15
// minutes only), so they must open a fresh one.
func NoticeText(l lang.Lang, user, game, jump string, lapsing bool) string {
	if lapsing {
		return l.T("table.notice.ping_lapsing", "User", user, "Game", game, "Jump", jump)
	}
	return l.T("table.notice.ping", "User", user, "Game", game, "Jump", jump)
}

// handLapsing reports whether user's hand message, opened before, cannot be
// updated until the end of the current turn: its token has run out, or
// runs out before the turn's deadline. A player who never opened their
// hand (or whose hand was forgotten, see RefreshHands) is told to press
// 🃏 My hand anyway.
func (c *Core) handLapsing(user string) bool {
	h, ok := c.hands[user]
	if !ok {
		return c.notice.lapsed[user]
	}
	until := c.gameNow()
	if !c.Deadline.IsZero() {
		until = until.Add(time.Until(c.Deadline))
	}
	return until.Sub(h.at) > tokenLife
}

// handLapsed notes that the table forgot user's hand message because its
// token ran out, or, fresh, that they have a new one.
func (c *Core) handLapsed(user string, lapsed bool) {
	n := &c.notice
	if !lapsed {
		delete(n.lapsed, user)
		return
	}
	if n.lapsed == nil {
		n.lapsed = map[string]bool{}
	}
	n.lapsed[user] = true
}

// noticeDelay is the server's turn_notice setting, read once per game.
func (c *Core) noticeDelay() (time.Duration, bool) {
	n := &c.notice
	if n.game != c.GameID || c.GameID == "" {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		s := Or(c.Env.GuildDefaults(ctx, c.Guild).TurnNoticeS, DefaultTurnNoticeS)
		n.game, n.off, n.delay = c.GameID, s < 0, time.Duration(max(s, 0))*time.Second
	}
	return n.delay, n.off
}

// Seen notes the snowflake time of a click the table answers: game time,
// which a fake Discord's clock in tests may run ahead of the wall clock.
func (c *Core) Seen(at time.Time) {
	if at.After(c.notice.clock) {
		c.notice.clock = at
	}
}

// gameNow is the table's idea of now: the wall clock, or the newest click's
// snowflake time if that is later.
func (c *Core) gameNow() time.Time {
	now := time.Now()
	if c.notice.clock.After(now) {
		return c.notice.clock
	}
	return now
}
