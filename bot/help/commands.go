package help

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// commandList is what /cardbot help shows: every command, one short line
// each, grouped as a newcomer looks for them (play, learn, look back).
const commandList = `**Play**
` + "`/laro new`" + ` open a Laro table here (1–6 players, chips)
` + "`/laus new`" + ` open a Laus table here (3–4 players)
Then press **Join**; the host presses **Start**.

**Learn**
` + "`/laro rules`" + ` · ` + "`/laus rules`" + ` how to play, page by page
(also the **How to play** button on every table)

**Look back**
` + "`/laro stats`" + ` · ` + "`/laro history`" + ` · ` + "`/laro replay`" + `
` + "`/laus scoreboard`" + ` · ` + "`/laus history`" + ` · ` + "`/laus replay`" + `

**Chips**
` + "`/chips balance`" + ` · ` + "`/chips daily`" + ` · ` + "`/chips leaderboard`" + `
Games with a computer seat cost no chips.

**Server** (Manage Server)
` + "`/cardbot settings`" + ` defaults for new tables
` + "`/chips grant`" + ` give or take chips`

// Commands answers /cardbot help, privately: anyone may ask.
func Commands() *ui.Reply {
	return ui.EphemeralMessage("", []*discordgo.MessageEmbed{{Title: "cardbot's commands", Description: commandList, Color: 0x5865f2}}, nil)
}
