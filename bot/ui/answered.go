package ui

import "sync"

// Discord may refuse the answer to an interaction: a click replayed after a
// gateway outage, or answered past its 3 seconds, gets 10062 Unknown
// interaction, and the player sees "This interaction failed" although the
// table may have stored the move. Table code that relies on the answer
// having been shown (a hand message whose token it keeps, a public message
// the answer redraws) learns its fate through OnAnswered, and falls back on
// its own edits when it was not shown.

// answerHooks holds an Input's OnAnswered functions until the router
// reports.
type answerHooks struct {
	mu       sync.Mutex
	fns      []func(shown bool)
	reported bool
}

// OnAnswered has fn told, once, whether Discord took the router's answer to
// this interaction (shown) or refused it. fn runs on the router's goroutine,
// never the table's: it must hand any work on the table to the table's actor.
// Registered after the router has reported (a handler that outlived its
// deadline, whose answer was replaced by a "busy" one), fn is told false
// at once, since what it answered was not shown.
func (in *Input) OnAnswered(fn func(shown bool)) {
	h := &in.answer
	h.mu.Lock()
	if h.reported {
		h.mu.Unlock()
		fn(false)
		return
	}
	h.fns = append(h.fns, fn)
	h.mu.Unlock()
}

// Answered is the router's report on its answer to this interaction: shown
// is true when Discord took the callback (and, for a deferred one, the
// reply that followed it). Only the first report counts.
func (in *Input) Answered(shown bool) {
	h := &in.answer
	h.mu.Lock()
	if h.reported {
		h.mu.Unlock()
		return
	}
	h.reported = true
	fns := h.fns
	h.fns = nil
	h.mu.Unlock()
	for _, fn := range fns {
		fn(shown)
	}
}

// ClickedMessage is the ID of the message the clicked component was on
// ("" for a command).
func (in *Input) ClickedMessage() string {
	if in.interaction == nil || in.interaction.Message == nil {
		return ""
	}
	return in.interaction.Message.ID
}

// ClickedMessageOrigin is the ID of the interaction whose answer created the
// message the clicked component was on ("" if it is not known, or the
// message was not an interaction's answer). Two clicks with the same origin
// were on the same message, whichever tokens have edited it since.
func (in *Input) ClickedMessageOrigin() string {
	if in.interaction == nil || in.interaction.Message == nil {
		return ""
	}
	if md := in.interaction.Message.InteractionMetadata; md != nil {
		return md.ID
	}
	return ""
}
