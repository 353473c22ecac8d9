package discordtest

import (
	"encoding/json"
	"fmt"
	"strings"
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
	return s.dispatchLocked(g.id, "INTERACTION_CREATE", d, func(time.Time, *gwConn) {})
}

// DeleteMessage removes a message from the channel as a moderator would,
// reporting whether the channel showed it. The bot's later edits of it get
// 404 Unknown Message, as on Discord.
func (c *Channel) DeleteMessage(id string) bool {
	s := c.guild.s
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[id]
	if m == nil || m.owner != nil || m.channel != c {
		return false
	}
	s.deleteLocked(m)
	return true
}

// ForgeSlash runs a slash command like Slash, but sends the options as
// given, without the range and permission checks of Discord's client: what
// a modified client can send. The command and subcommand must exist.
func (u *User) ForgeSlash(ch *Channel, command string, opts ...ActionOption) (*Response, error) {
	cfg := collect(opts)
	parts := strings.Fields(command)
	if len(parts) == 0 {
		return nil, fmt.Errorf("%w: empty command", ErrUnknownCommand)
	}
	s := u.s
	s.mu.Lock()
	defer s.mu.Unlock()
	cmd := s.commandLocked(ch, parts[0])
	if cmd == nil {
		return nil, fmt.Errorf("%w: /%s", ErrUnknownCommand, parts[0])
	}
	_, wrap, err := subcommand(cmd, parts[1:])
	if err != nil {
		return nil, err
	}
	var leaf []*discordgo.ApplicationCommandInteractionDataOption
	for _, a := range cfg.args {
		leaf = append(leaf, &discordgo.ApplicationCommandInteractionDataOption{Name: a.name, Type: a.typ, Value: a.value})
	}
	data := discordgo.ApplicationCommandInteractionData{
		ID: cmd.ID, Name: cmd.Name, CommandType: discordgo.ChatApplicationCommand, Options: wrap(leaf),
	}
	return s.startLocked(u, ch, discordgo.InteractionApplicationCommand, data, nil, "forged /"+strings.Join(parts, " "), cfg)
}

// Record keeps the data of every dispatch of type t sent from now on, as
// sent, for Recorded: what reached the bot's socket, for tests of what the
// bot makes of it.
func (s *Server) Record(t string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.recorded == nil {
		s.recorded = map[string][][]byte{}
	}
	if _, ok := s.recorded[t]; !ok {
		s.recorded[t] = [][]byte{}
	}
}

// Recorded returns the data of the dispatches of type t sent since Record(t).
func (s *Server) Recorded(t string) [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.recorded[t]...)
}
