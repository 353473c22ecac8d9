package respond

import (
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/metrics"
)

// Observe wraps next, the responder of interaction i, which arrived at
// arrived, so that what becomes of i is recorded into m: how long its user
// waited for a first answer (FirstReply) and for the result (Result), and
// the interaction's outcome, or OutcomeFailed if Discord refused the
// answer. The handlers and the router record nothing themselves.
func Observe(next Responder, m *metrics.Metrics, i *discordgo.Interaction, arrived time.Time) Responder {
	return &observed{next: next, m: m, i: i, kind: kindOf(i), arrived: arrived}
}

// observed is the responder Observe returns.
type observed struct {
	next     Responder
	m        *metrics.Metrics
	i        *discordgo.Interaction
	kind     metrics.Kind
	arrived  time.Time
	deferErr error // Discord's refusal of the deferral: the result then failed too
}

// Now records an interaction answered at once: its first answer is also
// its result.
func (o *observed) Now(a Answer) error {
	err := o.next.Now(a)
	o.firstReply(err)
	o.delivered(a.Outcome, err)
	return err
}

// Defer records the deferral as the user's first answer.
func (o *observed) Defer() error {
	o.deferErr = o.next.Defer()
	o.firstReply(o.deferErr)
	return o.deferErr
}

// Deliver records the result after a deferral.
func (o *observed) Deliver(a Answer) error {
	err := o.next.Deliver(a)
	o.delivered(a.Outcome, errors.Join(o.deferErr, err))
	return err
}

// firstReply records how long the user waited for the first answer, if
// Discord took it.
func (o *observed) firstReply(err error) {
	if err == nil {
		o.m.FirstReply(time.Since(o.arrived))
	}
}

// delivered records an interaction whose result has been sent (or refused
// by Discord), and how long its user has waited for it since the click:
// the interaction's snowflake time, which Discord stamps, so the time the
// gateway took to bring it is counted too.
func (o *observed) delivered(outcome metrics.Outcome, err error) {
	if err != nil {
		o.m.Interaction(o.kind, metrics.OutcomeFailed)
		return
	}
	o.m.Interaction(o.kind, outcome)
	if at, err := discordgo.SnowflakeTimestamp(o.i.ID); err == nil {
		o.m.Result(time.Since(at))
	}
}

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
