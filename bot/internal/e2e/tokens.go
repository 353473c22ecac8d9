package e2e

import "net/http"

// RefuseStartFollowups has Discord refuse (400) the follow-ups that the
// next game start sends: the hands of the others seated who joined
// by clicking (others), and the table message, which the bot then
// posts through the channel endpoint, and edits there. Call it just before
// the click that starts the game, in a test of how a table meets the
// channel's refusals: Discord does not check the channel's permissions on
// an interaction token, so a table message bound to one never meets them.
// The players whose hands were refused open them with My hand.
func (w *World) RefuseStartFollowups(others int) {
	w.Srv.FailRequests("POST", "/webhooks/*/*", others+1, http.StatusBadRequest)
}
