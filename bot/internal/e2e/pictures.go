package e2e

import (
	"bytes"
	"image"
	"image/png"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// Picture checks that message m carries exactly one PNG, shown by one of
// its embeds (a Laus table message shows the last round's picture in its
// second), that decodes to a picture of at least minW × minH pixels
// with more than one colour, and returns the attachment and the picture.
func (w *World) Picture(m *discordgo.Message, minW, minH int) (discordtest.Attachment, image.Image) {
	w.T.Helper()
	files := w.Srv.Attachments(m.ID)
	if len(files) != 1 {
		w.T.Fatalf("message %s has %d attachments, want 1 picture:\n%s", m.ID, len(files), Text(m))
	}
	f := files[0]
	if f.ContentType != "image/png" || f.Size != len(f.Data) || f.Size == 0 {
		w.T.Fatalf("attachment %s: %s, %d bytes (%d read), want a PNG", f.Filename, f.ContentType, f.Size, len(f.Data))
	}
	if !slices.ContainsFunc(m.Embeds, func(e *discordgo.MessageEmbed) bool {
		return e.Image != nil && e.Image.URL == "attachment://"+f.Filename
	}) {
		w.T.Fatalf("no embed shows attachment %s: %+v", f.Filename, m.Embeds)
	}
	img, err := png.Decode(bytes.NewReader(f.Data))
	if err != nil {
		w.T.Fatalf("attachment %s does not decode: %v", f.Filename, err)
	}
	b := img.Bounds()
	if b.Dx() < minW || b.Dy() < minH {
		w.T.Fatalf("attachment %s is %d×%d, want at least %d×%d", f.Filename, b.Dx(), b.Dy(), minW, minH)
	}
	first := img.At(b.Min.X, b.Min.Y)
	plain := true
	for y := b.Min.Y; y < b.Max.Y && plain; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			if img.At(x, y) != first {
				plain = false
				break
			}
		}
	}
	if plain {
		w.T.Fatalf("attachment %s is one flat colour", f.Filename)
	}
	return f, img
}

// Shown is the message a person sees as the answer to a command: the
// callback's message or, when the bot was slow and deferred, what replaced
// its "thinking…" message: the answer itself if private, the follow-up that
// brought a public answer, or the clicked message, redrawn, when the bot took
// the placeholder away (a deferred Join).
func Shown(t *testing.T, r *discordtest.Response, cb discordtest.Callback) *discordgo.Message {
	t.Helper()
	if cb.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		return cb.Message
	}
	m, clicked, err := r.WaitDelivered(Patience)
	if err != nil {
		t.Fatalf("a deferred answer never came: %v", err)
	}
	if m == nil && len(r.Followups()) == 0 {
		// The placeholder was taken away: the late answer redrew the public
		// message clicked (a Join deferred on a busy machine), which the
		// person sees in its place.
		return clicked
	}
	if m != nil && m.Content != "Done: see the channel." {
		return m
	}
	ms, err := r.WaitFollowups(1, Patience)
	if err != nil || len(ms) == 0 {
		t.Fatalf("a deferred public answer never came: %v", err)
	}
	return ms[0]
}

// Answered waits for the bot's private answer to an action, as Answer
// does, with the message the person sees in place of a "thinking…"
// deferral's empty one (see Shown). Its Type stays the callback's, for
// tests of the deferral itself. Not for a click whose answer redraws the
// public message clicked: deferred, that answer is an edit of the message,
// and the placeholder is deleted, not edited.
func Answered(t *testing.T, r *discordtest.Response, err error) discordtest.Callback {
	t.Helper()
	cb := Answer(t, r, err)
	cb.Message = Shown(t, r, cb)
	return cb
}

// Reply waits for the bot's answer to a command and returns the message
// the person sees (see Shown): on a loaded machine any answer may come
// after a "thinking…" deferral, and the callback alone then shows nothing.
func Reply(t *testing.T, r *discordtest.Response, err error) *discordgo.Message {
	t.Helper()
	return Shown(t, r, Answer(t, r, err))
}
