// Package emojis keeps every card face as an application emoji, so buttons
// and messages can show cards as pictures.
//
// An application may own up to 2,000 emojis and use them in every server.
// The faces are the games': each game registers its own in the catalog of
// games (package catalog), with a key that names the card in words a screen
// reader says and a way to draw it; this package names no game. At start,
// Set.Start (shard 0 only: the other shards wait for its faces, see
// follow.go) draws every face, names each one by its key and content hash
// ("circle_plus_4_1a2b3c4d", "jack_clubs_1a2b3c4d"), lists the application's
// emojis, and uploads only the faces missing or changed, one at a time in the
// background (discordgo waits out the route's rate limit). A restart with the
// same art uploads nothing.
//
// Until every face is there, and for good when Discord refuses an upload,
// lookups answer "no emoji" and callers show the text form of the card
// (●+4, J♣): a table never shows half its cards as pictures and half as
// text. A later start tries again.
//
// Old faces this code uploaded (same naming, another hash, or a key a game
// has retired, such as Laro's "laro_cp4_1a2b3c4d") are deleted once
// the new set is complete, so changes of art never creep towards the cap;
// emojis with other names are never touched.
package emojis
