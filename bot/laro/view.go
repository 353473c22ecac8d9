package laro

import (
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/emojis"
	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// laroScreen is everything the Laro views draw from: one seat's engine view
// plus what the table knows around it. Views are pure functions of it, so
// they are easy to test and can never reach hidden state.
type laroScreen struct {
	TableID  string
	GameID   string // the store's ID of the game, shown once it is over for its replay
	GameNo   int
	Version  int // the state version hand buttons are stamped with
	Seats    []table.Seat
	Settings laroSettings
	Pot      int64
	View     rules.View // from the viewer's seat; a spectator's has Seat -1
	Events   []string
	Deadline time.Time // when the current turn times out (zero: none)
	Window   string    // the claim window's state, in words ("" when closed)
	Waiting  string    // the viewer's pending draw or call, in words
	Result   []string  // chip results once the game is over
	Note     string    // a line on top of a hand view: the answer to a click, or why the viewer's last move came to nothing
	Choice   []rules.CallOption
	Emojis   *emojis.Set    // card pictures; nil shows cards as text
	Revealed [][]rules.Card // every seat's hand, once the game is over (see end_picture.go)
	Claim    *handClaim     // the viewer's part of an open LARO! window (see hand_claim.go)
	Lang     lang.Lang      // the reader's: the server's for the table, the player's for a hand
}

// card shows one card in message text: its emoji when there is one, else
// its symbol.
func (s laroScreen) card(c rules.Card) string { return cardText(s.Emojis, c) }

// cards shows cards in message text, separated by spaces.
func (s laroScreen) cards(cs []rules.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = s.card(c)
	}
	return strings.Join(parts, " ")
}

// cluster shows a cluster with its kind in message text.
func (s laroScreen) cluster(cl []rules.Card) string {
	k, _ := rules.Classify(cl)
	return "[" + s.cards(cl) + "] " + kindName(s.Lang, k)
}

// cardButton puts a card's emoji on a button, keeping its text label for
// screen readers and for when there is no emoji.
func (s laroScreen) cardButton(b discordgo.Button, c rules.Card) discordgo.Button {
	if e, ok := cardEmoji(s.Emojis, c); ok {
		b.Emoji = &e
	}
	return b
}

// clusterText shows a cluster with its kind as plain text in l, for the
// table's event lines (stored as text, so they never hold emojis).
func clusterText(l lang.Lang, cl []rules.Card) string {
	return laroScreen{Lang: l}.cluster(cl)
}

func (s laroScreen) name(seatNo int) string {
	if seatNo < 0 || seatNo >= len(s.Seats) {
		return s.Lang.T("laro.nobody")
	}
	return s.Seats[seatNo].Label()
}

// laroPublic renders the table message everyone in the channel sees. It is
// drawn from a spectator's view, so no hidden card can reach it.
func laroPublic(s laroScreen) ui.Rendering {
	v, l := s.View, s.Lang
	e := &discordgo.MessageEmbed{
		Title: tableTitle(l, s.TableID, s.GameNo),
		Color: 0x2b7a78,
	}
	var desc strings.Builder
	switch {
	case v.Phase == rules.PhaseOver:
		desc.WriteString(laroEnding(s))
	case v.Phase == rules.PhaseDraw:
		desc.WriteString(l.T("laro.table.to_draw", "Name", s.name(v.Turn)))
	default:
		desc.WriteString(l.T("laro.table.to_discard", "Name", s.name(v.Turn)))
	}
	if !s.Deadline.IsZero() && v.Phase != rules.PhaseOver {
		desc.WriteString(" " + l.T("laro.table.turn_ends", "At", s.Deadline.Unix()))
	}
	if s.Window != "" {
		desc.WriteString("\n📣 " + s.Window)
	}
	if v.Phase != rules.PhaseOver {
		// A newcomer's cards are one press away: the hint says where.
		desc.WriteString("\n" + l.T("laro.table.hand_hint"))
	}
	e.Description = desc.String()

	over := v.Phase == rules.PhaseOver
	if !over {
		// The message must fit a phone's screen (bot/internal/golden): the
		// discard is what players act on, so it keeps a field; the deck and
		// the stakes go to the footer's small print.
		top := l.T("laro.table.empty")
		if v.Top != rules.NoCard {
			top = l.T("laro.table.discard_top", "Card", s.card(v.Top), "N", v.DiscardSize)
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("laro.table.discard"), Value: top})
		e.Footer = &discordgo.MessageEmbedFooter{Text: l.N("laro.table.footer", v.DeckSize,
			"Reshuffles", v.Reshuffles, "Max", rules.MaxReshuffles, "Stakes", s.Settings.stakesText(l, s.Pot, len(s.Seats)))}
	}
	var players strings.Builder
	for i := range s.Seats {
		marker := "▫️"
		if v.Phase != rules.PhaseOver && v.Turn == i {
			marker = "▶️"
		}
		fmt.Fprintf(&players, "%s %s", marker, s.name(i))
		if i == v.Dealer {
			players.WriteString(" (" + l.T("laro.dealer") + ")")
		}
		if v.Forfeited[i] {
			players.WriteString(" — " + l.T("laro.left_game") + "\n")
			continue
		}
		players.WriteString(" — " + l.T("laro.table.in_hand", "N", v.HandSizes[i]))
		for _, cl := range v.Laid[i] {
			players.WriteString(" · " + s.cluster(cl))
		}
		players.WriteString("\n")
	}
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("laro.table.players"), Value: strings.TrimSuffix(players.String(), "\n")})
	if len(s.Events) > 0 && !over { // once it is over, the description tells how it ended
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("laro.table.latest"), Value: strings.Join(s.Events, "\n")})
	}

	var comps []discordgo.MessageComponent
	if v.Phase != rules.PhaseOver {
		handID := gameButton(s.TableID, table.VerbHand, s.GameNo).ID()
		comps = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("laro.table.my_hand"), Style: discordgo.PrimaryButton, CustomID: handID, Emoji: &discordgo.ComponentEmoji{Name: "🃏"}},
			s.laroButton(),
			help.ButtonIn(l, "laro"),
		}}}
	} else {
		if s.GameID != "" {
			e.Footer = &discordgo.MessageEmbedFooter{Text: l.T("laro.table.game_footer", "ID", s.GameID, "Hint", entry.ReplayHintIn(l, s.GameID))}
		}
		row := table.AfterGameButtonsIn(l, "laro", s.TableID, s.GameNo)
		row.Components = append(row.Components, help.ButtonIn(l, "laro"))
		comps = []discordgo.MessageComponent{row}
	}
	s.Emojis.Fit(e)
	return withEndPicture(ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: comps}, s)
}

