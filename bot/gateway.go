package bot

import (
	"encoding/json"
	_ "unsafe" // go:linkname, below

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/workers"
)

// Decoding INTERACTION_CREATE was a quarter of the bot's CPU at 500 clicks
// a second. discordgo decodes each gateway event into its Event envelope
// and then into the event's struct, and for an interaction that struct is
// the whole message the button was on (a hand: about 5 kB of embeds and
// components), each component level with an UnmarshalJSON of its own that
// scans its part again. The bot reads nothing of that message but who it
// is (see leanMessage).
//
// discordgo offers no setting to skip that decoding: which struct an event
// type is decoded into is its unexported table registeredInterfaceProviders.
// The bot puts its own entry there for INTERACTION_CREATE, once, before any
// session exists (init), so that discordgo hands the event's bytes to
// gatewayInteraction.UnmarshalJSON, which decodes only what the bot reads.
// Handlers of *discordgo.InteractionCreate then no longer fire: Listen is
// how a session reaches HandleInteraction. TestLeanDecodeMatchesDiscordgo
// compares the result with discordgo's own decoding, and every end-to-end
// test clicks through it.

//go:linkname registeredInterfaceProviders github.com/bwmarrin/discordgo.registeredInterfaceProviders
var registeredInterfaceProviders map[string]discordgo.EventInterfaceProvider

// interactionCreate is the gateway event's name.
const interactionCreate = "INTERACTION_CREATE"

func init() {
	registeredInterfaceProviders[interactionCreate] = interactionProvider{}
}

// interactionProvider makes what discordgo decodes an INTERACTION_CREATE into.
type interactionProvider struct{}

func (interactionProvider) Type() string     { return interactionCreate }
func (interactionProvider) New() interface{} { return &gatewayInteraction{} }

// gatewayInteraction is one INTERACTION_CREATE as the bot decodes it.
type gatewayInteraction struct{ ic *discordgo.InteractionCreate }

// UnmarshalJSON decodes an interaction: a component click by its lean
// decoding, anything else (commands, autocomplete, modals: a few per table)
// by discordgo in full. Like discordgo, it keeps what it could decode of a
// malformed payload (HandleInteraction refuses or drops it) and returns the
// error for discordgo to log.
func (g *gatewayInteraction) UnmarshalJSON(b []byte) error {
	if ic, ticket, err := takeParked(b); ticket {
		g.ic = ic // nil if it is gone: HandleInteraction is not called
		return err
	}
	if g.ic = decodeClick(b); g.ic != nil {
		return nil
	}
	var full discordgo.InteractionCreate
	err := json.Unmarshal(b, &full)
	g.ic = &full
	return err
}

// Listen makes s deliver its interactions to b.HandleInteraction, and
// returns the function that stops it. Call it before s.Open and after
// anything else that sets s.Dialer: it has s's gateway connections trim
// clicks' frames (gatewaytrim.go).
func (b *Bot) Listen(s *discordgo.Session) (remove func()) {
	s.Dialer = trimmingDialer(s.Dialer)
	return s.AddHandler(func(s *discordgo.Session, ev interface{}) {
		if g, ok := ev.(*gatewayInteraction); ok && g.ic != nil {
			// discordgo calls each handler on a goroutine of its own, and
			// answering a click grows that fresh stack by copying it (2% of
			// the CPU at 500 clicks/s); a worker's stack has grown already.
			workers.Go(func() { b.HandleInteraction(s, g.ic) })
		}
	})
}

// decodeClick decodes a component click, or returns nil for any other
// interaction or a payload it cannot decode, which discordgo then decodes.
func decodeClick(b []byte) *discordgo.InteractionCreate {
	var w wireInteraction
	if err := json.Unmarshal(b, &w); err != nil || w.Type != discordgo.InteractionMessageComponent {
		return nil
	}
	i := &discordgo.Interaction{
		ID: w.ID, AppID: w.AppID, Type: w.Type, GuildID: w.GuildID, ChannelID: w.ChannelID,
		AppPermissions: w.AppPermissions, Member: w.Member, User: w.User,
		Locale: w.Locale, GuildLocale: w.GuildLocale, Context: w.Context,
		AuthorizingIntegrationOwners: w.AuthorizingIntegrationOwners,
		Token:                        w.Token, Version: w.Version, Entitlements: w.Entitlements,
	}
	if w.Data != nil {
		i.Data = *w.Data
	}
	if m := w.Message; m != nil {
		i.Message = &discordgo.Message{ID: m.ID, ChannelID: m.ChannelID, GuildID: m.GuildID, Author: m.Author,
			Flags: m.Flags, WebhookID: m.WebhookID, InteractionMetadata: m.InteractionMetadata}
	}
	return &discordgo.InteractionCreate{Interaction: i}
}

// wireInteraction is discordgo.Interaction with the clicked message cut to
// leanMessage and the data of a component click.
type wireInteraction struct {
	ID                           string                                          `json:"id"`
	AppID                        string                                          `json:"application_id"`
	Type                         discordgo.InteractionType                       `json:"type"`
	Data                         *discordgo.MessageComponentInteractionData      `json:"data"`
	GuildID                      string                                          `json:"guild_id"`
	ChannelID                    string                                          `json:"channel_id"`
	Message                      *leanMessage                                    `json:"message"`
	AppPermissions               int64                                           `json:"app_permissions,string"`
	Member                       *discordgo.Member                               `json:"member"`
	User                         *discordgo.User                                 `json:"user"`
	Locale                       discordgo.Locale                                `json:"locale"`
	GuildLocale                  *discordgo.Locale                               `json:"guild_locale"`
	Context                      discordgo.InteractionContextType                `json:"context"`
	AuthorizingIntegrationOwners map[discordgo.ApplicationIntegrationType]string `json:"authorizing_integration_owners"`
	Token                        string                                          `json:"token"`
	Version                      int                                             `json:"version"`
	Entitlements                 []*discordgo.Entitlement                        `json:"entitlements"`
}

// leanMessage is what the bot reads of the message a clicked component is
// on: which message it is, whose, whether only the clicker sees it, and
// which interaction's answer made it. Its content, embeds and components
// (nearly all of its bytes) are skipped. A field the bot starts to read
// from Interaction.Message must be added here.
type leanMessage struct {
	ID                  string                                `json:"id"`
	ChannelID           string                                `json:"channel_id"`
	GuildID             string                                `json:"guild_id"`
	Author              *discordgo.User                       `json:"author"`
	WebhookID           string                                `json:"webhook_id"`
	Flags               discordgo.MessageFlags                `json:"flags"`
	InteractionMetadata *discordgo.MessageInteractionMetadata `json:"interaction_metadata"`
}
