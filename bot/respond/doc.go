// Package respond is the one place that answers an interaction: it sends
// the callback (an answer, a deferral, an update of the clicked message),
// delivers a deferred answer by editing the original or by a follow-up,
// and keeps every reply private unless it was built Public (privacy.go).
// Observation wraps it: Observe returns a Responder that records each
// answer's outcome and latency, so neither the router nor a handler calls
// the metrics back and forth.
//
// A Responder has three methods, Now, Defer and Deliver. How a reply
// reaches Discord (callback type, ephemeral flag, edit or follow-up) is
// decided here and nowhere else, so a change to how table messages are
// answered is a change to this package.
//
// # The walk of a click, top-down
//
//  1. bot.HandleInteraction (bot/router.go) gets the INTERACTION_CREATE
//     from discordgo (through Bot.Listen, bot/gateway.go, which decodes a
//     click without its message), drops a payload with no token, and makes the
//     interaction's Responder: Discord.For, wrapped by Observe.
//  2. It refuses what it cannot handle (restarting, another shard's server,
//     a DM, a garbled payload, a custom_id this build did not draw) with
//     Responder.Now and returns.
//  3. decode turns the interaction into a ui.Input, whose Component is the
//     custom_id's wire form; handle runs route on a goroutine of its own:
//     a command goes to its module, a click to the module that owns it
//     (help, share, history) or through table.Env.Route to its table's
//     actor, which reads the click through its typed route
//     (table.LobbyButton, table.GameButton, a game's move button).
//  4. The reply comes before the deferral deadline: Responder.Now. Observe
//     passes it on to the Discord responder, which makes it safe (secure:
//     private unless Public, never a public answer to an interaction table
//     code keeps) and posts the callback (callback.go: retried on a 5xx
//     while Discord's 3 seconds last). A private answer to a click on a
//     table message whose token the table wants (ui.Reply.Bind) goes
//     quietly instead (quiet.go): a deferred update (6), then the answer
//     as an ephemeral follow-up. Observe then records the first reply, the
//     result and the outcome.
//  5. Or the deadline comes first: Responder.Defer answers "thinking…"
//     (privately, or as an update of the clicker's own ephemeral message),
//     and Responder.Deliver sends the reply when it comes (an edit
//     of the original, of the clicked message, or a follow-up).
//  6. The router tells the Input whether Discord took the answer
//     (ui.Input.Answered), so table code relying on it can fall back on its
//     own edits.
package respond
