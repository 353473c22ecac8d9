package table

import (
	"errors"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// Retrying a hand edit that met a server error (see Outbox.sendHand).

// handAttempts bounds how often one hand edit is sent.
const handAttempts = 3

// newerHand reports whether a newer edit of key waits to be sent.
func (o *Outbox) newerHand(key string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	slot := o.hands[key]
	return slot != nil && slot.pending != nil
}

// serverError reports a REST error with a 5xx status, which discordgo
// returns once its own retries (of 502 only) are spent.
func serverError(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Response != nil && re.Response.StatusCode >= http.StatusInternalServerError
}
