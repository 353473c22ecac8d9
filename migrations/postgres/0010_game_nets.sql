-- The PostgreSQL form of sqlite/0010_game_nets.sql: what each player has won (positive)
-- or paid (negative) in each game, kept by the ledger's pot trigger:
-- net = SUM(ledger.delta) over the game's rows of that player. It replaces the index
-- ledger_game.

-- +goose Up
CREATE TABLE game_nets (
    game_id TEXT    NOT NULL,
    guild   TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    net     BIGINT NOT NULL,
    PRIMARY KEY (game_id, guild, user_id)
);

INSERT INTO game_nets (game_id, guild, user_id, net)
SELECT game_id, guild, user_id, SUM(delta) FROM ledger
WHERE game_id IS NOT NULL AND delta <> 0
GROUP BY game_id, guild, user_id;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION ledger_pot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET pot = pot - NEW.delta WHERE id = NEW.game_id;
    INSERT INTO game_nets (game_id, guild, user_id, net)
    VALUES (NEW.game_id, NEW.guild, NEW.user_id, NEW.delta)
    ON CONFLICT (game_id, guild, user_id) DO UPDATE SET net = game_nets.net + excluded.net;
    RETURN NULL;
END $$;
-- +goose StatementEnd

DROP INDEX ledger_game;

-- +goose Down
CREATE INDEX ledger_game ON ledger (game_id, user_id) WHERE game_id IS NOT NULL;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION ledger_pot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET pot = pot - NEW.delta WHERE id = NEW.game_id;
    RETURN NULL;
END $$;
-- +goose StatementEnd

DROP TABLE game_nets;
