package discordtest

import (
	"encoding/json"
	"time"

	"github.com/bwmarrin/discordgo"
)

// ForgeClick sends a button click with any custom_id, on no message,
// without the checks Click makes. Discord's own client never does this,
// but a modified client can, so a bot must refuse such clicks cleanly.
func (u *User) ForgeClick(ch *Channel, customID string, opts ...ActionOption) (*Response, error) {
	cfg := collect(opts)
	s := u.s
	s.mu.Lock()
	defer s.mu.Unlock()
	data := discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}
	return s.startLocked(u, ch, discordgo.InteractionMessageComponent, data, nil, "forged click "+customID, cfg)
}

// SendRawInteraction dispatches INTERACTION_CREATE with d as its payload,
// exactly as given, to the bot sessions of guild: for proving that a
// malformed event neither crashes the bot nor stops it serving others.
// Nothing waits for an answer.
func (s *Server) SendRawInteraction(g *Guild, d json.RawMessage) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dispatchLocked(g.id, "INTERACTION_CREATE", d, func(t time.Time) {})
}
