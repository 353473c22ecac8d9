package discordtest_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

func pngFile(name string, data []byte) *discordgo.File {
	return &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(data)}
}

func picEmbed(name string) []*discordgo.MessageEmbed {
	return []*discordgo.MessageEmbed{{Title: "scene", Image: &discordgo.MessageEmbedImage{URL: "attachment://" + name}}}
}

// attachmentNames lists a message's files as the fake keeps them.
func attachmentNames(srv *discordtest.Server, id string) []string {
	var out []string
	for _, a := range srv.Attachments(id) {
		out = append(out, a.Filename)
	}
	return out
}

// TestChannelMessageAttachments posts and edits a channel message with
// files the way discordgo sends them, and checks what the message keeps.
func TestChannelMessageAttachments(t *testing.T) {
	t.Parallel()
	srv, ch, dg := setup(t, nil)
	one := []byte("\x89PNG first picture")
	m, err := dg.ChannelMessageSendComplex(ch.ID(), &discordgo.MessageSend{
		Embeds: picEmbed("a.png"), Files: []*discordgo.File{pngFile("a.png", one)},
	})
	if err != nil {
		t.Fatalf("send with a file: %v", err)
	}
	got := srv.Attachments(m.ID)
	if len(got) != 1 || got[0].Filename != "a.png" || got[0].ContentType != "image/png" || got[0].Size != len(one) || !bytes.Equal(got[0].Data, one) {
		t.Fatalf("attachments = %+v, want a.png image/png with the bytes sent", got)
	}
	if len(m.Attachments) != 1 || m.Attachments[0].Filename != "a.png" || m.Attachments[0].Size != len(one) {
		t.Errorf("returned message attachments = %+v, want a.png", m.Attachments)
	}

	// An edit without files or "attachments" keeps the file, and the embed
	// may still show it.
	desc := "edited"
	embeds := picEmbed("a.png")
	embeds[0].Description = desc
	if _, err := dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: ch.ID(), Embeds: &embeds}); err != nil {
		t.Fatalf("plain edit: %v", err)
	}
	if names := attachmentNames(srv, m.ID); len(names) != 1 || names[0] != "a.png" {
		t.Errorf("after a plain edit: %v, want [a.png]", names)
	}
	uploads := srv.Uploads()

	// Replacing: an empty "attachments" drops the old file; the new one is added.
	two := []byte("\x89PNG second")
	none := []*discordgo.MessageAttachment{}
	embeds = picEmbed("b.png")
	if _, err := dg.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: m.ID, Channel: ch.ID(), Embeds: &embeds, Attachments: &none, Files: []*discordgo.File{pngFile("b.png", two)},
	}); err != nil {
		t.Fatalf("replacing edit: %v", err)
	}
	if got := srv.Attachments(m.ID); len(got) != 1 || got[0].Filename != "b.png" || !bytes.Equal(got[0].Data, two) {
		t.Errorf("after replacing: %+v, want only b.png", got)
	}
	if srv.Uploads() != uploads+1 {
		t.Errorf("uploads = %d, want %d", srv.Uploads(), uploads+1)
	}

	// Files in an edit without "attachments" are appended.
	if _, err := dg.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: m.ID, Channel: ch.ID(), Files: []*discordgo.File{pngFile("c.png", one)},
	}); err != nil {
		t.Fatalf("appending edit: %v", err)
	}
	if names := attachmentNames(srv, m.ID); len(names) != 2 || names[0] != "b.png" || names[1] != "c.png" {
		t.Errorf("after appending: %v, want [b.png c.png]", names)
	}

	// An embed may not show a file the message does not have.
	embeds = picEmbed("missing.png")
	_, err = dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: ch.ID(), Embeds: &embeds})
	wantCode(t, "embed naming a missing attachment", err, 400, 50035)
	_, err = dg.ChannelMessageSendComplex(ch.ID(), &discordgo.MessageSend{Embeds: picEmbed("x.png")})
	wantCode(t, "new message naming a missing attachment", err, 400, 50035)
}

// TestInteractionAttachments answers a slash command with a file, then
// edits the original through the webhook with a new one.
func TestInteractionAttachments(t *testing.T) {
	t.Parallel()
	first, second := []byte("\x89PNG chart"), []byte("\x89PNG chart 2")
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Embeds: picEmbed("chart.png"), Files: []*discordgo.File{pngFile("chart.png", first)}},
		})
		if err != nil {
			t.Errorf("InteractionRespond: %v", err)
			return
		}
		none := []*discordgo.MessageAttachment{}
		embeds := picEmbed("chart2.png")
		if _, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{
			Embeds: &embeds, Attachments: &none, Files: []*discordgo.File{pngFile("chart2.png", second)},
		}); err != nil {
			t.Errorf("InteractionResponseEdit: %v", err)
		}
	})
	resp, err := srv.User("alice").Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatalf("Slash: %v", err)
	}
	cb, err := resp.Wait()
	if err != nil {
		t.Fatalf("Wait: %v", err)
	}
	if len(cb.Message.Attachments) != 1 || cb.Message.Attachments[0].Filename != "chart.png" {
		t.Errorf("callback message attachments = %+v, want chart.png", cb.Message.Attachments)
	}
	m, err := resp.WaitEdited(1, 5*time.Second)
	if err != nil {
		t.Fatalf("WaitEdited: %v", err)
	}
	if got := srv.Attachments(m.ID); len(got) != 1 || got[0].Filename != "chart2.png" || !bytes.Equal(got[0].Data, second) {
		t.Errorf("after the webhook edit: %+v, want only chart2.png", got)
	}
	noFailures(t, srv)
}
