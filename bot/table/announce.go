package table

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/outbox"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// A table stores what an action makes it announce in the channel (a Laus
// round's summary) with the action itself, and marks it posted once Discord
// has accepted it. PostAnnouncements, at start, posts what the last run
// stored and did not mark. A crash can fall between Discord accepting a post
// and the mark, so before posting again it looks for its own earlier copy
// among the channel's latest messages: an announcement is posted once, unless
// that copy was deleted or has scrolled beyond announceLookBack meanwhile.

// announceLookBack is how many of a channel's latest messages are searched
// for an announcement posted before a restart but not marked posted.
const announceLookBack = 100

// storedMessage is how a message to post or edit later is stored: the
// parts of a ui.Rendering that announcements and retired table messages have
// (neither has buttons). An announcement's pictures are stored with it, so
// one posted after a restart still has them.
type storedMessage struct {
	Content string                    `json:"content,omitempty"`
	Embeds  []*discordgo.MessageEmbed `json:"embeds,omitempty"`
	Files   []ui.File                 `json:"files,omitempty"`
}

func EncodeMessage(r ui.Rendering) []byte {
	b, err := json.Marshal(storedMessage{Content: r.Content, Embeds: r.Embeds, Files: r.Files})
	if err != nil {
		panic(fmt.Sprintf("table: encoding a message: %v", err)) // embeds of strings and numbers always encode
	}
	return b
}

func DecodeMessage(b []byte) (ui.Rendering, error) {
	var m storedMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return ui.Rendering{}, err
	}
	return ui.Rendering{Content: m.Content, Embeds: m.Embeds, Components: []discordgo.MessageComponent{}, Files: m.Files}, nil
}

// MarkAnnounced records that an announcement was posted. It runs on an
// outbox's goroutine; if it fails, the next start finds the posted copy.
func (e *Env) MarkAnnounced(gameID string, seq int64, messageID string) {
	ctx, cancel := context.WithTimeout(context.Background(), StoreTimeout)
	defer cancel()
	if err := e.Store.MarkAnnounced(ctx, gameID, seq, messageID); err != nil {
		e.Log.Warn("marking an announcement posted", "game", gameID, "seq", seq, "err", err)
	}
}

// PostAnnouncements posts what the last run stored to announce and did not
// get posted, before any table is rebuilt, so that a round's summary comes
// before the table message of the round after it. For a game that has
// closed meanwhile it also retires the table message the announcing action
// retired; a live table does that itself when it is rebuilt (see the Laus game).
// Only the announcements of this process's shard are posted.
// Whatever Discord refuses now stays stored for the next start.
func (e *Env) PostAnnouncements(ctx context.Context) {
	// Discord being slow must not keep the tables down for long.
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	pending, err := e.Store.UnpostedAnnouncements(ctx)
	if err != nil {
		e.Log.Error("loading announcements", "err", err)
		return
	}
	recent := map[string][]*discordgo.Message{} // by channel, fetched once
	for _, a := range pending {
		if !e.Shard.Owns(a.Guild) {
			continue // another process's table: it posts its own
		}
		r, err := DecodeMessage(a.Body)
		if err != nil {
			e.Log.Error("a stored announcement", "game", a.GameID, "seq", a.Seq, "err", err)
			continue
		}
		ms, ok := recent[a.Channel]
		if !ok {
			if err := e.Pace.Wait(ctx); err != nil {
				return
			}
			ms, err = e.Session.ChannelMessages(a.Channel, announceLookBack, "", "", "", discordgo.WithContext(ctx))
			if err != nil {
				// Without the channel's history, posting again risks a
				// second copy; not posting risks none at all. A summary
				// matters more than a duplicate.
				e.Log.Warn("reading a channel's latest messages", "channel", a.Channel, "err", err)
			}
			recent[a.Channel] = ms
		}
		id := e.postedCopy(ms, r)
		if id == "" {
			if err := e.Pace.Wait(ctx); err != nil {
				return
			}
			m, err := e.Session.ChannelMessageSendComplex(a.Channel, &discordgo.MessageSend{
				Content: r.Content, Embeds: ui.RichEmbeds(r.Embeds), Files: r.DiscordFiles(),
			}, discordgo.WithContext(ctx))
			if outbox.PicturesRefused(err, r) {
				// No Attach Files here: the summary's text says it all.
				r = outbox.WithoutPictures(r)
				m, err = e.Session.ChannelMessageSendComplex(a.Channel, &discordgo.MessageSend{
					Content: r.Content, Embeds: ui.RichEmbeds(r.Embeds),
				}, discordgo.WithContext(ctx))
			}
			if err != nil {
				e.Log.Warn("posting a stored announcement", "game", a.GameID, "seq", a.Seq, "err", err)
				continue
			}
			id = m.ID
		}
		e.retireClosed(ctx, a)
		if err := e.Store.MarkAnnounced(ctx, a.GameID, a.Seq, id); err != nil {
			e.Log.Warn("marking an announcement posted", "game", a.GameID, "seq", a.Seq, "err", err)
		}
	}
}

// postedCopy returns the ID of the bot's own message among ms that shows r,
// or "". Announcements have titles of their own (a summary names its
// table, match and round), so the titles tell them apart.
func (e *Env) postedCopy(ms []*discordgo.Message, r ui.Rendering) string {
	me := ""
	if st := e.Session.State; st != nil && st.User != nil {
		me = st.User.ID
	}
	for _, m := range ms {
		if m.Author == nil || m.Author.ID != me || m.Content != r.Content || len(m.Embeds) != len(r.Embeds) {
			continue
		}
		same := true
		for i, e := range r.Embeds {
			same = same && m.Embeds[i].Title == e.Title
		}
		if same {
			return m.ID
		}
	}
	return ""
}

// retireClosed gives the table message an announcing action retired its
// final ui.Rendering, if its game has closed while that message is still the
// game's table message (the next one was never posted).
func (e *Env) retireClosed(ctx context.Context, a store.Announcement) {
	if a.RetireID == "" || len(a.RetireBody) == 0 {
		return
	}
	g, err := e.Store.Game(ctx, a.GameID)
	if err != nil || !g.Status.Closed() || g.MessageID != a.RetireID {
		return
	}
	r, err := DecodeMessage(a.RetireBody)
	if err != nil {
		return
	}
	if err := e.Pace.Wait(ctx); err != nil {
		return
	}
	embeds := ui.RichEmbeds(r.Embeds)
	if _, err := e.Session.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: a.RetireID, Channel: a.Channel, Content: &r.Content, Embeds: &embeds, Components: &r.Components,
	}, discordgo.WithContext(ctx)); err != nil {
		e.Log.Warn("retiring a table message", "game", a.GameID, "message", a.RetireID, "err", err)
	}
}

// Retired reports whether an announcing action (a Laus round's end)
// retired game g's stored table message, and what that message becomes; ok
// is false while it is still the current one. (The announcement itself, if
// it was not posted, has been by PostAnnouncements.)
func (e *Env) Retired(ctx context.Context, g store.Game) (r ui.Rendering, ok bool, err error) {
	if g.MessageID == "" {
		return ui.Rendering{}, false, nil
	}
	anns, err := e.Store.Announcements(ctx, g.ID)
	if err != nil {
		return ui.Rendering{}, false, err
	}
	for _, a := range slices.Backward(anns) {
		if a.RetireID == g.MessageID {
			r, err := DecodeMessage(a.RetireBody)
			if err != nil {
				return ui.Rendering{}, false, fmt.Errorf("announcement %d: %w", a.Seq, err)
			}
			return r, true, nil
		}
	}
	return ui.Rendering{}, false, nil
}
