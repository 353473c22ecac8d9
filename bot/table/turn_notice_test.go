package table

import (
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/lang"
)

func TestNoticeTextSaysWhatToPress(t *testing.T) {
	link := "https://discord.com/channels/1/2/3"
	for _, c := range []struct {
		lapsing bool
		want    string
	}{
		{false, "<@42> it's your turn at Laus — press 🃏 My hand on the table: " + link},
		{true, "<@42> it's your turn at Laus. Your hand stopped updating: reopen 🃏 My hand on the table: " + link},
	} {
		if got := NoticeText(lang.English, "42", "Laus", link, c.lapsing); got != c.want {
			t.Errorf("NoticeText(lapsing %v) = %q, want %q", c.lapsing, got, c.want)
		}
	}
	for v, want := range map[int64]string{-1: "", 0: "", 10: "", 60: "", 7: "must be one of", -2: "must be one of"} {
		if got := CheckTurnNotice(lang.English, v); (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("CheckTurnNotice(%d) = %q", v, got)
		}
	}
}
