-- Chips: an append-only ledger, and balances kept in step with it by triggers, so that no
-- code path can write one without the other. For every player balance = SUM(ledger.delta)
-- and held = SUM(ledger.held_delta); for every game pot = -SUM(ledger.delta). The CHECK
-- constraints are the last line of defence: a movement that would overdraw a player or a
-- pot fails as a whole statement. The store maps their names to its errors.

-- +goose Up
CREATE TABLE balances (
    guild      TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    balance    INTEGER NOT NULL CONSTRAINT balance_nonnegative CHECK (balance >= 0),
    -- Chips held in escrow by games; free = balance - held.
    held       INTEGER NOT NULL DEFAULT 0 CONSTRAINT held_nonnegative CHECK (held >= 0),
    last_daily INTEGER,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (guild, user_id),
    CONSTRAINT free_nonnegative CHECK (held <= balance)
) STRICT, WITHOUT ROWID;


CREATE TABLE ledger (
    id         INTEGER NOT NULL PRIMARY KEY,
    guild      TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    delta      INTEGER NOT NULL,
    held_delta INTEGER NOT NULL DEFAULT 0,
    reason     TEXT    NOT NULL CHECK (reason IN ('grant', 'daily', 'admin_grant', 'ante', 'stake',
                                                  'payout', 'refund', 'escrow_hold', 'escrow_release')),
    game_id    TEXT REFERENCES games (id),
    -- The action that caused the movement, so a movement exists iff its action does.
    action_seq INTEGER,
    -- Who made an admin grant.
    actor      TEXT,
    created_at INTEGER NOT NULL,
    FOREIGN KEY (guild, user_id) REFERENCES balances (guild, user_id)
) STRICT;

-- Only the index that a query needs (a game's movements, for Laro stats): every index
-- is written on the hot path, three times per appended action.
CREATE INDEX ledger_game ON ledger (game_id, user_id) WHERE game_id IS NOT NULL;

-- What each game currently holds of each player; SUM(amount) per player = balances.held.
CREATE TABLE escrow (
    game_id TEXT    NOT NULL REFERENCES games (id),
    guild   TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    -- Zero only for the instant between a trigger's update and its cleanup.
    amount  INTEGER NOT NULL CONSTRAINT escrow_nonnegative CHECK (amount >= 0),
    PRIMARY KEY (game_id, guild, user_id),
    FOREIGN KEY (guild, user_id) REFERENCES balances (guild, user_id)
) STRICT, WITHOUT ROWID;

-- +goose StatementBegin
CREATE TRIGGER ledger_balances AFTER INSERT ON ledger
BEGIN
    UPDATE balances SET balance = balance + NEW.delta, held = held + NEW.held_delta
    WHERE guild = NEW.guild AND user_id = NEW.user_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER ledger_escrow AFTER INSERT ON ledger
WHEN NEW.game_id IS NOT NULL AND NEW.held_delta != 0
BEGIN
    -- Not an upsert: SQLite checks CHECK constraints on the row to insert before it
    -- detects the conflict, so a release (negative) would always fail.
    UPDATE escrow SET amount = amount + NEW.held_delta
    WHERE game_id = NEW.game_id AND guild = NEW.guild AND user_id = NEW.user_id;
    INSERT INTO escrow (game_id, guild, user_id, amount)
    SELECT NEW.game_id, NEW.guild, NEW.user_id, NEW.held_delta
    WHERE NOT EXISTS (SELECT 1 FROM escrow
                      WHERE game_id = NEW.game_id AND guild = NEW.guild AND user_id = NEW.user_id);
    DELETE FROM escrow
    WHERE game_id = NEW.game_id AND guild = NEW.guild AND user_id = NEW.user_id AND amount = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER ledger_pot AFTER INSERT ON ledger
WHEN NEW.game_id IS NOT NULL AND NEW.delta != 0
BEGIN
    UPDATE games SET pot = pot - NEW.delta WHERE id = NEW.game_id;
END;
-- +goose StatementEnd

-- The ledger is append-only.
-- +goose StatementBegin
CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'ledger is append-only');
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'ledger is append-only');
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER ledger_no_delete;
DROP TRIGGER ledger_no_update;
DROP TRIGGER ledger_pot;
DROP TRIGGER ledger_escrow;
DROP TRIGGER ledger_balances;
DROP TABLE escrow;
DROP TABLE ledger;
DROP TABLE balances;
