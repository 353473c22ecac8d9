-- A game's kind is no longer one of a fixed list: the PostgreSQL form of
-- sqlite/0016_game_kinds.sql. The bot's game registry decides which names are games;
-- the store keeps any non-empty name.

-- +goose Up
ALTER TABLE games DROP CONSTRAINT games_kind_check;
ALTER TABLE games ADD CONSTRAINT games_kind_check CHECK (kind <> '');

-- +goose Down
ALTER TABLE games DROP CONSTRAINT games_kind_check;
ALTER TABLE games ADD CONSTRAINT games_kind_check CHECK (kind IN ('laro', 'laus'));
