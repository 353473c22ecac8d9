-- The ledger's triggers keep balances, escrow, pots and game_nets in step once per
-- INSERT statement, over its transition table, instead of once per row. The store's
-- group commit inserts the ledger rows of a whole batch (hundreds of actions, three
-- movements each) with one statement; row triggers ran five plpgsql statements for each
-- row, most of the server's time per action. A statement trigger runs them once, each
-- over the statement's rows grouped by the row they change.
--
-- Still inside the statement that inserts the rows, so no code path can write the ledger
-- without the rest, and the CHECK constraints (balance_nonnegative, free_nonnegative,
-- escrow_nonnegative, pot_nonnegative) still stop the statement. What changes is when
-- they are checked within a statement of many rows: on its result, not after each row.
-- A statement of one row (every path but the group commit's set-based insert) behaves
-- exactly as before. Escrow is kept with one MERGE (update, insert, or delete the row
-- that reaches zero) rather than an upsert: INSERT … ON CONFLICT checks the CHECK
-- constraints on the row proposed for insertion, which a release (a negative amount)
-- fails even where the row exists.
-- SQLite has no statement triggers; its 0019 changes nothing.

-- +goose Up
DROP TRIGGER ledger_balances ON ledger;
DROP TRIGGER ledger_escrow ON ledger;
DROP TRIGGER ledger_pot ON ledger;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION ledger_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE balances b SET balance = b.balance + n.delta, held = b.held + n.held
    FROM (SELECT guild, user_id, CAST(SUM(delta) AS BIGINT) AS delta, CAST(SUM(held_delta) AS BIGINT) AS held
          FROM ledger_new GROUP BY guild, user_id) n
    WHERE b.guild = n.guild AND b.user_id = n.user_id AND (n.delta <> 0 OR n.held <> 0);
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER ledger_balances AFTER INSERT ON ledger
REFERENCING NEW TABLE AS ledger_new
FOR EACH STATEMENT EXECUTE FUNCTION ledger_balances();

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION ledger_escrow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    MERGE INTO escrow e
    USING (SELECT game_id, guild, user_id, CAST(SUM(held_delta) AS BIGINT) AS amount FROM ledger_new
           WHERE game_id IS NOT NULL AND held_delta <> 0 GROUP BY game_id, guild, user_id) n
    ON e.game_id = n.game_id AND e.guild = n.guild AND e.user_id = n.user_id
    WHEN MATCHED AND e.amount + n.amount = 0 THEN DELETE
    WHEN MATCHED THEN UPDATE SET amount = e.amount + n.amount
    WHEN NOT MATCHED AND n.amount <> 0 THEN
        INSERT (game_id, guild, user_id, amount) VALUES (n.game_id, n.guild, n.user_id, n.amount);
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER ledger_escrow AFTER INSERT ON ledger
REFERENCING NEW TABLE AS ledger_new
FOR EACH STATEMENT EXECUTE FUNCTION ledger_escrow();

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION ledger_pot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games g SET pot = g.pot - n.delta
    FROM (SELECT game_id, CAST(SUM(delta) AS BIGINT) AS delta FROM ledger_new
          WHERE game_id IS NOT NULL AND delta <> 0 GROUP BY game_id) n
    WHERE g.id = n.game_id AND n.delta <> 0;
    INSERT INTO game_nets (game_id, guild, user_id, net)
    SELECT game_id, guild, user_id, CAST(SUM(delta) AS BIGINT) FROM ledger_new
    WHERE game_id IS NOT NULL AND delta <> 0
    GROUP BY game_id, guild, user_id
    ON CONFLICT (game_id, guild, user_id) DO UPDATE SET net = game_nets.net + excluded.net;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER ledger_pot AFTER INSERT ON ledger
REFERENCING NEW TABLE AS ledger_new
FOR EACH STATEMENT EXECUTE FUNCTION ledger_pot();

-- +goose Down
DROP TRIGGER ledger_balances ON ledger;
DROP TRIGGER ledger_escrow ON ledger;
DROP TRIGGER ledger_pot ON ledger;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION ledger_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE balances SET balance = balance + NEW.delta, held = held + NEW.held_delta
    WHERE guild = NEW.guild AND user_id = NEW.user_id;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER ledger_balances AFTER INSERT ON ledger
FOR EACH ROW EXECUTE FUNCTION ledger_balances();

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION ledger_escrow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE escrow SET amount = amount + NEW.held_delta
    WHERE game_id = NEW.game_id AND guild = NEW.guild AND user_id = NEW.user_id;
    IF NOT FOUND THEN
        INSERT INTO escrow (game_id, guild, user_id, amount)
        VALUES (NEW.game_id, NEW.guild, NEW.user_id, NEW.held_delta);
    END IF;
    DELETE FROM escrow
    WHERE game_id = NEW.game_id AND guild = NEW.guild AND user_id = NEW.user_id AND amount = 0;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER ledger_escrow AFTER INSERT ON ledger
FOR EACH ROW WHEN (NEW.game_id IS NOT NULL AND NEW.held_delta <> 0)
EXECUTE FUNCTION ledger_escrow();

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

CREATE TRIGGER ledger_pot AFTER INSERT ON ledger
FOR EACH ROW WHEN (NEW.game_id IS NOT NULL AND NEW.delta <> 0)
EXECUTE FUNCTION ledger_pot();
