package bot

import "github.com/bwmarrin/discordgo"

// DecodeGatewayInteraction decodes an INTERACTION_CREATE's data the way a
// session does with the bot's provider in place.
func DecodeGatewayInteraction(b []byte) (*discordgo.InteractionCreate, error) {
	g := interactionProvider{}.New().(*gatewayInteraction)
	err := g.UnmarshalJSON(b)
	return g.ic, err
}

// TrimInteraction is trimInteractionInto a fresh buffer, for the tests of
// package bot_test.
func TrimInteraction(p []byte) []byte { return trimInteractionInto(nil, p) }

// TrimmingDialer is trimmingDialer.
var TrimmingDialer = trimmingDialer

// ParkClick is parkClickInto a fresh buffer.
func ParkClick(p []byte) []byte {
	parked, _ := parkClickInto(nil, p)
	return parked
}

// DecodeClickFast decodes an INTERACTION_CREATE's data as the gateway's
// connection does (decodeClickAt), or returns nil where it would not.
func DecodeClickFast(d []byte) *discordgo.InteractionCreate {
	ic, end := decodeClickAt(d, skipSpace(d, 0))
	if end != len(d) {
		return nil
	}
	return ic
}
