package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"github.com/cardbot/cardbot/migrations"
)

// Games' own settings as the tests name them.
var (
	laroStake  = GameSetting{Kind: KindLaro, Name: "stake"}
	laroAnte   = GameSetting{Kind: KindLaro, Name: "ante"}
	laroClaim  = GameSetting{Kind: KindLaro, Name: "claim_window"}
	lausTarget = GameSetting{Kind: KindLaus, Name: "laus_target"}
)

// settingIs reports whether p is set to want.
func settingIs(p *int64, want int64) bool { return p != nil && *p == want }

func TestGuildSettingsUpdateKeepsUnsetFields(t *testing.T) {
	eachBackend(t, testGuildSettingsUpdateKeepsUnsetFields)
}

func testGuildSettingsUpdateKeepsUnsetFields(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	if _, err := s.GuildSettings(ctx, "g1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GuildSettings of a new server: err %v, want ErrNotFound", err)
	}
	on := true
	first := GuildSettings{Guild: "g1", Threads: &on}
	first.SetGame(laroStake, 5)
	if _, err := s.UpdateGuildSettings(ctx, "admin", first); err != nil {
		t.Fatal(err)
	}
	second := GuildSettings{Guild: "g1"}
	second.SetGame(lausTarget, 900)
	got, err := s.UpdateGuildSettings(ctx, "admin2", second)
	if err != nil {
		t.Fatal(err)
	}
	read, err := s.GuildSettings(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []GuildSettings{got, read} {
		if !settingIs(g.Game(laroStake), 5) || !settingIs(g.Game(lausTarget), 900) || g.Threads == nil || !*g.Threads {
			t.Errorf("settings = %+v, want stake 5, target 900, threads on", g)
		}
		if g.Game(laroAnte) != nil || g.Game(laroClaim) != nil || g.TurnTimerS != nil {
			t.Errorf("settings = %+v, want ante, claim window and turn timer unset", g)
		}
		if g.UpdatedBy != "admin2" {
			t.Errorf("updated by %q, want admin2", g.UpdatedBy)
		}
	}
	if _, err := s.GuildSettings(ctx, "g2"); !errors.Is(err, ErrNotFound) {
		t.Errorf("another server's settings: err %v, want ErrNotFound", err)
	}
}

// TestGuildSettingsOfAnyGame: a game the store has never heard of keeps its own
// settings beside Laro's, each game's apart from the others' of the same name, and
// a malformed kind or an empty name is refused with nothing written.
func TestGuildSettingsOfAnyGame(t *testing.T) {
	eachBackend(t, testGuildSettingsOfAnyGame)
}

func testGuildSettingsOfAnyGame(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	hcStake := GameSetting{Kind: "highcard", Name: "stake"}
	change := GuildSettings{Guild: "g1"}
	change.SetGame(laroStake, 2)
	change.SetGame(hcStake, 7)
	if _, err := s.UpdateGuildSettings(ctx, "admin", change); err != nil {
		t.Fatal(err)
	}
	read, err := s.GuildSettings(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if !settingIs(read.Game(hcStake), 7) || !settingIs(read.Game(laroStake), 2) || len(read.Games) != 2 {
		t.Errorf("settings = %+v, want highcard's stake 7 and Laro's 2, nothing else", read.Games)
	}
	for _, bad := range []GameSetting{{Kind: "High card", Name: "stake"}, {Kind: "highcard"}} {
		change := GuildSettings{Guild: "g1"}
		change.SetGame(bad, 1)
		if _, err := s.UpdateGuildSettings(ctx, "admin", change); !errors.Is(err, ErrInvalid) {
			t.Errorf("setting %+v: err %v, want ErrInvalid", bad, err)
		}
	}
	if again, err := s.GuildSettings(ctx, "g1"); err != nil || len(again.Games) != 2 {
		t.Errorf("after the refusals: %+v, %v; want the two settings as they were", again.Games, err)
	}
}

func TestGuildSettingsTurnNotice(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	off := int64(-1)
	if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", TurnNoticeS: &off}); err != nil {
		t.Fatal(err)
	}
	change := GuildSettings{Guild: "g1"}
	change.SetGame(laroStake, 3)
	if _, err := s.UpdateGuildSettings(ctx, "admin", change); err != nil {
		t.Fatal(err)
	}
	g, err := s.GuildSettings(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if g.TurnNoticeS == nil || *g.TurnNoticeS != -1 {
		t.Errorf("turn notice = %v, want -1 (off) kept across another change", g.TurnNoticeS)
	}
	bad := int64(-2)
	if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", TurnNoticeS: &bad}); err == nil {
		t.Errorf("a turn notice of -2 s was stored; the schema allows -1 (off) and up")
	}
}

