package respond

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
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

// post sends r to interaction i's callback URL, with its files, if any, as
// multipart/form-data, as Discord takes uploads.
//
// discordgo's own InteractionRespond names a rate-limit bucket after the
// callback URL, which holds the interaction's token, and never forgets a
// bucket: every click ever answered would leave one behind, about 200 bytes
// a click. Discord takes one callback per interaction, so each gets a
// bucket of its own, used once and then dropped with its limiter.
func post(s *discordgo.Session, i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	uri := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	contentType, body := "application/json", []byte(nil)
	var err error
	if r.Data != nil && len(r.Data.Files) > 0 {
		contentType, body, err = discordgo.MultipartBodyWithJSON(r, r.Data.Files)
	} else {
		body, err = json.Marshal(r)
	}
	if err != nil {
		return err
	}
	_, err = s.RequestWithLockedBucket("POST", uri, contentType, body, discordgo.NewRatelimiter().LockBucket(uri), 0)
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
