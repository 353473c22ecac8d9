// Package ui is the small vocabulary every part of cardbot's Discord side
// shares: an Input (one decoded interaction), a Reply (the answer to it,
// private unless built Public), a ComponentID (the versioned wire form of
// every custom_id, built and read through typed routes), a Rendering (what one message shows, and its
// Fingerprint, which tells whether a redraw would change anything), the Module
// interface a slash command implements, and helpers to declare commands.
//
// It imports nothing of cardbot's, so the transport, the table machinery
// and every game may import it.
package ui
