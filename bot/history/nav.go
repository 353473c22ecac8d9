package history

import (
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
)

// A Jump is one entry of a replay's jump menu: a label and the step it
// opens.
type Jump struct {
	Label       string
	Description string
	Step        int
}

// NavIn draws a replay viewer's controls at step of 0..last, labelled in l
// (the viewer's language): ⏮ First, ◀ Back, ▶ Next, ⏭ Last (the words are
// what a screen reader says, and what a player who does not know the
// symbols reads), and a menu to jump to any of jumps (at most
// ui.MaxChoices; the entry holding step is shown as chosen).
func NavIn(l lang.Lang, k Kind, gameID string, step, last int, jumps []Jump) []discordgo.MessageComponent {
	id := func(to int, arg string) string {
		return ReplayControl{Game: k.Command(), GameID: gameID, Step: to, Control: arg}.ID()
	}
	btn := func(emoji, label, arg string, to int, disabled bool) discordgo.MessageComponent {
		return discordgo.Button{Label: label, Style: discordgo.SecondaryButton, CustomID: id(max(0, min(to, last)), arg),
			Emoji: &discordgo.ComponentEmoji{Name: emoji}, Disabled: disabled}
	}
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		btn("⏮", l.T("history.first"), "first", 0, step == 0),
		btn("◀", l.T("history.back"), "prev", step-1, step == 0),
		btn("▶", l.T("history.next"), "next", step+1, step >= last),
		btn("⏭", l.T("history.last"), "last", last, step >= last),
	}}}
	if len(jumps) > 1 {
		if len(jumps) > ui.MaxChoices {
			jumps = jumps[:ui.MaxChoices]
		}
		current := 0
		for i, j := range jumps {
			if j.Step <= step {
				current = i
			}
		}
		opts := make([]discordgo.SelectMenuOption, len(jumps))
		for i, j := range jumps {
			opts[i] = discordgo.SelectMenuOption{Label: clipTo(j.Label, 100), Description: clipTo(j.Description, 100),
				Value: strconv.Itoa(j.Step), Default: i == current}
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			MenuType: discordgo.StringSelectMenu, CustomID: id(step, ControlJump), Placeholder: l.T("history.jump"), Options: opts,
		}}})
	}
	return rows
}

// Target reads where a replay control leads: the step in its custom_id, or
// for the jump menu the chosen value. ok is false for a step outside
// 0..last, or a menu answer that is not one step.
func Target(in *ui.Input, last int) (step int, ok bool) {
	c := ParseReplayControl(in.Component)
	step = c.Step
	if c.Control == ControlJump {
		if len(in.Values) != 1 {
			return 0, false
		}
		n, err := strconv.Atoi(in.Values[0])
		if err != nil || strconv.Itoa(n) != in.Values[0] {
			return 0, false
		}
		step = n
	}
	return step, step >= 0 && step <= last
}

// Spread picks at most n of the sorted steps, evenly spaced, keeping the
// first and the last: the jump menu of a long game, which Discord caps at
// 25 entries.
func Spread(steps []int, n int) []int {
	if len(steps) <= n {
		return steps
	}
	out := make([]int, 0, n)
	for i := range n {
		out = append(out, steps[i*(len(steps)-1)/(n-1)])
	}
	return out
}

// clipTo cuts s to at most n runes (Discord's limit for menu texts).
func clipTo(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// StepTitleIn is a replay embed's title in l, the viewer's language: which
// game, which step of how many.
func StepTitleIn(l lang.Lang, k Kind, gameID string, step, last int) string {
	return l.T("history.step_title", "Game", k.Title, "Noun", Noun(l, k), "ID", gameID, "Step", step, "Last", last)
}
