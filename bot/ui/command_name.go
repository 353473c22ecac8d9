package ui

import (
	"strings"

	"github.com/cardbot/cardbot/bot/lang"
)

// Cmd names a command as a member reading l sees it in Discord's command
// picker: path is the canonical name ("laro new"), and each part takes its
// localised name from the catalogue (see Localize), so German reads
// "/laro neu". A text that tells someone what to type names it so.
func Cmd(l lang.Lang, path string) string {
	parts := strings.Fields(path)
	key := "cmd"
	for i, p := range parts {
		key += "." + p
		if id := key + ".name"; l.Has(id) {
			parts[i] = l.T(id)
		}
	}
	return "/" + strings.Join(parts, " ")
}

// OptionName is an option's name as a member reading l sees it: path is
// its canonical path ("cardbot settings stake" reads "einsatz" in German).
func OptionName(l lang.Lang, path string) string {
	parts := strings.Fields(path)
	id := "cmd." + strings.Join(parts, ".") + ".name"
	if l.Has(id) {
		return l.T(id)
	}
	return parts[len(parts)-1]
}
