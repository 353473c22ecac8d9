package main

// Docker is not needed to run these: they read the Dockerfile, compose.yaml
// and the systemd unit in docs/operating.md, and check what can be checked
// here — that the image's build command builds this repository, and that the
// image runs as a non-root user with its database on a volume and a health
// check.

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func readRepoFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// dockerInstructions returns the Dockerfile's instructions, continuation
// lines joined and comments dropped, split into its stages.
func dockerInstructions(t *testing.T) [][]string {
	t.Helper()
	var stages [][]string
	text := strings.ReplaceAll(readRepoFile(t, "Dockerfile"), "\\\n", " ")
	for _, line := range strings.Split(text, "\n") {
		line = strings.Join(strings.Fields(line), " ")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "FROM ") {
			stages = append(stages, nil)
		}
		if len(stages) == 0 {
			t.Fatalf("Dockerfile: %q before the first FROM", line)
		}
		stages[len(stages)-1] = append(stages[len(stages)-1], line)
	}
	return stages
}

// find returns the instructions of stage starting with prefix.
func find(stage []string, prefix string) []string {
	var out []string
	for _, l := range stage {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return out
}

func TestDockerfileBuildsThisRepository(t *testing.T) {
	stages := dockerInstructions(t)
	if len(stages) != 2 {
		t.Fatalf("Dockerfile has %d stages, want 2 (build, then a small final image)", len(stages))
	}
	build := stages[0]
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(readRepoFile(t, "go.mod"))
	if goVersion == nil {
		t.Fatal("go.mod names no go version")
	}
	if want := "FROM golang:" + goVersion[1] + "-"; !strings.HasPrefix(build[0], want) {
		t.Errorf("build stage %q, want it to start %q (the Go of go.mod)", build[0], want)
	}
	var cmd string
	for _, l := range find(build, "RUN ") {
		if strings.Contains(l, "go build") {
			cmd = strings.TrimPrefix(l, "RUN ")
		}
	}
	if !strings.HasPrefix(cmd, "CGO_ENABLED=1 go build ") || !strings.HasSuffix(cmd, " ./cmd/cardbot") {
		t.Fatalf("the build command is %q, want CGO_ENABLED=1 go build … ./cmd/cardbot", cmd)
	}
	// The same command, here, from the repository's top (where COPY . .
	// put it), with its output elsewhere: -n checks flags, packages and
	// imports without compiling. (Split on spaces, as the shell would with
	// no quotes: keep the command free of them.)
	args := strings.Fields(strings.TrimPrefix(cmd, "CGO_ENABLED=1 go "))
	for i, a := range args {
		if a == "-o" && i+1 < len(args) {
			args[i+1] = filepath.Join(t.TempDir(), "cardbot")
		}
	}
	run := exec.Command("go", append([]string{args[0], "-n"}, args[1:]...)...)
	run.Dir = filepath.Join("..", "..")
	run.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := run.CombinedOutput(); err != nil {
		t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func TestDockerImageRunsAsAUserWithAVolumeAndAHealthCheck(t *testing.T) {
	stages := dockerInstructions(t)
	final := stages[len(stages)-1]
	if !strings.Contains(final[0], "debian12") {
		t.Errorf("final stage %q, want a Debian 12 image (glibc, as the bookworm build stage links against)", final[0])
	}
	if !strings.Contains(stages[0][0], "bookworm") {
		t.Errorf("build stage %q, want bookworm, the final image's Debian release", stages[0][0])
	}
	users := find(final, "USER ")
	if len(users) != 1 {
		t.Fatalf("final stage has USER %v, want exactly one", users)
	}
	if u := strings.TrimPrefix(users[0], "USER "); u == "root" || u == "0" || strings.HasPrefix(u, "0:") || strings.HasPrefix(u, "root:") {
		t.Errorf("the image runs as %q, want a non-root user", u)
	}
	env := strings.Join(find(final, "ENV "), " ")
	if !strings.Contains(env, "DATABASE_PATH=/data/") || len(find(final, `VOLUME ["/data"]`)) != 1 {
		t.Errorf("final stage ENV %q and VOLUME %v: want the database under a /data volume", env, find(final, "VOLUME"))
	}
	if !strings.Contains(env, "METRICS_ADDR=") {
		t.Errorf("final stage ENV %q: the health check needs METRICS_ADDR", env)
	}
	health := strings.Join(find(final, "HEALTHCHECK "), " ")
	entry := find(final, "ENTRYPOINT ")
	if len(entry) != 1 {
		t.Fatalf("final stage ENTRYPOINT %v, want one", entry)
	}
	bin := strings.Trim(strings.TrimPrefix(entry[0], "ENTRYPOINT "), `[]"`)
	if want := `CMD ["` + bin + `", "healthcheck"]`; !strings.Contains(health, want) {
		t.Errorf("HEALTHCHECK %q, want %s (the binary asks its own /healthz)", health, want)
	}
	if copied := strings.Join(find(final, "COPY "), " "); !strings.Contains(copied, bin) {
		t.Errorf("the final stage copies %q, not the entry point %s", copied, bin)
	}
	ignore := readRepoFile(t, ".dockerignore")
	if !regexp.MustCompile(`(?m)^\.env$`).MatchString(ignore) {
		t.Errorf(".dockerignore does not keep .env (the token) out of the build")
	}
}

func TestComposeAndSystemdUnit(t *testing.T) {
	compose := readRepoFile(t, "compose.yaml")
	for _, want := range []string{"build: .", "env_file: .env", "cardbot-data:/data", "DATABASE_PATH: /data/cardbot.db", "stop_signal: SIGTERM"} {
		if !strings.Contains(compose, want) {
			t.Errorf("compose.yaml lacks %q", want)
		}
	}
	ops := readRepoFile(t, "docs/operating.md")
	unit := regexp.MustCompile("(?s)```ini\n(\\[Unit\\].*?)```").FindStringSubmatch(ops)
	if unit == nil {
		t.Fatal("docs/operating.md has no systemd unit (an ini block starting [Unit])")
	}
	for _, want := range []string{"Restart=on-failure", "KillSignal=SIGTERM", "User=cardbot", "ExecStart=", "[Install]"} {
		if !strings.Contains(unit[1], want) {
			t.Errorf("the systemd unit in docs/operating.md lacks %q", want)
		}
	}
}
