package bot

import "github.com/bwmarrin/discordgo"

// DecodeGatewayInteraction decodes an INTERACTION_CREATE's data the way a
// session does with the bot's provider in place.
func DecodeGatewayInteraction(b []byte) (*discordgo.InteractionCreate, error) {
	g := interactionProvider{}.New().(*gatewayInteraction)
	err := g.UnmarshalJSON(b)
	return g.ic, err
}

// TrimInteraction is trimInteraction, for the tests of package bot_test.
var TrimInteraction = trimInteraction

// TrimmingDialer is trimmingDialer.
var TrimmingDialer = trimmingDialer
