// Package pictures draws the scenes and charts the bot attaches to its
// messages as PNG: the end of a Laro game (every hand and laid cluster, the
// winning clusters framed), a Laus round (each pile's queens and jacks, the
// tricks, bonuses and multiplier), a Laus match's totals round by round
// against the target, and a player's chips over time.
//
// Every function here is pure: it draws from the values it is given, never
// from a game's hidden state, so a caller decides what may be shown (a
// picture on a public message shows nothing that message's text does not).
// Drawing is deterministic (fixed sizes, the Go fonts embedded in
// golang.org/x/image), so the same input always gives the same bytes, which
// is what the golden tests and the cache rely on. The text of a message
// stays in its embed, for screen readers and clients with images off: a
// picture only shows what the text says.
//
// Charts use gonum.org/v1/plot: a long-kept, pure-Go plotting library
// whose image backend needs no cgo and no system fonts, with time axes and
// legends built in.
package pictures
