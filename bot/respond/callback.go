package respond

import (
	"errors"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/webhook"
)

// callbackRetryWithin is how much of Discord's 3-second window may have
// passed, counted from the click (the interaction's snowflake time), for a
// failed callback to be sent again: a retry that arrives after the window
// only earns 10062 Unknown interaction.
const callbackRetryWithin = 2500 * time.Millisecond

// callbackAttempts bounds how often one callback is sent.
const callbackAttempts = 4

// callbackRetryPause is the pause before a callback is sent again.
const callbackRetryPause = 50 * time.Millisecond

// callback sends the one callback an interaction gets. discordgo retries a
// 502 and a 429 by itself but returns 500, 503 and 504 as errors: Discord's
// server failed before it took the answer, the player would see "This
// interaction failed" although their move was stored, and their hand would
// not show it. So such a callback is sent once more while the window is
// open, up to callbackAttempts times in all. Should Discord have taken an
// earlier one after all, the next is refused with 40060 "already
// acknowledged" and changes nothing the player sees: they are still
// answered once.
func (ans *discordAnswer) callback(r *discordgo.InteractionResponse) error {
	i := ans.i
	err := post(ans.d.Session, i, r)
	at, terr := discordgo.SnowflakeTimestamp(i.ID)
	for n := 1; n < callbackAttempts && serverFailed(err) && terr == nil && time.Since(at) < callbackRetryWithin; n++ {
		ans.log.Info("retrying an interaction callback after a server error", "err", err)
		time.Sleep(callbackRetryPause)
		err = post(ans.d.Session, i, r)
	}
	return err
}

// post sends r to interaction i's callback URL (with its files, if any,
// as multipart/form-data). Discord takes one callback per interaction, so
// it gets a rate-limit bucket of its own, used once and then dropped: a
// bucket named after the URL, which holds the token, and kept would be
// left behind by every click ever answered.
func post(s *discordgo.Session, i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	uri := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	var files []*discordgo.File
	if r.Data != nil {
		files = r.Data.Files
	}
	_, err := webhook.Request(s, discordgo.NewRatelimiter(), "POST", uri, r, files, uri)
	return err
}

// serverFailed reports a REST error with status 500, 503 or 504.
func serverFailed(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Response == nil {
		return false
	}
	switch re.Response.StatusCode {
	case http.StatusInternalServerError, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}
