package store

import (
	"errors"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
)

// dialect is the SQL dialect of the Store's database. The queries are written once, in
// the common subset of SQLite and PostgreSQL with '?' placeholders (rewritten to $n for
// PostgreSQL when the statement is prepared, see rebind); the few that differ choose
// their text with pick. Errors are told apart by the helpers below rather than by
// driver types, so that the rest of the package does not depend on the backend.
type dialect uint8

const (
	dialectSQLite dialect = iota
	dialectPostgres
)

func (d dialect) String() string {
	if d == dialectPostgres {
		return "postgres"
	}
	return "sqlite"
}

// pick returns the query text for the dialect.
func (d dialect) pick(sqlite, postgres string) string {
	if d == dialectPostgres {
		return postgres
	}
	return sqlite
}

// rebind rewrites SQLite placeholders for PostgreSQL: each '?' becomes $1, $2, … in
// order, and a numbered '?N' becomes $N. Question marks inside quoted strings and
// identifiers are left alone.
func rebind(query string) string {
	if !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	var quote byte
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			j := i + 1
			for j < len(query) && query[j] >= '0' && query[j] <= '9' {
				j++
			}
			b.WriteByte('$')
			if j > i+1 {
				b.WriteString(query[i+1 : j])
			} else {
				n++
				b.WriteString(strconv.Itoa(n))
			}
			i = j - 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// PostgreSQL's SQLSTATE codes for the constraint failures the Store expects.
const (
	pgUniqueViolation     = "23505"
	pgForeignKeyViolation = "23503"
	pgCheckViolation      = "23514"
)

// isForeignKeyError reports whether err is the database refusing a row whose parent is
// missing.
func isForeignKeyError(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se.ExtendedCode == sqlite3.ErrConstraintForeignKey
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == pgForeignKeyViolation
}

// isUniqueViolation reports whether err is the database refusing a second row with the
// same primary or unique key.
func isUniqueViolation(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey || se.ExtendedCode == sqlite3.ErrConstraintUnique
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == pgUniqueViolation
}

// violated returns the name of the CHECK constraint err reports, or "".
func violated(err error) string {
	var se sqlite3.Error
	if errors.As(err, &se) {
		if se.ExtendedCode != sqlite3.ErrConstraintCheck {
			return ""
		}
		_, name, _ := strings.Cut(se.Error(), "CHECK constraint failed: ")
		return strings.TrimSpace(name)
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == pgCheckViolation {
		return pe.ConstraintName
	}
	return ""
}

// isBusy reports whether err is SQLite's SQLITE_BUSY (any extended form).
func isBusy(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.Code == sqlite3.ErrBusy
}
