// Package bot is cardbot's transport: the one part that talks to Discord
// about interactions. It registers every module's slash command at start,
// decodes each interaction into a ui.Input, routes a command to its module
// and a click to its table (through the table registry), or to its module
// when the module owns it (ui.ComponentModule: a history page, a replay
// step), an autocomplete to its module (ui.AutocompleteModule), and has
// package respond answer: at once, or "thinking…" first for a handler still
// busy DeferAfter after the click; privately unless the reply was built
// Public. Then it tells the Input whether Discord took the answer
// (ui.Input.OnAnswered).
// At start it posts what the last run stored to announce and asks each game
// to rebuild its live tables (and those still open after their game ended);
// at shutdown it lets every table finish.
// Every interaction's outcome and timing is recorded in Options.Metrics by
// the responder's observer (respond.Observe), when the binary serves metrics.
//
// It knows games only as ui.Modules (and table.Games, to rebuild them),
// listed in package games; before it asks any module for its command it
// collects each game's catalog entry into the catalog of games (package
// catalog, table.Env.Games), which the shared packages look games up in. Imports point one way: bot → games → each game
// (laro, laus, chips) → table → store and engine, with ui beneath them all.
package bot
