package ui

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
)

// Localized is a copy of cmd with its descriptions in English and German,
// and its German names, filled from the message catalogue, walking the
// command as Discord shows it. It copies every option and choice it fills:
// games share option values between the bots of a process (their
// /cardbot settings options), and one bot's command must never be written
// while another's is being sent. Each node's messages are found by its path of canonical names:
//
//	cmd.<command>.desc                     the command's description
//	cmd.<command>.<sub>.desc / .name       a subcommand's
//	cmd.<command>.<sub>.<option>.desc / .name
//	cmd.<command>.<sub>.<option>.choice.<value>   a fixed choice's label
//
// (an option straight under the command drops <sub>). A node the catalogue
// has no description for keeps the one it was built with: only test
// fixtures do so, and the bot's tests check that every command of the real
// bot is in the catalogue. The router keeps matching canonical names:
// Discord always sends those, whatever name the member saw.
func Localized(shared *discordgo.ApplicationCommand) *discordgo.ApplicationCommand {
	own := *shared
	cmd := &own
	cmd.Options = copyOptions(shared.Options)
	key := "cmd." + cmd.Name
	if d, ok := describe(key); ok {
		cmd.Description = d.text
		if d.localized != nil {
			cmd.DescriptionLocalizations = &d.localized
		}
	}
	for _, o := range cmd.Options {
		localizeOption(key, o)
	}
	return cmd
}

// copyOptions deep-copies options, their choices and their sub-options.
func copyOptions(opts []*discordgo.ApplicationCommandOption) []*discordgo.ApplicationCommandOption {
	if opts == nil {
		return nil
	}
	out := make([]*discordgo.ApplicationCommandOption, len(opts))
	for i, o := range opts {
		c := *o
		c.Options = copyOptions(o.Options)
		c.Choices = nil
		for _, ch := range o.Choices {
			own := *ch
			c.Choices = append(c.Choices, &own)
		}
		out[i] = &c
	}
	return out
}

func localizeOption(parent string, o *discordgo.ApplicationCommandOption) {
	key := parent + "." + o.Name
	if d, ok := describe(key); ok {
		o.Description, o.DescriptionLocalizations = d.text, d.localized
	}
	if names := localizedNames(key + ".name"); names != nil {
		o.NameLocalizations = names
	}
	for _, c := range o.Choices {
		id := fmt.Sprintf("%s.choice.%v", key, c.Value)
		if lang.English.Has(id) {
			c.Name = lang.English.T(id)
			c.NameLocalizations = otherLanguages(id)
		}
	}
	for _, sub := range o.Options {
		localizeOption(key, sub)
	}
}

// description is a node's English description and its translations.
type description struct {
	text      string
	localized map[discordgo.Locale]string
}

func describe(key string) (description, bool) {
	id := key + ".desc"
	if !lang.English.Has(id) {
		return description{}, false
	}
	return description{text: lang.English.T(id), localized: otherLanguages(id)}, true
}

// otherLanguages is message id in every language but English, keyed by the
// Discord locale it is registered under.
func otherLanguages(id string) map[discordgo.Locale]string {
	m := map[discordgo.Locale]string{}
	for _, l := range lang.All[1:] {
		if l.Has(id) {
			m[l.Locale()] = l.T(id)
		}
	}
	if len(m) == 0 {
		return nil
	}
	return m
}

// localizedNames is a node's name in every language where it differs from
// the canonical (English) one; nil if none does.
func localizedNames(id string) map[discordgo.Locale]string {
	if !lang.English.Has(id) {
		return nil
	}
	m := map[discordgo.Locale]string{}
	for _, l := range lang.All[1:] {
		if l.Has(id) && l.T(id) != lang.English.T(id) {
			m[l.Locale()] = l.T(id)
		}
	}
	if len(m) == 0 {
		return nil
	}
	return m
}
