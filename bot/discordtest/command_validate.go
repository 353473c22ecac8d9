package discordtest

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// commandName is Discord's rule for a chat command's name and each of its
// localised names; letters must also be lower case where they have a case.
var commandName = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// knownLocales are the locales Discord accepts as localisation keys.
var knownLocales = func() map[discordgo.Locale]bool {
	m := map[discordgo.Locale]bool{}
	for l := range discordgo.Locales {
		m[l] = true
	}
	return m
}()

// validateCommand checks a chat command as Discord does when it is
// registered: names, descriptions (1-100), their localisations, choices,
// at most 25 options a level, and no two options of a level sharing a
// name, in any language.
func validateCommand(path string, c *discordgo.ApplicationCommand) *apiError {
	if err := checkName(path+".name", c.Name); err != nil {
		return err
	}
	if err := checkDescription(path+".description", c.Description); err != nil {
		return err
	}
	if c.NameLocalizations != nil {
		if err := checkLocalized(path+".name_localizations", *c.NameLocalizations, checkName); err != nil {
			return err
		}
	}
	if c.DescriptionLocalizations != nil {
		if err := checkLocalized(path+".description_localizations", *c.DescriptionLocalizations, checkDescription); err != nil {
			return err
		}
	}
	return validateOptions(path+".options", c.Options)
}

func validateOptions(path string, opts []*discordgo.ApplicationCommandOption) *apiError {
	if len(opts) > 25 {
		return tooLong(path, 25)
	}
	seen := map[string]bool{}
	for i, o := range opts {
		p := fmt.Sprintf("%s.%d", path, i)
		if err := checkName(p+".name", o.Name); err != nil {
			return err
		}
		if err := checkDescription(p+".description", o.Description); err != nil {
			return err
		}
		if err := checkLocalized(p+".name_localizations", o.NameLocalizations, checkName); err != nil {
			return err
		}
		if err := checkLocalized(p+".description_localizations", o.DescriptionLocalizations, checkDescription); err != nil {
			return err
		}
		names := []string{"_" + o.Name}
		for l, n := range o.NameLocalizations {
			names = append(names, string(l)+"_"+n)
		}
		for _, n := range names {
			key := n[strings.Index(n, "_")+1:]
			lang := n[:strings.Index(n, "_")]
			if seen[lang+"/"+key] {
				return formError(p+".name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
			}
			seen[lang+"/"+key] = true
		}
		if len(o.Choices) > 25 {
			return tooLong(p+".choices", 25)
		}
		for j, ch := range o.Choices {
			cp := fmt.Sprintf("%s.choices.%d", p, j)
			if n := runes(ch.Name); n < 1 || n > 100 {
				return badLength(cp+".name", 1, 100)
			}
			for l, n := range ch.NameLocalizations {
				if !knownLocales[l] {
					return formError(cp+".name_localizations."+string(l), "LOCALE_INVALID", "Invalid locale")
				}
				if runes(n) < 1 || runes(n) > 100 {
					return badLength(cp+".name_localizations."+string(l), 1, 100)
				}
			}
		}
		if err := validateOptions(p+".options", o.Options); err != nil {
			return err
		}
	}
	return nil
}

func checkName(path, name string) *apiError {
	if !commandName.MatchString(name) || strings.ToLower(name) != name {
		return formError(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
	}
	return nil
}

func checkDescription(path, d string) *apiError {
	if n := runes(d); n < 1 || n > 100 {
		return badLength(path, 1, 100)
	}
	return nil
}

func checkLocalized(path string, m map[discordgo.Locale]string, check func(string, string) *apiError) *apiError {
	for l, v := range m {
		if !knownLocales[l] {
			return formError(path+"."+string(l), "LOCALE_INVALID", "Invalid locale")
		}
		if err := check(path+"."+string(l), v); err != nil {
			return err
		}
	}
	return nil
}
