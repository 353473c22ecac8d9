package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Announcement is a channel message an action makes the bot post, such as a Laus
// round's summary. It is stored in the transaction of its action (ActionRecord.Announce)
// and marked posted once Discord has accepted it (MarkAnnounced), so that after a
// restart the bot posts exactly what the last run did not.
type Announcement struct {
	GameID string
	// Seq is the action that caused it; AppendAction fills it in.
	Seq int64
	// Guild is the game's server. Channel is where it goes: the game's thread if it
	// is played in one, else its channel. Both are filled in when the Store reads
	// announcements.
	Guild   string
	Channel string
	// Body is the message to post, in the bot's own encoding (stored as text).
	Body []byte
	// RetireID is the table message the action retired ("" for none), and RetireBody
	// what that message becomes once the next one is posted.
	RetireID   string
	RetireBody []byte
	// MessageID is the posted message and PostedAt when it was marked posted; both are
	// zero until then.
	MessageID string
	PostedAt  time.Time
}

// Posted reports whether the announcement has been marked posted.
func (a Announcement) Posted() bool { return !a.PostedAt.IsZero() }

// insertAnnouncement stores the announcement of action seq, inside its append.
func (s *Store) insertAnnouncement(ctx context.Context, tx *sql.Tx, g *gameChips, seq int64, a Announcement) error {
	if a.GameID != "" && a.GameID != g.id {
		return fmt.Errorf("%w: announcement for game %s appended to game %s", ErrInvalid, a.GameID, g.id)
	}
	if len(a.Body) == 0 {
		return fmt.Errorf("%w: empty announcement", ErrInvalid)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO announcements
		(game_id, action_seq, body, retire_id, retire_body, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		g.id, seq, string(a.Body), a.RetireID, string(a.RetireBody), s.now()); err != nil {
		return fmt.Errorf("store: record announcement: %w", err)
	}
	return nil
}

// announcementCols read the game's server and the channel an announcement goes to:
// the game's thread if it is played in one, else its channel.
const announcementCols = `a.game_id, a.action_seq, g.guild, COALESCE(th.thread_id, g.channel), a.body, a.retire_id, a.retire_body,
	a.message_id, a.posted_at`

func scanAnnouncements(rows *sql.Rows) ([]Announcement, error) {
	defer rows.Close()
	var out []Announcement
	for rows.Next() {
		var a Announcement
		var body, retire string
		var posted sql.NullInt64
		if err := rows.Scan(&a.GameID, &a.Seq, &a.Guild, &a.Channel, &body, &a.RetireID, &retire, &a.MessageID, &posted); err != nil {
			return nil, fmt.Errorf("store: announcements: %w", err)
		}
		a.Body, a.RetireBody = []byte(body), []byte(retire)
		if posted.Valid {
			a.PostedAt = msTime(posted.Int64)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// Announcements returns every announcement of a game, posted or not, in action order;
// ErrNotFound if there is no such game.
func (s *Store) Announcements(ctx context.Context, gameID string) ([]Announcement, error) {
	var out []Announcement
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		if _, err := loadGame(ctx, tx, gameID); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+announcementCols+`
			FROM announcements a JOIN games g ON g.id = a.game_id
			LEFT JOIN game_threads th ON th.game_id = g.id
			WHERE a.game_id = ? ORDER BY a.action_seq`, gameID)
		if err != nil {
			return fmt.Errorf("store: announcements: %w", err)
		}
		out, err = scanAnnouncements(rows)
		return err
	})
	return out, err
}

// UnpostedAnnouncements returns the announcements of every game that are not marked
// posted, in the order they were made.
func (s *Store) UnpostedAnnouncements(ctx context.Context) ([]Announcement, error) {
	var out []Announcement
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+announcementCols+`
			FROM announcements a JOIN games g ON g.id = a.game_id
			LEFT JOIN game_threads th ON th.game_id = g.id
			WHERE a.posted_at IS NULL ORDER BY a.created_at, a.game_id, a.action_seq`)
		if err != nil {
			return fmt.Errorf("store: unposted announcements: %w", err)
		}
		out, err = scanAnnouncements(rows)
		return err
	})
	return out, err
}

// MarkAnnounced records that the announcement of game's action seq was posted as
// message messageID. Marking it again changes nothing: the first posted message stays.
// ErrNotFound if the action made no announcement.
func (s *Store) MarkAnnounced(ctx context.Context, gameID string, seq int64, messageID string) error {
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE announcements SET message_id = ?, posted_at = ?
			WHERE game_id = ? AND action_seq = ? AND posted_at IS NULL`, messageID, s.now(), gameID, seq)
		if err != nil {
			return fmt.Errorf("store: mark announced: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n > 0 {
			return err
		}
		var one int
		err = tx.QueryRowContext(ctx, `SELECT 1 FROM announcements WHERE game_id = ? AND action_seq = ?`, gameID, seq).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: announcement of game %s action %d: %w", gameID, seq, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: mark announced: %w", err)
		}
		return nil
	})
}