// BenchmarkGuildSettings measures the read every /laro new and /laus new
// now makes for the server's defaults.
func BenchmarkGuildSettings(b *testing.B) {
	ctx := context.Background()
	s := openTest(b)
	change := GuildSettings{Guild: "g1"}
	change.SetGame(laroStake, 5)
	if _, err := s.UpdateGuildSettings(ctx, "admin", change); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.GuildSettings(ctx, "g1"); err != nil {
			b.Fatal(err)
		}
	}
}

func TestGuildSettingsResetBringsBackTheDefault(t *testing.T) {
	eachBackend(t, testGuildSettingsResetBringsBackTheDefault)
}

func testGuildSettingsResetBringsBackTheDefault(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	on := true
	change := GuildSettings{Guild: "g1", Threads: &on}
	change.SetGame(laroStake, 5)
	change.SetGame(laroAnte, 2)
	if _, err := s.UpdateGuildSettings(ctx, "admin", change); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", Reset: []string{"threads"},
		ResetGames: []GameSetting{laroStake}}); err != nil {
		t.Fatal(err)
	}
	read, err := s.GuildSettings(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if read.Game(laroStake) != nil || read.Threads != nil || !settingIs(read.Game(laroAnte), 2) {
		t.Errorf("after resetting stake and threads: %+v, want stake and threads unset, ante 2", read)
	}
	if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", Reset: []string{"colour"}}); !errors.Is(err, ErrInvalid) {
		t.Errorf("reset of an unknown setting: err %v, want ErrInvalid", err)
	}
	for _, n := range SettingNames {
		if _, err := s.UpdateGuildSettings(ctx, "admin", GuildSettings{Guild: "g1", Reset: []string{n}}); err != nil {
			t.Errorf("reset %s: %v", n, err)
		}
	}
}

// TestUpgradeCarriesGuildSettingsOver: a server's Laro and Laus defaults, kept in
// columns of guild_settings before migration 18, are the same after the upgrade, now
// as the games' own settings; the shared ones and who changed them stay; and the
// migration's Down puts them back in their columns.
func TestUpgradeCarriesGuildSettingsOver(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "db")
	old, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, old, migrations.SQLite, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 17); err != nil {
		t.Fatal(err)
	}
	at := time.Now().UnixMilli()
	if _, err := old.Exec(`INSERT INTO guild_settings (guild, stake, ante, claim_window_s, turn_timer_s, laus_target,
		threads, turn_notice_s, updated_by, updated_at) VALUES
		('g1', 5, NULL, 12, 30, 900, 1, -1, 'admin', ?), ('g2', NULL, 3, NULL, NULL, NULL, NULL, NULL, 'mod', ?)`, at, at); err != nil {
		t.Fatal(err)
	}
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}

	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("upgrade: %v", err)
	}
	g1, err := s.GuildSettings(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if !settingIs(g1.Game(laroStake), 5) || !settingIs(g1.Game(laroClaim), 12) || !settingIs(g1.Game(lausTarget), 900) ||
		len(g1.Games) != 3 || !settingIs(g1.TurnTimerS, 30) || !settingIs(g1.TurnNoticeS, -1) ||
		g1.Threads == nil || !*g1.Threads || g1.UpdatedBy != "admin" || g1.UpdatedAt.UnixMilli() != at {
		t.Errorf("g1 after the upgrade: %+v", g1)
	}
	g2, err := s.GuildSettings(ctx, "g2")
	if err != nil || !settingIs(g2.Game(laroAnte), 3) || len(g2.Games) != 1 || g2.TurnTimerS != nil || g2.Threads != nil {
		t.Errorf("g2 after the upgrade: %+v, %v; want only Laro's ante 3", g2, err)
	}
	// A change after the upgrade, then back down: the columns hold it.
	change := GuildSettings{Guild: "g2"}
	change.SetGame(lausTarget, 600)
	if _, err := s.UpdateGuildSettings(ctx, "admin", change); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	p, err = goose.NewProvider(goose.DialectSQLite3, db, migrations.SQLite, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.DownTo(ctx, 17); err != nil {
		t.Fatalf("down to 17: %v", err)
	}
	var ante, target sql.NullInt64
	if err := db.QueryRow(`SELECT ante, laus_target FROM guild_settings WHERE guild = 'g2'`).Scan(&ante, &target); err != nil {
		t.Fatal(err)
	}
	if ante.Int64 != 3 || target.Int64 != 600 {
		t.Errorf("g2 after the Down: ante %v, target %v; want 3 and 600", ante, target)
	}
}
