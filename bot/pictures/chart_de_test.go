package pictures

import (
	"bytes"
	"testing"

	"github.com/cardbot/cardbot/bot/lang"
)

// TestChipsChartGerman: the chip chart of a German reader has German words
// and dates, and is not served the English chart from the cache.
func TestChipsChartGerman(t *testing.T) {
	de, en := ChipsChartIn(lang.German, chipSample()), ChipsChartIn(lang.English, chipSample())
	if bytes.Equal(de.Data, en.Data) || de.Name == en.Name {
		t.Error("the German chip chart is the English one")
	}
	check(t, "chips-de", de)
}

// TestLausChartGerman: the same for a Laus match's totals.
func TestLausChartGerman(t *testing.T) {
	ss, target := lausSample()
	de, en := LausChartIn(lang.German, ss, target), LausChartIn(lang.English, ss, target)
	if bytes.Equal(de.Data, en.Data) {
		t.Error("the German Laus chart is the English one")
	}
	check(t, "laus-totals-de", de)
}