// laroEnding says how a game ended, for the table and the hands.
func laroEnding(s laroScreen) string {
	v, l := s.View, s.Lang
	var b strings.Builder
	switch v.End {
	case rules.EndWin:
		b.WriteString(l.T("laro.end.wins", "Name", s.name(v.Winner), "Points", l.N("laro.points", v.Points)))
		for _, cl := range v.WinClusters {
			b.WriteString("\n" + s.cluster(cl))
		}
		if v.Seats == 1 {
			b.WriteString("\n" + l.N("laro.end.solo", v.Turns))
		}
	case rules.EndDefault:
		b.WriteString(l.T("laro.end.by_default", "Name", s.name(v.Winner)))
	case rules.EndDeckOut:
		b.WriteString(l.T("laro.end.deck_out"))
	default:
		b.WriteString(l.T("laro.end.abandoned"))
	}
	if len(s.Result) > 0 {
		b.WriteString("\n" + l.T("laro.end.chips", "Result", strings.Join(s.Result, " · ")))
	}
	return b.String()
}

// laroHand renders a player's private hand message with the buttons for
// exactly the moves that are legal for them now.
func laroHand(s laroScreen) ui.Rendering {
	v, l := s.View, s.Lang
	e := &discordgo.MessageEmbed{
		Title: l.T("laro.hand.title", "Table", s.TableID, "Game", s.GameNo),
		Color: 0x3aafa9,
	}
	var desc strings.Builder
	if s.Note != "" {
		desc.WriteString(s.Note + "\n\n")
	}
	if s.Claim != nil && v.Phase != rules.PhaseOver {
		desc.WriteString(s.claimLine() + "\n")
	}
	switch {
	case v.Phase == rules.PhaseOver:
		desc.WriteString(laroEnding(s))
	case s.Waiting != "":
		desc.WriteString(s.Waiting)
	case len(s.Choice) > 0:
		desc.WriteString(l.T("laro.hand.choose"))
	case v.MyTurn() && v.Phase == rules.PhaseDraw && v.Top == rules.NoCard:
		// The first turn of a game: the discard pile is still empty.
		desc.WriteString(l.T("laro.hand.draw_first"))
	case v.MyTurn() && v.Phase == rules.PhaseDraw:
		desc.WriteString(l.T("laro.hand.draw"))
	case v.MyTurn():
		if pts, ok := v.Win(); ok {
			desc.WriteString(l.T("laro.hand.discard_or_win", "Points", l.N("laro.points", pts)))
		} else {
			desc.WriteString(l.T("laro.hand.discard"))
		}
		if v.Drawn != rules.NoCard {
			desc.WriteString(" " + l.T("laro.hand.drew", "Card", s.card(v.Drawn)))
		}
	default:
		desc.WriteString(l.T("laro.hand.waiting", "Name", s.name(v.Turn)))
	}
	if !s.Deadline.IsZero() && v.MyTurn() && v.Phase != rules.PhaseOver {
		desc.WriteString(" " + l.T("laro.hand.time_runs_out", "At", s.Deadline.Unix()))
	}
	e.Description = desc.String()
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("laro.hand.cards"), Value: orNone(l, s.suitRows(v.Hand))})
	if laid := v.Laid[v.Seat]; len(laid) > 0 {
		var b strings.Builder
		for _, cl := range laid {
			b.WriteString(s.cluster(cl) + "\n")
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("laro.hand.laid"), Value: strings.TrimSuffix(b.String(), "\n")})
	}
	if v.Phase != rules.PhaseOver {
		if hints := rules.FirstHints(v.Hand, maxHints); len(hints) > 0 {
			e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("laro.hand.hints"), Value: s.hintLines(hints)})
		}
	}
	top := l.T("laro.table.empty")
	if v.Top != rules.NoCard {
		top = v.Top.Symbol()
	}
	// A footer shows no custom emoji, so the discard stays text there. The
	// deck's size matters only to the player about to draw; a waiting hand
	// leaves it out, so that another player's draw from the deck leaves the
	// waiting hand as it was and costs no edit of it (see Core.RefreshHands).
	footer := l.T("laro.hand.footer_discard", "Top", top)
	if v.MyTurn() && v.Phase != rules.PhaseOver {
		footer += " · " + l.T("laro.hand.footer_deck", "N", v.DeckSize)
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: footer}
	if v.Phase != rules.PhaseOver && s.Waiting == "" && (v.MyTurn() || len(s.Choice) > 0) {
		e.Color = ui.YourTurnColor // the description says so in words too
	}
	s.Emojis.Fit(e)
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: laroHandButtons(s)}
}

