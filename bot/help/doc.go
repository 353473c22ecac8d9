// Package help is what a newcomer reads without leaving Discord: a game's
// "How to play" pages (the first says how a turn goes, in a dozen short
// lines; the next ones give the details), opened privately from the How to
// play button on every lobby and table message or with /<game> rules and
// turned with Back and Next, and the list of cardbot's commands that
// /cardbot help shows.
//
// A page is whole in its button's custom_id ("v1/<game>/help/<page>/howto"),
// so pages opened before a restart turn after it. Each game writes its own
// pages; this package draws and turns them.
package help
