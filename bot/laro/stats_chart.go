package laro

import (
	"context"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/pictures"
	"github.com/cardbot/cardbot/bot/ui"
)

// chartPoints is how many chip changes the /laro stats chart shows: the
// latest ones, which is what a player asks about.
const chartPoints = 200

// withChipsChart attaches a chart of who's chips in this server over time
// to a /laro stats reply; the embed already says the totals in words. A
// chart needs two points to be a line; without them, or if the history
// cannot be read, the reply goes out as it is.
func (g *Game) withChipsChart(ctx context.Context, r *ui.Reply, l lang.Lang, guild, who string) *ui.Reply {
	hist, err := g.env.Store.ChipHistory(ctx, guild, who, chartPoints)
	if err != nil {
		g.env.Log.Warn("chip history for /laro stats", "err", err)
		return r
	}
	if len(hist) < 2 {
		return r
	}
	pts := make([]pictures.ChipPoint, len(hist))
	lo, hi := hist[0].Balance, hist[0].Balance
	for i, h := range hist {
		pts[i] = pictures.ChipPoint{At: h.At, Balance: h.Balance}
		lo, hi = min(lo, h.Balance), max(hi, h.Balance)
	}
	if r.Data != nil && len(r.Data.Embeds) > 0 {
		// The chart in words, for screen readers and clients with images off.
		e := *r.Data.Embeds[0]
		e.Fields = append(slices.Clip(e.Fields), &discordgo.MessageEmbedField{
			Name:  l.T("pictures.chips.title"),
			Value: l.N("laro.stats.changes", len(hist), "Since", hist[0].At.Unix(), "Low", lo, "High", hi, "Now", hist[len(hist)-1].Balance),
		})
		r.Data.Embeds = append([]*discordgo.MessageEmbed{&e}, r.Data.Embeds[1:]...)
	}
	png := pictures.ChipsChartIn(l, pts)
	return r.WithPicture(png.Name, png.Data)
}
