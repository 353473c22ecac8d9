package main

import (
	"database/sql"
	"testing"
)

// checkAllChips checks every guild's chips: what its players hold is exactly
// what was granted, each balance is its ledger's sum, and with every game
// over no chip is left in escrow or in a pot.
func checkAllChips(t *testing.T, db *sql.DB) {
	t.Helper()
	rows, err := db.Query(`
		SELECT b.guild,
		       SUM(b.balance), SUM(b.held),
		       (SELECT COALESCE(SUM(delta), 0) FROM ledger l WHERE l.guild = b.guild AND l.reason IN ('grant', 'daily', 'admin_grant')),
		       (SELECT COALESCE(SUM(amount), 0) FROM escrow e WHERE e.guild = b.guild),
		       (SELECT COALESCE(SUM(pot), 0) FROM games g WHERE g.guild = b.guild),
		       COUNT(*)
		FROM balances b GROUP BY b.guild`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	guilds := 0
	for rows.Next() {
		var guild string
		var balances, held, granted, escrow, pots, players int64
		if err := rows.Scan(&guild, &balances, &held, &granted, &escrow, &pots, &players); err != nil {
			t.Fatal(err)
		}
		guilds++
		t.Logf("guild %s: %d players hold %d chips, %d granted, %d held, %d in escrow, %d in pots", guild, players, balances, granted, held, escrow, pots)
		if balances != granted {
			t.Errorf("guild %s: players hold %d chips, but %d were granted", guild, balances, granted)
		}
		if held != 0 || escrow != 0 || pots != 0 {
			t.Errorf("guild %s: with every game over, %d chips are still held, %d in escrow and %d in pots; want none", guild, held, escrow, pots)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	var drift int
	if err := db.QueryRow(`SELECT COUNT(*) FROM balances b WHERE balance != (SELECT COALESCE(SUM(delta), 0) FROM ledger l WHERE l.guild = b.guild AND l.user_id = b.user_id)`).Scan(&drift); err != nil {
		t.Fatal(err)
	}
	if drift != 0 {
		t.Errorf("%d balances differ from the sum of their ledger", drift)
	}
	if guilds == 0 {
		t.Error("no guild has any chips: the games moved none, so nothing was checked")
	}
}
