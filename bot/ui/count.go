package ui

import "strconv"

// Count writes n with the noun that agrees with it: Count(1, "trick",
// "tricks") is "1 trick", Count(2, ...) and Count(0, ...) are "2 tricks" and
// "0 tricks", as English counts. Every counted noun players see goes
// through here, so a message catalogue can later take over each call.
func Count(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Count64 is Count for chip amounts and other int64 counts.
func Count64(n int64, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.FormatInt(n, 10) + " " + one
	}
	return strconv.FormatInt(n, 10) + " " + many
}
