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
	v := f.View
	var desc strings.Builder
	desc.WriteString(strings.Join(f.What, "\n"))
	if len(f.Contest) > 0 {
		desc.WriteString("\n\n" + strings.Join(f.Contest, "\n"))
	}
	if v.Phase == rules.PhaseOver {
		desc.WriteString("\n\n" + replayEnding(r, v))
	} else {
		move := "draw"
		if v.Phase != rules.PhaseDraw {
			move = "discard"
		}
		fmt.Fprintf(&desc, "\n\nNext: %s to **%s**.", r.name(v.Turn), move)
	}
	e := &discordgo.MessageEmbed{
		Title:       history.StepTitle(entry, r.id, f.Step, f.Last),
		Description: desc.String(),
		Color:       0x2b7a78,
	}
	top := "empty"
	if v.Top != rules.NoCard {
		top = fmt.Sprintf("**%s** (%d in the pile)", v.Top.Symbol(), v.DiscardSize)
	}
	e.Fields = append(e.Fields,
		&discordgo.MessageEmbedField{Name: "Discard", Value: top, Inline: true},
		&discordgo.MessageEmbedField{Name: "Deck", Value: fmt.Sprintf("%s · reshuffled %d/%d", ui.Count(v.DeckSize, "card", "cards"), v.Reshuffles, rules.MaxReshuffles), Inline: true},
		&discordgo.MessageEmbedField{Name: "Turns", Value: fmt.Sprint(v.Turns), Inline: true},
	)
	for s := range f.Hands {
		var b strings.Builder
		b.WriteString(r.name(s))
		if s == v.Dealer {
			b.WriteString(" (dealer)")
		}
		if v.Forfeited[s] {
			b.WriteString(" — left the game")
		}
		b.WriteString("\n" + orNone(laroScreen{}.cards(f.Hands[s])))
		for _, cl := range f.Laid[s] {
			b.WriteString("\nlaid " + clusterText(cl))
		}
		name := fmt.Sprintf("Seat %d", s+1)
		if v.Phase != rules.PhaseOver && v.Turn == s {
			name = "▶️ " + name
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: name, Value: b.String(), Inline: true})
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: "Every hand is shown: the game is over."}
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: history.Nav(entry, r.id, f.Step, f.Last, r.jumps())}
}

// replayEnding says how the game ended, and the chips that moved.
func replayEnding(r *laroReplay, v rules.View) string {
	var b strings.Builder
	switch v.End {
	case rules.EndWin:
		fmt.Fprintf(&b, "🏆 %s won with **%s**:", r.name(v.Winner), ui.Count(v.Points, "point", "points"))
		for _, cl := range v.WinClusters {
			b.WriteString("\n" + clusterText(cl))
		}
	case rules.EndDefault:
		fmt.Fprintf(&b, "🏆 %s won by default: everyone else left.", r.name(v.Winner))
	case rules.EndDeckOut:
		b.WriteString("The deck ran out a third time: **no winner**; the antes went back.")
	default:
		b.WriteString("The game was abandoned: no winner.")
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
			j.Label, j.Description = "The deal", "step 0"
		case s == r.last():
			j.Label, j.Description = "The end", fmt.Sprintf("step %d", s)
		default:
			seat := r.moves[s-1].action.ActionSeat()
			j.Label = fmt.Sprintf("Turn %d", turnOf[s])
			j.Description = fmt.Sprintf("step %d · seat %d moves", s, seat+1)
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
