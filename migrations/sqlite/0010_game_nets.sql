-- What each player has won (positive) or paid (negative) in each game, kept by the ledger's
-- pot trigger: net = SUM(ledger.delta) over the game's rows of that player.
--
-- It replaces the index ledger_game, which only served that sum (Laro stats at settlement,
-- the history list). The index took three entries per appended action, spread over a leaf
-- per player of every live game, and most of a group commit's pages were its leaves; this
-- table takes one row per player and game, updated in place.
--
-- No foreign keys: only the trigger writes it, from ledger rows whose keys are checked.

-- +goose Up
CREATE TABLE game_nets (
    game_id TEXT    NOT NULL,
    guild   TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    net     INTEGER NOT NULL,
    PRIMARY KEY (game_id, guild, user_id)
) STRICT, WITHOUT ROWID;

INSERT INTO game_nets (game_id, guild, user_id, net)
SELECT game_id, guild, user_id, SUM(delta) FROM ledger
WHERE game_id IS NOT NULL AND delta != 0
GROUP BY game_id, guild, user_id;

DROP TRIGGER ledger_pot;

-- +goose StatementBegin
CREATE TRIGGER ledger_pot AFTER INSERT ON ledger
WHEN NEW.game_id IS NOT NULL AND NEW.delta != 0
BEGIN
    UPDATE games SET pot = pot - NEW.delta WHERE id = NEW.game_id;
    INSERT INTO game_nets (game_id, guild, user_id, net)
    VALUES (NEW.game_id, NEW.guild, NEW.user_id, NEW.delta)
    ON CONFLICT (game_id, guild, user_id) DO UPDATE SET net = net + excluded.net;
END;
-- +goose StatementEnd

DROP INDEX ledger_game;

-- +goose Down
CREATE INDEX ledger_game ON ledger (game_id, user_id) WHERE game_id IS NOT NULL;

DROP TRIGGER ledger_pot;

-- +goose StatementBegin
CREATE TRIGGER ledger_pot AFTER INSERT ON ledger
WHEN NEW.game_id IS NOT NULL AND NEW.delta != 0
BEGIN
    UPDATE games SET pot = pot - NEW.delta WHERE id = NEW.game_id;
END;
-- +goose StatementEnd

DROP TABLE game_nets;
