// Package e2e is the end-to-end test harness of cardbot's Discord side: a
// World runs the real bot, through the real discordgo client, against the
// fake Discord of bot/discordtest and a real SQLite file, and Players act
// only on what Discord would show them. Helpers play Laro turns and Laus
// tricks the way people would, and check what every public message showed.
//
// Only tests import it.
package e2e
