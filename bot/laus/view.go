package laus

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/emojis"
	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// lausColor is the embed colour of Laus tables.
const lausColor = 0x8e3b46

// lausScreen is everything the Laus views draw from: one seat's engine view
// plus what the table knows around it. Views are pure functions of it, and
// the public one is drawn from a spectator's view (seat -1), which holds no
// hidden card, so no hidden card can reach the channel.
type lausScreen struct {
	TableID  string
	GameID   string // the store's ID of the match, shown once it is over for its replay
	MatchNo  int
	Version  int // the state version hand buttons are stamped with
	Seats    []table.Seat
	Settings lausSettings
	View     rules.View
	Events   []string
	Deadline time.Time   // when the current decision times out (zero: none)
	AFK      []bool      // seats the computer keeps for an absent player
	Note     string      // one-off line on top of a hand view
	Emojis   *emojis.Set // card pictures; nil shows cards as text
	// Lang is the reader's language: the server's for the public table,
	// the seat's player's own for a hand.
	Lang lang.Lang
}

func (s lausScreen) name(seatNo int) string {
	if seatNo < 0 || seatNo >= len(s.Seats) {
		return s.Lang.T("laus.nobody")
	}
	return s.Seats[seatNo].Label()
}

func (s lausScreen) afk(seatNo int) bool { return seatNo >= 0 && seatNo < len(s.AFK) && s.AFK[seatNo] }

// lausCards shows cards in message text: each as its emoji from em when
// there is one, else as its label in l.
func lausCards(l lang.Lang, em *emojis.Set, cs []rules.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = cardText(l, em, c)
	}
	return strings.Join(parts, " ")
}

// trickText lists who played what in a trick.
func (s lausScreen) trickText(tr rules.Trick) string {
	parts := make([]string, tr.N)
	for i := range tr.N {
		parts[i] = fmt.Sprintf("%s **%s**", s.name(tr.SeatOf(i)), cardText(s.Lang, s.Emojis, tr.Cards[i]))
	}
	return strings.Join(parts, " · ")
}

// turnLine says who is to do what, for the table message.
func (s lausScreen) turnLine() string {
	v := s.View
	who := s.name(v.Turn)
	id := "laus.turn.play"
	switch {
	case v.Phase == rules.PhaseSkat:
		id = "laus.turn.skat"
	case v.Phase == rules.PhaseLayBack:
		id = "laus.turn.layback"
	case v.Trick.N == 0:
		id = "laus.turn.lead"
	}
	line := s.Lang.T(id, "Who", who)
	if s.afk(v.Turn) {
		line += " " + s.Lang.T("laus.turn.computer")
	}
	if !s.Deadline.IsZero() {
		line += " " + s.Lang.T("laus.turn.ends", "Unix", s.Deadline.Unix())
	}
	return line
}

// lausEnding names the loser(s) of a finished match.
func lausEnding(s lausScreen) string {
	v := s.View
	names := make([]string, len(v.Losers))
	for i, l := range v.Losers {
		names[i] = s.name(l)
	}
	id := "laus.ending.single"
	if len(names) > 1 {
		id = "laus.ending.tied"
	}
	top := 0
	if len(v.Losers) > 0 {
		top = v.Totals[v.Losers[0]]
	}
	return s.Lang.T(id, "Rounds", s.Lang.N("laus.count.rounds", v.Round), "Names", joinAnd(s.Lang, names),
		"Top", top, "Target", v.Target)
}

// joinAnd lists names as a sentence does: "ann and ben".
func joinAnd(l lang.Lang, names []string) string { return strings.Join(names, l.T("laus.and")) }

