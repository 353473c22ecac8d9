package main

import (
	"strings"
	"testing"
)

func TestConfigCardEmojis(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  bool
		bad   bool
	}{
		{"", true, false}, {"on", true, false}, {"ON", true, false}, {"1", true, false},
		{"off", false, false}, {"false", false, false}, {"0", false, false},
		{"maybe", false, true},
	} {
		env := map[string]string{"DISCORD_TOKEN": "abc"}
		if tc.value != "" {
			env["CARD_EMOJIS"] = tc.value
		}
		c, err := configFrom(lookupFrom(env))
		switch {
		case tc.bad && (err == nil || !strings.Contains(err.Error(), "CARD_EMOJIS")):
			t.Errorf("CARD_EMOJIS=%q: err %v, want one naming CARD_EMOJIS", tc.value, err)
		case !tc.bad && err != nil:
			t.Errorf("CARD_EMOJIS=%q: %v", tc.value, err)
		case !tc.bad && c.CardEmojis != tc.want:
			t.Errorf("CARD_EMOJIS=%q: CardEmojis = %v, want %v", tc.value, c.CardEmojis, tc.want)
		}
	}
}
