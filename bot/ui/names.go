package ui

import (
	"strings"

	"github.com/bwmarrin/discordgo"
)

// MaxNameRunes caps a name as tables show it. Discord caps nicknames,
// global names and usernames at 32 characters; the cap also holds for a
// name from anywhere else, so a seat list always fits its embed field.
const MaxNameRunes = 32

// DisplayName is the name a table shows for the member who sent i: their
// server nickname, else their global name, else their username, as
// Discord itself shows them in that server. The name is the user's own
// text, capped at MaxNameRunes; show it in markdown through EscapeName.
func DisplayName(i *discordgo.Interaction) string {
	name := ""
	if i.Member != nil {
		name = i.Member.Nick
	}
	if u := UserOf(i); name == "" && u != nil {
		name = u.GlobalName
		if name == "" {
			name = u.Username
		}
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return "someone"
	}
	return capName(name)
}

// capName cuts a name to MaxNameRunes, marking the cut with "…".
func capName(name string) string {
	r := []rune(name)
	if len(r) <= MaxNameRunes {
		return name
	}
	return string(r[:MaxNameRunes-1]) + "…"
}

// markdown escapes every character Discord's markdown gives a meaning
// within a line: emphasis, strike, spoiler, code, quotes, masked links and
// the escape itself. "<" is escaped too, so a name never becomes a mention
// or a custom emoji. Heading and list marks mean something only at the
// start of a line, where EscapeName escapes them.
var markdown = strings.NewReplacer(
	`\`, `\\`, `*`, `\*`, `_`, `\_`, `~`, `\~`, "`", "\\`", `|`, `\|`,
	`>`, `\>`, `<`, `\<`, `[`, `\[`, `]`, `\]`,
)

// markdownChars are the characters markdown escapes.
const markdownChars = "\\*_~`|><[]"

// lineBreaks turns line breaks into spaces.
var lineBreaks = strings.NewReplacer("\n", " ", "\r", " ")

// EscapeName makes a user's name safe to put in markdown: it shows as
// typed, never as bold, a spoiler, a link or a ping. Discordgo has no such
// helper. Line breaks become spaces, so a name keeps to its line.
func EscapeName(name string) string {
	if strings.ContainsAny(name, "\n\r") {
		name = lineBreaks.Replace(name)
	}
	if strings.ContainsAny(name, markdownChars) {
		// Most names have none of them, and a Replacer copies even those.
		name = markdown.Replace(name)
	}
	if strings.HasPrefix(name, "#") || strings.HasPrefix(name, "-") || strings.HasPrefix(name, "+") {
		name = `\` + name
	}
	return name
}

// NameOr shows userID by their name in names (as store.SeatNames finds
// them), escaped, or, for someone the bot knows no name for, as a mention:
// the one way left to say who they are.
func NameOr(names map[string]string, userID string) string {
	if n, ok := names[userID]; ok && n != "" {
		return EscapeName(n)
	}
	return "<@" + userID + ">"
}
