package laus

import "github.com/cardbot/cardbot/bot/help"

// guide is Laus's How to play, in the bot's own words (the published rule
// texts may not be copied). Its first page says how a turn goes in twelve
// short lines, enough to play a first match; the others give the details.
var guide = help.Guide{Game: "laus", Title: "Laus", Color: lausColor, Pages: []help.Page{
	{Title: "a turn", Body: `Your cards come to you alone when the
match starts (or press 🃏 **My hand**).
**Goal:** take as few points as you can.
With three players, each first looks at
the skat or passes (a pass doubles all).
**Your turn:** press a card to play it.
Only the cards you may play are offered.
Jacks are trumps; the best card takes
the trick, and its taker leads next.
The highest total at the target loses.
Your hand updates itself as others play.
The table shows each round's result.`},
	{Title: "cards and points", Body: `**Cards.** 32 of them: 7 8 9 10 J Q K A in ♣ ♠ ♥ ♦. The four **jacks are trumps**, strongest first J♣ J♠ J♥ J♦, and belong to no plain suit. In a plain suit the order is A 10 K Q 9 8 7.

**Points you collect.** A 11 · 10 10 · K 4 · Q 3 · J 2 · 9 8 7 nothing. Queens hurt more: take Q♣ and you add 300, Q♠ 200, Q♥ 100. Q♦ is your shield: taking it wipes out every queen bonus in your pile that round (the 3 points per queen stay).`},
	{Title: "deal, skat and tricks", Body: `**Dealing.** The deal moves one seat to the left each round. Four players get eight cards each. Three players get ten each, and two go face down as the **skat**.

**The skat (three players).** From the dealer's left round to the dealer, each player either looks (takes the two cards, then lays any two back face down, never a queen or a jack) or passes. Every pass **doubles** the whole round.

**Tricks.** The dealer's left leads. Follow the led suit if you can (a jack lead asks for a jack); otherwise play anything. The best jack takes the trick, else the best card of the led suit. In the three-player game the skat goes to whoever takes the last trick.`},
	{Title: "scoring and more", Body: `**Scoring.** Your round score is your pile's points plus queen bonuses, doubled for each skat pass and for each player who took no trick at all. Take **every** trick and you score −120 instead (doubled per pass) while the others score 0. When a total reaches the table's target, the match stops: the **highest** total loses (a tie loses together).

**Time.** Run out of time and the computer plays for you; three times in a row and it keeps your seat until you press **I'm back**.

**Looking back.** ` + "`/laus scoreboard`" + ` shows this channel's match; ` + "`/laus history`" + ` and ` + "`/laus replay match:<ID>`" + ` step through finished ones. ` + "`/cardbot help`" + ` lists every command.`},
}}
