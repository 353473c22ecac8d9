package ui

import (
	"context"

	"github.com/bwmarrin/discordgo"
)

// A ComponentModule answers clicks that belong to no live table: the pages
// of a history and the steps of a replay, whose whole state is in their
// custom_id, so they work after a restart with nothing kept in memory.
type ComponentModule interface {
	// OwnsComponent reports whether the module answers the click itself
	// rather than a table.
	OwnsComponent(id ComponentID) bool
	// HandleComponent answers such a click.
	HandleComponent(ctx context.Context, in *Input) *Reply
}

// An AutocompleteModule offers choices while a user types into one of its
// command's options (Discord's autocomplete interaction).
type AutocompleteModule interface {
	// Autocomplete returns at most MaxChoices choices for the option
	// in.Focused, whose text so far is in in.Options.
	Autocomplete(ctx context.Context, in *Input) []*discordgo.ApplicationCommandOptionChoice
}

// MaxChoices is the most choices Discord shows for an autocompleted option.
const MaxChoices = 25

// Choices answers an autocomplete interaction. The choices are seen only by
// the person typing, so the reply may go out as it is.
func Choices(cs []*discordgo.ApplicationCommandOptionChoice) *Reply {
	if cs == nil {
		cs = []*discordgo.ApplicationCommandOptionChoice{}
	}
	return &Reply{Public: true, InteractionResponse: discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: cs},
	}}
}

// StringOption is a text option; with autocomplete set, Discord asks the
// bot for choices while the user types.
func StringOption(name string, required, autocomplete bool, maxLen int) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: name,
		Required: required, Autocomplete: autocomplete, MaxLength: maxLen,
	}
}

// String returns the text option name, or "" when it was left out.
func (o OptionsView) String(name string) string {
	if opt, ok := o[name]; ok && opt.Type == discordgo.ApplicationCommandOptionString {
		if s, ok := opt.Value.(string); ok {
			return s
		}
	}
	return ""
}
