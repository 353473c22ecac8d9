package store

import (
	"errors"
	"fmt"
	"time"
)

// Sentinel errors. Errors returned by the Store wrap these; test with errors.Is.
var (
	// ErrNotFound means the game (or other row) asked for does not exist.
	ErrNotFound = errors.New("store: not found")
	// ErrInsufficientChips means a movement would leave a free balance below zero.
	// The error is an *InsufficientChipsError carrying how many chips are missing.
	ErrInsufficientChips = errors.New("store: insufficient chips")
	// ErrDailyTooSoon means the daily bonus was claimed less than DailyInterval ago.
	// The error is a *DailyTooSoonError carrying when the next claim is possible.
	ErrDailyTooSoon = errors.New("store: daily bonus already claimed")
	// ErrSeqConflict means an action's seq is not the game's next one: it was appended
	// already (a replayed or duplicated request) or one is missing before it.
	ErrSeqConflict = errors.New("store: action seq is not the next one")
	// ErrGameClosed means the game is finished or cancelled and takes no more actions.
	ErrGameClosed = errors.New("store: game is finished or cancelled")
	// ErrAlreadySettled means the game's settlement was recorded before.
	ErrAlreadySettled = errors.New("store: game already settled")
	// ErrPotOverdrawn means a payout or refund exceeds the chips paid into the game.
	ErrPotOverdrawn = errors.New("store: payout exceeds the game's pot")
	// ErrPotNotEmpty means a settlement (or closing a game) would leave chips in the
	// game's pot; every chip paid in must be paid out so that chips are never destroyed.
	ErrPotNotEmpty = errors.New("store: settlement leaves chips in the pot")
	// ErrInvalid means an argument is malformed (unknown reason, negative amount, wrong
	// guild for the game, ...): a programming error in the caller.
	ErrInvalid = errors.New("store: invalid argument")
	// ErrSchemaTooNew means the database was migrated by a newer cardbot.
	ErrSchemaTooNew = errors.New("store: schema too new")
	// ErrClosed means the Store was closed.
	ErrClosed = errors.New("store: closed")
)

// InsufficientChipsError is returned when a player's free chips do not cover a movement.
type InsufficientChipsError struct {
	Guild, User string
	// Need is the chips the movement required from the free balance, Free what was there.
	Need, Free int64
}

// Missing returns how many more chips the player needs.
func (e *InsufficientChipsError) Missing() int64 { return e.Need - e.Free }

func (e *InsufficientChipsError) Error() string {
	return fmt.Sprintf("store: insufficient chips: user %s needs %d more (has %d free, needs %d)",
		e.User, e.Missing(), e.Free, e.Need)
}

// Is makes errors.Is(err, ErrInsufficientChips) true.
func (e *InsufficientChipsError) Is(target error) bool { return target == ErrInsufficientChips }

// MissingChips reports how many chips err says are missing, and whether err is an
// insufficient-chips error at all, so the bot can say "you need 37 more chips".
func MissingChips(err error) (int64, bool) {
	var e *InsufficientChipsError
	if errors.As(err, &e) {
		return e.Missing(), true
	}
	return 0, false
}

// DailyTooSoonError is returned by ClaimDaily before the interval has passed.
type DailyTooSoonError struct {
	// Next is the earliest time of the next claim.
	Next time.Time
}

func (e *DailyTooSoonError) Error() string {
	return fmt.Sprintf("store: daily bonus already claimed; next claim at %s", e.Next.UTC().Format(time.RFC3339))
}

// Is makes errors.Is(err, ErrDailyTooSoon) true.
func (e *DailyTooSoonError) Is(target error) bool { return target == ErrDailyTooSoon }

// NextDaily reports when the next daily claim is possible, if err is a too-early claim.
func NextDaily(err error) (time.Time, bool) {
	var e *DailyTooSoonError
	if errors.As(err, &e) {
		return e.Next, true
	}
	return time.Time{}, false
}

// SchemaTooNewError is returned by Open for a database migrated by a newer cardbot; its
// message tells the operator to upgrade.
type SchemaTooNewError struct {
	// Version is the database's schema version, Known the newest this build has.
	Version, Known int64
}

func (e *SchemaTooNewError) Error() string {
	return fmt.Sprintf("store: database schema version %d is newer than this build knows (%d); upgrade cardbot",
		e.Version, e.Known)
}

// Is makes errors.Is(err, ErrSchemaTooNew) true.
func (e *SchemaTooNewError) Is(target error) bool { return target == ErrSchemaTooNew }
