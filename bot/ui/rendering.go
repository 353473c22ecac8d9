package ui

import (
	"bytes"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
)

// A Rendering is what one message should show.
type Rendering struct {
	Content    string
	Embeds     []*discordgo.MessageEmbed
	Components []discordgo.MessageComponent
	// Files are pictures the message carries; an embed shows one with the
	// image URL "attachment://" + its name (see AttachPicture).
	Files []File
}

// A File is a picture attached to a message. It is held as bytes, not a
// reader, so a send that Discord refused can be made again.
type File struct {
	Name        string `json:"name"`
	ContentType string `json:"content_type"`
	Data        []byte `json:"data"`
}

// AttachPicture attaches a PNG to r and shows it as the image of r's first
// embed. The embed keeps its text: the picture is for the eye, the text for
// screen readers and for clients that do not load images.
func (r Rendering) AttachPicture(name string, png []byte) Rendering {
	r.Files = append(r.Files[:len(r.Files):len(r.Files)], File{Name: name, ContentType: "image/png", Data: png})
	if len(r.Embeds) > 0 {
		e := *r.Embeds[0]
		e.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + name}
		r.Embeds = append([]*discordgo.MessageEmbed{&e}, r.Embeds[1:]...)
	}
	return r
}

// DiscordFiles returns r's files as discordgo sends them, each with a fresh reader.
func (r Rendering) DiscordFiles() []*discordgo.File {
	return DiscordFiles(r.Files)
}

// DiscordFiles returns fs as discordgo sends them, each with a fresh reader.
func DiscordFiles(fs []File) []*discordgo.File {
	if len(fs) == 0 {
		return nil
	}
	out := make([]*discordgo.File, len(fs))
	for i, f := range fs {
		out[i] = &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)}
	}
	return out
}

// FileNames returns the names of fs, in order.
func FileNames(fs []File) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Name
	}
	return out
}

// WithoutButtons drops a rendering's components (a closed table).
func (r Rendering) WithoutButtons() Rendering {
	r.Components = []discordgo.MessageComponent{}
	return r
}

// OrEmpty turns nil embeds and components into empty lists: in an edit,
// nil keeps the old ones and an empty list removes them. The embeds are
// RichEmbeds, safe to hand to discordgo.
func OrEmpty(e []*discordgo.MessageEmbed, c []discordgo.MessageComponent) ([]*discordgo.MessageEmbed, []discordgo.MessageComponent) {
	e = RichEmbeds(e)
	if e == nil {
		e = []*discordgo.MessageEmbed{}
	}
	if c == nil {
		c = []discordgo.MessageComponent{}
	}
	return e, c
}

// RichEmbeds returns e for discordgo's channel message calls, which set the
// type of every embed that has none to "rich", writing into the embed: a
// rendering's embeds are shared (a click's answer and the outbox's redraw of
// the clicked message, say), and two such calls at once were a data race.
// Embeds without a type are copied with it set; e itself is returned when
// every embed has one, and is never written.
func RichEmbeds(e []*discordgo.MessageEmbed) []*discordgo.MessageEmbed {
	i := slices.IndexFunc(e, func(m *discordgo.MessageEmbed) bool { return m != nil && m.Type == "" })
	if i < 0 {
		return e
	}
	out := slices.Clone(e)
	for j := i; j < len(out); j++ {
		if m := out[j]; m != nil && m.Type == "" {
			c := *m
			c.Type = discordgo.EmbedTypeRich
			out[j] = &c
		}
	}
	return out
}

// SomethingWrong is what a user sees, in l, when the bot itself failed.
func SomethingWrong(l lang.Lang) string { return l.T("common.something_wrong") }

// Saving answers, in l, a move the database did not take (table.ErrNotSaved): it is
// unreachable or busy for a moment (a PostgreSQL restart, a SQLite file locked by
// another process), the move was undone, and the same click will work once it is back.
func Saving(l lang.Lang) string { return l.T("common.saving") }

// ChunkRows packs buttons into action rows of at most five.
func ChunkRows(buttons []discordgo.MessageComponent) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for len(buttons) > 0 {
		n := min(5, len(buttons))
		rows = append(rows, discordgo.ActionsRow{Components: buttons[:n]})
		buttons = buttons[n:]
	}
	return rows
}