// lausPublic renders the table message everyone in the channel sees.
func lausPublic(s lausScreen) ui.Rendering {
	v, l := s.View, s.Lang
	e := &discordgo.MessageEmbed{
		Title: l.T("laus.table.title", "Table", s.TableID, "Match", s.MatchNo, "Round", v.Round),
		Color: lausColor,
	}
	over := v.Phase == rules.PhaseOver
	if over {
		e.Description = lausEnding(s)
	} else {
		e.Description = s.turnLine() + "\n" + l.T("laus.table.your_cards")
	}
	var players strings.Builder
	for i := range s.Seats {
		marker := "▫️"
		if !over && v.Turn == i {
			marker = "▶️"
		}
		fmt.Fprintf(&players, "%s %s", marker, s.name(i))
		if i == v.Dealer && !over {
			players.WriteString(" " + l.T("laus.table.dealer"))
		}
		// One short line a seat, for a phone's screen (bot/internal/golden):
		// the total, the tricks, and in a three-player round a pass of the
		// skat, which doubles the round's scores. (Looking is what most
		// do; the turn line says whose decision is next.)
		fmt.Fprintf(&players, " — **%d**", v.Totals[i])
		if !over {
			fmt.Fprintf(&players, " · %s", l.N("laus.count.tricks", v.TricksTaken[i]))
			if v.Seats == 3 && v.SkatDecisions[i] == rules.Passed {
				players.WriteString(" · " + l.T("laus.table.passed"))
			}
		}
		if s.afk(i) {
			players.WriteString(" · " + l.T("laus.table.stands_in"))
		}
		players.WriteString("\n")
	}
	// The target heads the totals; the match's result, once reached, is in
	// the description.
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("laus.table.players", "Target", v.Target),
		Value: strings.TrimSuffix(players.String(), "\n")})
	if !over {
		trick := l.T("laus.table.no_card")
		switch last, ok := v.LastTrick(); {
		case v.Trick.N > 0:
			trick = s.trickText(v.Trick)
		case ok:
			trick = l.T("laus.table.last_trick", "Trick", s.trickText(last), "Winner", s.name(last.Winner()))
		}
		// The skat's passes double the round's scores: the one thing about
		// the skat the table must say (the seats say who looked or passed),
		// said in the field's name to save a phone's lines.
		name := l.T("laus.table.on_table")
		if v.Passes > 0 {
			name += " · " + l.T("laus.table.scores_times", "Factor", 1<<v.Passes)
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: name, Value: trick})
	}
	if n := len(s.Events); n > 0 && !over {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("laus.table.latest"), Value: strings.Join(s.Events[max(n-2, 0):], "\n")})
	}

	var row []discordgo.MessageComponent
	if over {
		if s.GameID != "" {
			e.Footer = &discordgo.MessageEmbedFooter{Text: l.T("laus.table.footer", "ID", s.GameID, "Hint", entry.ReplayHintIn(l, s.GameID))}
		}
		row = table.AfterGameButtonsIn(l, gameName, s.TableID, s.MatchNo).Components
	} else {
		id := func(verb ui.Verb) string { return matchButton(s.TableID, verb, s.MatchNo, v.Round).ID() }
		row = append(row, discordgo.Button{Label: l.T("laus.button.my_hand"), Style: discordgo.PrimaryButton, CustomID: id(table.VerbHand), Emoji: &discordgo.ComponentEmoji{Name: "🃏"}})
		if slices.Contains(s.AFK, true) {
			row = append(row, discordgo.Button{Label: l.T("laus.button.back"), Style: discordgo.SuccessButton, CustomID: id(table.VerbBack), Emoji: &discordgo.ComponentEmoji{Name: "👋"}})
		}
	}
	row = append(row, help.ButtonIn(l, gameName))
	s.Emojis.Fit(e)
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}}
}

// handRows groups a sorted hand for display: trumps, then one line per suit.
func (s lausScreen) handRows(hand []rules.Card) string {
	var rows []string
	var trumps []rules.Card
	for _, c := range hand {
		if c.IsJack() {
			trumps = append(trumps, c)
		}
	}
	if len(trumps) > 0 {
		rows = append(rows, s.Lang.T("laus.hand.trumps")+"  "+lausCards(s.Lang, s.Emojis, trumps))
	}
	for _, suit := range []rules.Suit{rules.Clubs, rules.Spades, rules.Hearts, rules.Diamonds} {
		var cs []rules.Card
		for _, c := range hand {
			if !c.IsJack() && c.Suit() == suit {
				cs = append(cs, c)
			}
		}
		if len(cs) > 0 {
			rows = append(rows, suit.Symbol()+"  "+lausCards(s.Lang, s.Emojis, cs))
		}
	}
	if len(rows) == 0 {
		return s.Lang.T("laus.hand.none")
	}
	return strings.Join(rows, "\n")
}