func orNone(l lang.Lang, s string) string {
	if s == "" {
		return l.T("laro.none")
	}
	return s
}

// laroHandButtons lists the viewer's legal moves as buttons.
func laroHandButtons(s laroScreen) []discordgo.MessageComponent {
	v, l := s.View, s.Lang
	move := func(b moveButton) string {
		b.Table, b.Move = s.TableID, s.Version
		return b.ID()
	}
	var rows []discordgo.MessageComponent
	if len(s.Choice) > 0 {
		var row []discordgo.MessageComponent
		for i, o := range s.Choice {
			row = append(row, discordgo.Button{
				Label: o.Pair[0].Symbol() + " " + o.Pair[1].Symbol() + " (" + kindName(l, o.Kind) + ")",
				Style: discordgo.SuccessButton, CustomID: move(moveButton{Verb: verbLay, Option: i}),
			})
		}
		return ui.ChunkRows(row)
	}
	refreshID := refreshButton{Table: s.TableID}.ID()
	refresh := discordgo.Button{Label: l.T("laro.hand.refresh"), Style: discordgo.SecondaryButton, CustomID: refreshID, Emoji: &discordgo.ComponentEmoji{Name: "🔄"}}
	// The LARO! button leads the first row while the viewer could call.
	top := s.claimButtons()
	if v.Phase == rules.PhaseOver || !v.MyTurn() || s.Waiting != "" {
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: append(top, refresh)}}
	}
	if v.Phase == rules.PhaseDraw {
		top = append(top, discordgo.Button{Label: l.T("laro.hand.draw_deck"), Style: discordgo.PrimaryButton, CustomID: move(moveButton{Verb: verbDraw})})
		if v.Top != rules.NoCard {
			top = append(top, s.cardButton(discordgo.Button{Label: l.T("laro.hand.take", "Card", v.Top.Symbol()), Style: discordgo.PrimaryButton, CustomID: move(moveButton{Verb: verbDraw, FromDiscard: true})}, v.Top))
		}
	}
	if pts, ok := v.Win(); ok && v.Phase == rules.PhaseDiscard {
		top = append(top, discordgo.Button{Label: l.T("laro.hand.declare_win", "Points", pts), Style: discordgo.SuccessButton, CustomID: move(moveButton{Verb: verbWin})})
	}
	top = append(top, refresh)
	rows = append(rows, discordgo.ActionsRow{Components: top})
	if v.Phase == rules.PhaseDiscard || v.Phase == rules.PhaseCallDiscard {
		cardsRow := make([]discordgo.MessageComponent, 0, len(v.Hand))
		voidShown := false
		for _, c := range v.Hand {
			// Voids are interchangeable: one button discards "a Void".
			// Every other card is one of a kind.
			if c.IsVoid() {
				if voidShown {
					continue
				}
				voidShown = true
			}
			style := discordgo.SecondaryButton
			if c == v.Drawn {
				style = discordgo.PrimaryButton
			}
			cardsRow = append(cardsRow, s.cardButton(discordgo.Button{Label: c.Symbol(), Style: style, CustomID: move(moveButton{Verb: verbDiscard, Card: c})}, c))
		}
		rows = append(rows, ui.ChunkRows(cardsRow)...)
	}
	return rows
}
