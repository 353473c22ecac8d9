package outbox

import (
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// A table message may carry pictures (ui.Rendering.Files: the end of a
// Laro game). Discord keeps a message's attachments through every edit
// that does not name them, so the outbox uploads a picture once, when the
// message first shows it, and later edits of the same message send only
// their text: an embed goes on showing the picture through its
// "attachment://" URL. A picture's name carries a digest of its bytes, so
// an equal name means the very same picture.
//
// The outbox remembers which names the current table message carries.
// After a restart it does not know: the first edit with a picture then
// uploads it again, replacing whatever the message had, so the picture
// survives a restart at the cost of one upload. A rendering without
// pictures leaves an unknown message's attachments alone (table messages
// get their pictures only at the end, and the end rendering brings them).

// Uploading needs the Attach Files permission in the channel. Where Discord
// refuses a picture for want of it, the message goes again without its
// pictures (the embed says everything in words), and the outbox sends no
// more pictures to that channel for the life of the table.

// attachedFiles is what the outbox knows of the table message's files.
type attachedFiles struct {
	messageID string   // the message the names belong to ("" : unknown)
	names     []string // its files, sorted
}

// editFiles returns what an edit of message msgID to r must send: the
// files to upload, and the list of attachments to keep (nil: keep all).
func (o *Outbox) editFiles(msgID string, r ui.Rendering) ([]*discordgo.File, *[]*discordgo.MessageAttachment) {
	o.mu.Lock()
	known := o.attached.messageID == msgID
	same := known && slices.Equal(o.attached.names, sortedNames(r.Files))
	o.mu.Unlock()
	switch {
	case same, !known && len(r.Files) == 0:
		return nil, nil
	default:
		// New pictures, or fewer: replace what the message has.
		return r.DiscordFiles(), &[]*discordgo.MessageAttachment{}
	}
}

// noteAttached records that message id now carries r's files.
func (o *Outbox) noteAttached(id string, r ui.Rendering) {
	o.mu.Lock()
	o.attached = attachedFiles{messageID: id, names: sortedNames(r.Files)}
	o.mu.Unlock()
}

func sortedNames(fs []ui.File) []string {
	names := ui.FileNames(fs)
	slices.Sort(names)
	return names
}

// withoutPictures returns r without its files and without embed images
// that show one.
func withoutPictures(r ui.Rendering) ui.Rendering {
	if len(r.Files) == 0 {
		return r
	}
	r.Files = nil
	embeds := make([]*discordgo.MessageEmbed, len(r.Embeds))
	for i, e := range r.Embeds {
		if e.Image != nil && strings.HasPrefix(e.Image.URL, "attachment://") {
			c := *e
			c.Image = nil
			e = &c
		}
		embeds[i] = e
	}
	r.Embeds = embeds
	return r
}

// forChannel returns r as the outbox may send it to its channel.
func (o *Outbox) forChannel(r ui.Rendering) ui.Rendering {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.noPictures {
		return withoutPictures(r)
	}
	return r
}

// refusedPictures reports whether Discord refused r for want of a
// permission while r had pictures; then the outbox stops sending pictures
// to its channel, and the caller sends r again without them.
func (o *Outbox) refusedPictures(err error, r ui.Rendering) bool {
	if !PicturesRefused(err, r) {
		return false
	}
	o.log.Info("no permission to attach pictures here; sending text only", "channel", o.channelID)
	o.mu.Lock()
	o.noPictures = true
	o.mu.Unlock()
	return true
}

// PicturesRefused reports whether err is Discord refusing a message for
// want of a permission while r had pictures: the caller may send r again
// without them (see withoutPictures).
func PicturesRefused(err error, r ui.Rendering) bool {
	return len(r.Files) > 0 && RESTCode(err) == discordgo.ErrCodeMissingPermissions
}

// WithoutPictures returns r without its pictures, for a channel where the
// bot may not attach files.
func WithoutPictures(r ui.Rendering) ui.Rendering { return withoutPictures(r) }
