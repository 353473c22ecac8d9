package table

import (
	"slices"

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
