-- Laus match scores: every round's per-seat breakdown, and each finished match's result.

-- +goose Up
CREATE TABLE laus_rounds (
    game_id    TEXT    NOT NULL REFERENCES games (id),
    round      INTEGER NOT NULL CHECK (round >= 1),
    multiplier INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, round)
) STRICT, WITHOUT ROWID;

CREATE TABLE laus_round_scores (
    game_id      TEXT    NOT NULL,
    round        INTEGER NOT NULL,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    guild        TEXT    NOT NULL,
    user_id      TEXT    NOT NULL DEFAULT '',
    computer     INTEGER NOT NULL DEFAULT 0,
    card_points  INTEGER NOT NULL,
    queen_bonus  INTEGER NOT NULL,
    queens_taken INTEGER NOT NULL,
    qd_cancelled INTEGER NOT NULL,
    tricks       INTEGER NOT NULL,
    slam         INTEGER NOT NULL,
    score        INTEGER NOT NULL,
    total        INTEGER NOT NULL,
    PRIMARY KEY (game_id, round, seat),
    FOREIGN KEY (game_id, round) REFERENCES laus_rounds (game_id, round)
) STRICT, WITHOUT ROWID;

-- The all-time table aggregates a guild's human players.
CREATE INDEX laus_scores_player ON laus_round_scores (guild, user_id) WHERE computer = 0;

CREATE TABLE laus_results (
    game_id  TEXT    NOT NULL REFERENCES games (id),
    seat     INTEGER NOT NULL,
    guild    TEXT    NOT NULL,
    user_id  TEXT    NOT NULL DEFAULT '',
    computer INTEGER NOT NULL DEFAULT 0,
    total    INTEGER NOT NULL,
    lost     INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;

CREATE INDEX laus_results_player ON laus_results (guild, user_id) WHERE computer = 0;

-- +goose Down
DROP TABLE laus_results;
DROP TABLE laus_round_scores;
DROP TABLE laus_rounds;
