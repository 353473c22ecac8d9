package laus

import (
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/history"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// replayView draws step f of replay r: what happened, every hand and the
// skat (the match is over, so nothing is secret any more), the trick on the
// table, and, when the step ended a round, that round's scoring as a second
// embed.
func replayView(r *lausReplay, f lausFrame) ui.Rendering {
	v, l := f.View, r.lang
	var desc strings.Builder
	desc.WriteString(strings.Join(f.What, "\n"))
	sc := lausScreen{Seats: r.seats, View: v, Lang: l}
	if v.Phase == rules.PhaseOver {
		desc.WriteString("\n\n" + lausEnding(sc))
	} else {
		desc.WriteString("\n\n" + l.T("laus.replay.next", "Turn", sc.turnLine()))
	}
	e := &discordgo.MessageEmbed{
		Title:       history.StepTitleIn(l, entry, r.id, f.Step, f.Last),
		Description: desc.String(),
		Color:       lausColor,
	}
	if v.Phase != rules.PhaseOver {
		trick := l.T("laus.table.no_card")
		if v.Trick.N > 0 {
			trick = sc.trickText(v.Trick)
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{
			Name: l.T("laus.replay.round_trick", "Round", v.Round, "Trick", len(v.History)+1), Value: trick})
	}
	if len(r.seats) == 3 && v.Phase != rules.PhaseOver {
		skat := orDash(lausCards(l, nil, f.Skat))
		if v.Phase == rules.PhaseLayBack {
			skat = l.T("laus.replay.skat_in_hand", "Who", r.name(v.Turn))
		}
		var decided []string
		for s, d := range v.SkatDecisions {
			switch d {
			case rules.Looked:
				decided = append(decided, l.T("laus.replay.decided_looked", "Who", r.name(s)))
			case rules.Passed:
				decided = append(decided, l.T("laus.replay.decided_passed", "Who", r.name(s)))
			}
		}
		if len(decided) > 0 {
			skat += "\n" + strings.Join(decided, " · ")
		}
		if v.Passes > 0 {
			skat += "\n" + l.T("laus.replay.scores_times", "Factor", 1<<v.Passes)
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: l.T("laus.replay.skat"), Value: skat, Inline: true})
	}
	for s := range f.Hands {
		var b strings.Builder
		b.WriteString(r.name(s))
		if s == v.Dealer && v.Phase != rules.PhaseOver {
			b.WriteString(" " + l.T("laus.table.dealer"))
		}
		b.WriteString("\n" + l.T("laus.replay.total", "Total", v.Totals[s]))
		if v.Phase != rules.PhaseOver {
			b.WriteString(" · " + l.N("laus.count.tricks", v.TricksTaken[s]))
		}
		b.WriteString("\n" + orDash(lausCards(l, nil, f.Hands[s])))
		name := l.T("laus.replay.seat", "Seat", s+1)
		if v.Phase != rules.PhaseOver && v.Turn == s {
			name = "▶️ " + name
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: name, Value: b.String(), Inline: true})
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: l.T("laus.replay.footer")}
	embeds := []*discordgo.MessageEmbed{e}
	if f.Round != nil {
		sum := r.summary(f).Embeds[0]
		sum.Title = l.T("laus.replay.scoring", "Round", f.Round.Round)
		embeds = append(embeds, sum)
	}
	return ui.Rendering{Embeds: embeds, Components: history.NavIn(l, entry, r.id, f.Step, f.Last, r.jumps(l))}
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// jumps are the entries of the jump menu: the start of every round (the
// step that dealt it), and, while the 25 entries Discord allows are not all
// taken, the leads of tricks spread between them; the end last. With more
// than 24 rounds the rounds themselves are spread.
func (r *lausReplay) jumps(l lang.Lang) []history.Jump {
	type mark struct {
		step, round, trick int
	}
	var rounds, tricks []mark
	rounds = append(rounds, mark{0, 1, 0})
	m, err := r.match(0)
	if err != nil {
		return nil
	}
	for i, e := range r.moves {
		round := m.Round()
		v := m.View(-1)
		// A lead opens a trick; the first of a four-player round opens at
		// the deal, which has its own entry.
		if _, ok := e.action.(rules.Play); ok && v.Trick.N == 0 && rounds[len(rounds)-1].step != i {
			tricks = append(tricks, mark{i, round, len(v.History) + 1})
		}
		if m.Apply(e.action) != nil {
			return nil
		}
		if m.Round() != round && !m.Over() {
			rounds = append(rounds, mark{i + 1, m.Round(), 0})
		}
	}
	pick := func(ms []mark, n int) []mark {
		steps := make([]int, len(ms))
		for i, x := range ms {
			steps[i] = x.step
		}
		var out []mark
		for _, s := range history.Spread(steps, n) {
			for _, x := range ms {
				if x.step == s {
					out = append(out, x)
					break
				}
			}
		}
		return out
	}
	room := ui.MaxChoices - 1 // the end
	chosen := pick(rounds, room)
	if left := room - len(chosen); left > 0 && len(tricks) > 0 {
		chosen = append(chosen, pick(tricks, left)...)
	}
	var out []history.Jump
	for _, x := range chosen {
		j := history.Jump{Step: x.step, Description: l.T("laus.replay.step", "Step", x.step)}
		if x.trick == 0 {
			j.Label = l.T("laus.replay.jump_deal", "Round", x.round)
		} else {
			j.Label = l.T("laus.replay.round_trick", "Round", x.round, "Trick", x.trick)
		}
		out = append(out, j)
	}
	out = append(out, history.Jump{Step: r.last(), Label: l.T("laus.replay.the_end"), Description: l.T("laus.replay.step", "Step", r.last())})
	slices.SortFunc(out, func(a, b history.Jump) int { return a.Step - b.Step })
	return out
}

// Last is the number of the replay's last step (history.Replay).
func (r *lausReplay) Last() int { return r.last() }

// Draw draws step k of the replay for the viewer (history.Replay).
func (r *lausReplay) Draw(k int) (ui.Rendering, error) {
	f, err := r.frame(k)
	if err != nil {
		return ui.Rendering{}, err
	}
	return replayView(r, f), nil
}
