package bot

import (
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/metrics"
)

// kindOf is what the interactions counter calls i.
func kindOf(i *discordgo.Interaction) metrics.Kind {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return metrics.KindCommand
	case discordgo.InteractionMessageComponent:
		return metrics.KindComponent
	}
	return metrics.KindOther
}

// answered records an interaction answered at once: its first answer is
// also its result. err is what Discord said to the answer.
func (b *Bot) answered(i *discordgo.Interaction, k metrics.Kind, o metrics.Outcome, arrived time.Time, err error) {
	if err == nil {
		b.opts.Metrics.FirstReply(time.Since(arrived))
	}
	b.delivered(i, k, o, err)
}

// delivered records an interaction whose result has been sent (or refused
// by Discord), and how long its user has waited for it since the click:
// the interaction's snowflake time, which Discord stamps, so the time the
// gateway took to bring it is counted too.
func (b *Bot) delivered(i *discordgo.Interaction, k metrics.Kind, o metrics.Outcome, err error) {
	m := b.opts.Metrics
	if err != nil {
		m.Interaction(k, metrics.OutcomeFailed)
		return
	}
	m.Interaction(k, o)
	if at, err := discordgo.SnowflakeTimestamp(i.ID); err == nil {
		m.Result(time.Since(at))
	}
}
