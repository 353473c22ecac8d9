package discordtest

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Autocomplete types text into option of command in ch ("laro replay"), as
// Discord's client does while a user fills in a slash command: it sends an
// APPLICATION_COMMAND_AUTOCOMPLETE interaction (type 4) with that option
// focused and returns the choices of the bot's answer (callback type 8).
// opts are options already filled in. Like Discord, it refuses an option
// that does not have autocomplete switched on, and answers that break
// Discord's limits: more than 25 choices, or a name or value outside 1–100
// characters.
func (u *User) Autocomplete(ch *Channel, command, option, text string, opts ...ActionOption) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	cfg := collect(opts)
	parts := strings.Fields(command)
	if len(parts) == 0 {
		return nil, fmt.Errorf("%w: empty command", ErrUnknownCommand)
	}
	s := u.s
	s.mu.Lock()
	cmd := s.commandLocked(ch, parts[0])
	if cmd == nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("%w: /%s", ErrUnknownCommand, parts[0])
	}
	defs, wrap, err := subcommand(cmd, parts[1:])
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	def := findOption(defs, option)
	if def == nil || !def.Autocomplete {
		s.mu.Unlock()
		return nil, fmt.Errorf("%w: /%s has no autocompleted option %q", ErrBadOption, command, option)
	}
	resolved := &discordgo.ApplicationCommandInteractionDataResolved{}
	leaf, err := buildOptions(withoutRequired(defs), cfg.args, resolved, ch.guild)
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	// Discord sends the text typed so far, unchecked, as the focused value.
	leaf = append(leaf, &discordgo.ApplicationCommandInteractionDataOption{Name: def.Name, Type: def.Type, Value: text, Focused: true})
	data := discordgo.ApplicationCommandInteractionData{
		ID: cmd.ID, Name: cmd.Name, CommandType: discordgo.ChatApplicationCommand, Options: wrap(leaf),
	}
	r, err := s.startLocked(u, ch, discordgo.InteractionApplicationCommandAutocomplete, data, nil,
		fmt.Sprintf("/%s %s:%q (autocomplete)", strings.Join(parts, " "), option, text), cfg)
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	cb, err := r.Wait()
	if err != nil {
		return nil, err
	}
	if cb.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		return nil, fmt.Errorf("discordtest: autocomplete answered with callback type %d, want 8", cb.Type)
	}
	var body struct {
		Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
	}
	if err := json.Unmarshal(cb.Data, &body); err != nil {
		return nil, fmt.Errorf("discordtest: autocomplete answer: %w", err)
	}
	if len(body.Choices) > 25 {
		return nil, fmt.Errorf("discordtest: autocomplete answered %d choices, Discord allows 25", len(body.Choices))
	}
	for _, c := range body.Choices {
		v, _ := c.Value.(string)
		if n := runes(c.Name); n < 1 || n > 100 || def.Type == discordgo.ApplicationCommandOptionString && (v == "" || runes(v) > 100) {
			return nil, fmt.Errorf("discordtest: autocomplete choice %q = %v breaks Discord's limits", c.Name, c.Value)
		}
	}
	return body.Choices, nil
}

// withoutRequired copies defs with no option required: while a user is
// still typing, the others may be empty.
func withoutRequired(defs []*discordgo.ApplicationCommandOption) []*discordgo.ApplicationCommandOption {
	out := make([]*discordgo.ApplicationCommandOption, len(defs))
	for i, d := range defs {
		c := *d
		c.Required = false
		out[i] = &c
	}
	return out
}
