package highcard

import (
	"fmt"
	"github.com/cardbot/cardbot/bot/lang"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/history"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// replay reads a finished game for the shared replay viewer: step 0 is the
// deal, every hand shown (the game is over, nothing is secret); step k is
// after the k-th play.
func replay(g store.Game, recs []store.ActionRecord) (int, func(int) (ui.Rendering, error), error) {
	seats := table.SeatsFromStore(g.Seats)
	if _, err := replayLog(len(seats), recs); err != nil {
		return 0, nil, err
	}
	last := len(recs) - 1
	draw := func(step int) (ui.Rendering, error) {
		r, err := replayLog(len(seats), recs[:step+1])
		if err != nil {
			return ui.Rendering{}, err
		}
		var b strings.Builder
		if step == 0 {
			b.WriteString("The deal.\n")
		} else {
			s := r.order[step-1]
			fmt.Fprintf(&b, "%s plays %d.\n", seats[s].Label(), r.played[s])
		}
		for s, seat := range seats {
			held := make([]string, len(r.hands[s]))
			for i, c := range r.hands[s] {
				held[i] = strconv.Itoa(c)
			}
			fmt.Fprintf(&b, "%s holds %s", seat.Label(), strings.Join(held, ", "))
			if r.played[s] > 0 {
				fmt.Fprintf(&b, " · played **%d**", r.played[s])
			}
			b.WriteString("\n")
		}
		if r.over() {
			w := r.winner()
			fmt.Fprintf(&b, "🏆 %s wins with %d.", seats[w].Label(), r.played[w])
		}
		e := &discordgo.MessageEmbed{Title: history.StepTitleIn(lang.English, entry, g.ID, step, last), Description: b.String(), Color: entry.Colour}
		return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: history.NavIn(lang.English, entry, g.ID, step, last, nil)}, nil
	}
	return last, draw, nil
}