// lausHand renders a player's private hand message with controls for
// exactly the moves that are legal for them now.
func lausHand(s lausScreen) ui.Rendering {
	v, l := s.View, s.Lang
	e := &discordgo.MessageEmbed{
		Title: l.T("laus.hand.title", "Table", s.TableID, "Match", s.MatchNo, "Round", v.Round),
		Color: lausColor,
	}
	var desc strings.Builder
	if s.Note != "" {
		desc.WriteString(s.Note + "\n\n")
	}
	switch {
	case v.Phase == rules.PhaseOver:
		desc.WriteString(lausEnding(s))
	case s.afk(v.Seat):
		desc.WriteString(l.T("laus.hand.computer_keeps"))
	case v.MyTurn() && v.Phase == rules.PhaseSkat:
		desc.WriteString(l.T("laus.hand.turn_skat"))
	case v.MyTurn() && v.Phase == rules.PhaseLayBack:
		desc.WriteString(l.T("laus.hand.turn_layback", "Skat", lausCards(l, s.Emojis, v.Skat)))
	case v.MyTurn() && v.Trick.N == 0:
		desc.WriteString(l.T("laus.hand.turn_lead"))
	case v.MyTurn():
		led := v.Trick.Led()
		id := "laus.hand.turn_follow"
		if led.IsJack() {
			id = "laus.hand.turn_follow_jack"
		}
		desc.WriteString(l.T(id, "Who", s.name(v.Trick.SeatOf(0)), "Card", cardText(l, s.Emojis, led)))
	default:
		desc.WriteString(l.T("laus.hand.waiting", "Who", s.name(v.Turn)))
	}
	if !s.Deadline.IsZero() && v.MyTurn() && !s.afk(v.Seat) {
		desc.WriteString(" " + l.T("laus.hand.time_runs_out", "Unix", s.Deadline.Unix()))
	}
	e.Description = desc.String()
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("laus.hand.cards"), Value: s.handRows(v.Hand)})
	if v.Phase != rules.PhaseOver {
		trick := l.T("laus.table.no_card")
		if v.Trick.N > 0 {
			trick = s.trickText(v.Trick)
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("laus.table.on_table"), Value: trick})
	}
	if len(v.LaidBack) > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("laus.hand.laid_back"), Value: lausCards(l, s.Emojis, v.LaidBack)})
	}
	if v.Seat >= 0 && v.Seat < len(v.Totals) {
		e.Footer = &discordgo.MessageEmbedFooter{Text: l.T("laus.hand.footer",
			"Tricks", v.TricksTaken[v.Seat], "Total", v.Totals[v.Seat], "Target", v.Target)}
	}
	if v.Phase != rules.PhaseOver && v.MyTurn() && !s.afk(v.Seat) {
		e.Color = ui.YourTurnColor // the description says "Your turn" too
	}
	s.Emojis.Fit(e)
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: lausHandControls(s)}
}

// lausHandControls lists the viewer's legal moves as buttons (or, to lay
// back, a menu of two picks), with Refresh and, if needed, I'm back.
func lausHandControls(s lausScreen) []discordgo.MessageComponent {
	v, l := s.View, s.Lang
	id := func(verb ui.Verb, card rules.Card) string {
		return moveControl{Table: s.TableID, Verb: verb, Seq: s.Version, Card: card}.ID()
	}
	if v.Phase == rules.PhaseOver {
		return []discordgo.MessageComponent{}
	}
	// Refresh and I'm back mean the same at any moment of the match, so they
	// carry the match number: a click never finds them gone after a move.
	stable := func(verb ui.Verb) string { return matchButton(s.TableID, verb, s.MatchNo, 0).ID() }
	refresh := discordgo.Button{Label: l.T("laus.button.refresh"), Style: discordgo.SecondaryButton, CustomID: stable(verbRefresh), Emoji: &discordgo.ComponentEmoji{Name: "🔄"}}
	last := []discordgo.MessageComponent{refresh}
	if s.afk(v.Seat) {
		back := discordgo.Button{Label: l.T("laus.button.back"), Style: discordgo.SuccessButton, CustomID: stable(verbResume), Emoji: &discordgo.ComponentEmoji{Name: "👋"}}
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{back, refresh}}}
	}
	if !v.MyTurn() {
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: last}}
	}
	var rows []discordgo.MessageComponent
	switch v.Phase {
	case rules.PhaseSkat:
		last = append([]discordgo.MessageComponent{
			discordgo.Button{Label: l.T("laus.button.look"), Style: discordgo.PrimaryButton, CustomID: id(verbLook, rules.NoCard)},
			discordgo.Button{Label: l.T("laus.button.pass"), Style: discordgo.DangerButton, CustomID: id(verbPass, rules.NoCard)},
		}, last...)
	case rules.PhaseLayBack:
		var opts []discordgo.SelectMenuOption
		for _, c := range v.Hand {
			if c.IsJack() || c.IsQueen() {
				continue
			}
			o := discordgo.SelectMenuOption{Label: cardLabel(l, c), Value: c.String()}
			if slices.Contains(v.Skat, c) {
				o.Description = l.T("laus.hand.from_skat")
			}
			opts = append(opts, o)
		}
		two := 2
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			MenuType: discordgo.StringSelectMenu, CustomID: id(verbLay, rules.NoCard), Placeholder: l.T("laus.hand.choose_two"),
			MinValues: &two, MaxValues: 2, Options: opts,
		}}})
	case rules.PhasePlay:
		var cards []discordgo.MessageComponent
		for _, c := range rules.Legal(v.Hand, v.Trick.Played()) {
			b := discordgo.Button{Label: cardLabel(l, c), Style: discordgo.SecondaryButton, CustomID: id(verbPlay, c)}
			// The label stays: screen readers read it, and it is all
			// there is while the emojis are not uploaded.
			if e, ok := cardEmoji(s.Emojis, c); ok {
				b.Emoji = &e
			}
			cards = append(cards, b)
		}
		rows = append(rows, ui.ChunkRows(cards)...)
	}
	return append(rows, discordgo.ActionsRow{Components: last})
}
