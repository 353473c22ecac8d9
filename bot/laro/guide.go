package laro

import "github.com/cardbot/cardbot/bot/help"

// guide is Laro's How to play, in the bot's own words (the published rule
// texts may not be copied). Its first page says how a turn goes in twelve
// short lines, enough to play a first game; the others give the details.
var guide = help.Guide{Game: "laro", Title: "Laro", Color: 0x2b7a78, Pages: []help.Page{
	{Title: "a turn", Body: `Your cards come to you alone when the
game starts (or press 🃏 **My hand**).
**Your turn:** press **Draw from deck**,
or **Take** the top discard.
Then press a card to throw it away.
**Goal:** three *clusters* of three, like
●+4 ●+5 ●+6 (a run in one suit).
Nine cards in three clusters after a
draw? Press **Declare win**.
Someone discards a card you need?
Press **📣 LARO!** on the table to grab it.
Your hand updates itself as others play.`},
	{Title: "cards and clusters", Body: `**The deck.** 63 cards: three suits (● circle, ▲ triangle, ■ square), each with a plus and a minus half numbered 1–10, plus three wild **Void** cards.

**Clusters**, best first:
• **Void**: all three Voids, 9 points
• **Pure**: three in a row, one suit and one half (●+4 ●+5 ●+6), 3 points
• **Wild**: two of a pure run and a Void in the gap (●+4 ●+6 V), 2 points
• **Corrupt**: three in a row in one suit, halves mixed (●+4 ●−5 ●+6), 1 point
Runs stop at 10: 10-1-2 is no run.

**Winning.** The dealer moves first. After your draw, nine cards that make three clusters win: press **Declare win**. Your points are your clusters' points.`},
	{Title: "LARO!", Body: `When someone discards, anyone else may press **LARO!** on the table to take that card, if it completes a cluster with two of their cards (or wins them the game). They lay that cluster face up, discard, and play goes on after them: anyone in between is skipped.

Several calls on one card? A winning call beats the others, then the better cluster, then whoever sits first after the discarder. Calls count by the moment you pressed, within the table's window.`},
	{Title: "chips and more", Body: `**Chips.** Each loser pays the winner *stake × points*, and the winner takes the antes. If the deck runs out three times with no winner, the antes go back. A table with a computer seat plays for nothing: practise there for free.

**Time.** Run out of time and the computer plays your turn; the third time in a row, you leave the game.

**Looking back.** ` + "`/laro history`" + ` lists your finished games here; ` + "`/laro replay game:<ID>`" + ` steps through one move by move, every hand shown.

**Busy channel?** ` + "`/laro new thread:true`" + ` plays each game in a thread. A server's defaults for new tables are set with ` + "`/cardbot settings`" + ` (Manage Server). ` + "`/cardbot help`" + ` lists every command.`},
}}
