// Package e2e is the end-to-end test harness of cardbot's Discord side: a
// World runs the real bot, through the real discordgo client, against the
// fake Discord of bot/discordtest and a real SQLite file, and Players act
// only on what Discord would show them. Helpers play Laro turns and Laus
// tricks the way people would, and check what every public message showed.
//
// The tests run on loaded machines too (go test runs packages side by side,
// and CI has two cores): every helper waits for the event it expects, up
// to Patience, never for a fixed time; answers are read as the person sees
// them (Reply, Shown), deferred or not; and a package whose tests mostly
// wait runs them several at a time through Main.
//
// Only tests import it.
package e2e
