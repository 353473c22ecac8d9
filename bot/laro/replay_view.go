package laro

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/history"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// replayView draws step f of replay r: what happened, the LARO! contest
// it settled, every hand (the game is over, so nothing is secret any
// more), and the controls to move through the game.
func replayView(r *laroReplay, f laroFrame) ui.Rendering {
	v, l := f.View, r.lang
	var desc strings.Builder
	desc.WriteString(strings.Join(f.What, "\n"))
	if len(f.Contest) > 0 {
		desc.WriteString("\n\n" + strings.Join(f.Contest, "\n"))
	}
	if v.Phase == rules.PhaseOver {
		desc.WriteString("\n\n" + replayEnding(r, v))
	} else {
		id := "laro.replay.next_draw"
		if v.Phase != rules.PhaseDraw {
			id = "laro.replay.next_discard"
		}
		desc.WriteString("\n\n" + l.T(id, "Name", r.name(v.Turn)))
	}
	e := &discordgo.MessageEmbed{
		Title:       history.StepTitleIn(r.lang, entry, r.id, f.Step, f.Last),
		Description: desc.String(),
		Color:       0x2b7a78,
	}
	top := l.T("laro.table.empty")
	if v.Top != rules.NoCard {
		top = l.T("laro.table.discard_top", "Card", v.Top.Symbol(), "N", v.DiscardSize)
	}
	e.Fields = append(e.Fields,
		&discordgo.MessageEmbedField{Name: l.T("laro.table.discard"), Value: top, Inline: true},
		&discordgo.MessageEmbedField{Name: l.T("laro.replay.deck"), Value: l.N("laro.replay.deck_value", v.DeckSize, "Reshuffles", v.Reshuffles, "Max", rules.MaxReshuffles), Inline: true},
		&discordgo.MessageEmbedField{Name: l.T("laro.replay.turns"), Value: fmt.Sprint(v.Turns), Inline: true},
	)
	for s := range f.Hands {
		var b strings.Builder
		b.WriteString(r.name(s))
		if s == v.Dealer {
			b.WriteString(" (" + l.T("laro.dealer") + ")")
		}
		if v.Forfeited[s] {
			b.WriteString(" — " + l.T("laro.left_game"))
		}
		b.WriteString("\n" + orNone(l, laroScreen{}.cards(f.Hands[s])))
		for _, cl := range f.Laid[s] {
			b.WriteString("\n" + l.T("laro.replay.laid", "Cluster", clusterText(l, cl)))
		}
		name := l.T("laro.replay.seat", "N", s+1)
		if v.Phase != rules.PhaseOver && v.Turn == s {
			name = "▶️ " + name
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: name, Value: b.String(), Inline: true})
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: l.T("laro.replay.footer")}
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: history.NavIn(r.lang, entry, r.id, f.Step, f.Last, r.jumps())}
}

// replayEnding says how the game ended, and the chips that moved.
func replayEnding(r *laroReplay, v rules.View) string {
	var b strings.Builder
	l := r.lang
	switch v.End {
	case rules.EndWin:
		b.WriteString(l.T("laro.replay.won", "Name", r.name(v.Winner), "Points", l.N("laro.points", v.Points)))
		for _, cl := range v.WinClusters {
			b.WriteString("\n" + clusterText(l, cl))
		}
	case rules.EndDefault:
		b.WriteString(l.T("laro.replay.by_default", "Name", r.name(v.Winner)))
	case rules.EndDeckOut:
		b.WriteString(l.T("laro.replay.deck_out"))
	default:
		b.WriteString(l.T("laro.end.abandoned"))
	}
	return b.String()
}

// jumps are the entries of the jump menu: the deal, then the start of each
// turn (a draw, or a LARO! call that takes the turn), spread over at most
// 25 entries with the end last. A long game thus offers every few turns;
// ◀ ▶ reach the steps between.
func (r *laroReplay) jumps() []history.Jump {
	starts := []int{0}
	for i, m := range r.moves {
		switch m.action.(type) {
		case rules.Draw, rules.Call:
			starts = append(starts, i+1)
		}
	}
	if starts[len(starts)-1] != r.last() {
		starts = append(starts, r.last())
	}
	turnOf := map[int]int{}
	for i, s := range starts {
		turnOf[s] = i
	}
	var out []history.Jump
	for _, s := range history.Spread(starts, ui.MaxChoices) {
		j := history.Jump{Step: s}
		switch {
		case s == 0:
			j.Label, j.Description = r.lang.T("laro.replay.jump_deal"), r.lang.T("laro.replay.jump_step", "N", 0)
		case s == r.last():
			j.Label, j.Description = r.lang.T("laro.replay.jump_end"), r.lang.T("laro.replay.jump_step", "N", s)
		default:
			seat := r.moves[s-1].action.ActionSeat()
			j.Label = r.lang.T("laro.replay.jump_turn", "N", turnOf[s])
			j.Description = r.lang.T("laro.replay.jump_moves", "N", s, "Seat", seat+1)
		}
		out = append(out, j)
	}
	return out
}

// Last is the number of the replay's last step (history.Replay).
func (r *laroReplay) Last() int { return r.last() }

// Draw draws step k of the replay for the viewer (history.Replay).
func (r *laroReplay) Draw(k int) (ui.Rendering, error) {
	f, err := r.frame(k)
	if err != nil {
		return ui.Rendering{}, err
	}
	return replayView(r, f), nil
}
