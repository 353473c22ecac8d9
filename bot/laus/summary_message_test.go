package laus

import (
	"strconv"
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/table"
)

// snowflakeAt is a Discord ID made at time at.
func snowflakeAt(at time.Time) string {
	const discordEpoch = 1420070400000 // ms
	return strconv.FormatInt((at.UnixMilli()-discordEpoch)<<22, 10)
}

// When a round's end posts a fresh summary message rather than editing the
// match's one: a match's first, and once the message is too old to edit.
func TestNewSummaryMessage(t *testing.T) {
	young, old := snowflakeAt(time.Now().Add(-time.Minute)), snowflakeAt(time.Now().Add(-maxMessageAge-time.Minute))
	for _, c := range []struct {
		what string
		sum  summaryMessage
		want bool
	}{
		{"the match has none", summaryMessage{}, true},
		{"the last match's", summaryMessage{game: "m1", id: young}, true},
		{"its post is on its way", summaryMessage{game: "m2", posting: true}, false},
		{"a young one", summaryMessage{game: "m2", id: young}, false},
		{"an old one", summaryMessage{game: "m2", id: old}, true},
		{"one found gone", summaryMessage{game: "m2", lost: true}, true},
	} {
		tb := &lausTable{Core: table.Core{GameID: "m2"}, sum: c.sum}
		if got := tb.newSummaryMessage(); got != c.want {
			t.Errorf("%s: a fresh summary message %v, want %v", c.what, got, c.want)
		}
	}
}
