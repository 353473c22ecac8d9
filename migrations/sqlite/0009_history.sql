-- A player's finished games in a server, newest first (/laro history, /laus history and
-- the replay command's autocomplete). Only finished games are indexed: they are the only
-- ones listed, and a game is written to this index once, when it finishes.

-- +goose Up
CREATE INDEX games_finished ON games (guild, kind, created_at) WHERE status = 'finished';

-- +goose Down
DROP INDEX games_finished;
