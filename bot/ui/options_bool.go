package ui

import "github.com/bwmarrin/discordgo"

// BoolOption is a true/false option.
func BoolOption(name string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: name}
}

// Bool returns the true/false option name, or def when it was left out.
func (o OptionsView) Bool(name string, def bool) bool {
	if opt, ok := o[name]; ok && opt.Type == discordgo.ApplicationCommandOptionBoolean {
		if b, ok := opt.Value.(bool); ok {
			return b
		}
	}
	return def
}

// Has reports whether the option name was given.
func (o OptionsView) Has(name string) bool {
	_, ok := o[name]
	return ok
}
