package guildsettings

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
)

// followDiscord is the language choice that follows Discord's server
// language (the server's Primary Language in its Community settings).
const followDiscord = "auto"

// languageOption is /cardbot settings language: the language of the
// server's public messages. Private replies always follow their reader.
func languageOption() *discordgo.ApplicationCommandOption {
	o := ui.StringOption("language", false, false, 0)
	o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: followDiscord, Value: followDiscord})
	for _, l := range lang.All {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: l.Code(), Value: l.Code()})
	}
	return o
}

// languageChange reads the language option and reset:language into the
// code to store ("" follows Discord); ok is false when neither was given.
func languageChange(in *ui.Input) (code string, ok bool) {
	if in.Options.String("reset") == "language" {
		return "", true
	}
	v := in.Options.String("language")
	if v == "" {
		return "", false
	}
	if _, known := lang.Parse(v); known {
		return v, true
	}
	return "", true // followDiscord, or a value from an older command list
}

// applyLanguage stores a language change if in asks for one.
func (s *Settings) applyLanguage(ctx context.Context, in *ui.Input) (changed bool, err error) {
	code, ok := languageChange(in)
	if !ok {
		return false, nil
	}
	return true, s.env.ChooseServerLang(ctx, in.GuildID, in.UserID, code)
}

// languageField shows the server's public language and where it comes from.
func (s *Settings) languageField(ctx context.Context, in *ui.Input) *discordgo.MessageEmbedField {
	l, now := in.Lang(), s.env.ServerLang(ctx, in.GuildID)
	v := l.T("settings.discord", "V", languageName(now))
	if s.env.ServerLangChoice(ctx, in.GuildID) != "" {
		v = l.T("settings.set", "V", languageName(now), "Unit", "")
	}
	return &discordgo.MessageEmbedField{Name: l.T("settings.language"), Value: v, Inline: true}
}

// languageName is a language's name in itself, as a language menu shows it.
func languageName(l lang.Lang) string {
	if l == lang.German {
		return "Deutsch" // lang:keep — a language's own name
	}
	return "English" // lang:keep — a language's own name
}
