package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestComposePostgresProfile: compose.yaml's postgres profile runs a server, shards 0
// and 1 of 2 on it and a spare for shard 0, each restarted when it stops (a bot that
// lost its lease exits and comes back as a standby).
func TestComposePostgresProfile(t *testing.T) {
	compose := readRepoFile(t, "compose.yaml")
	for _, want := range []string{
		"profiles: [postgres]",
		"image: postgres:15",
		"DATABASE_URL: postgres://cardbot:${POSTGRES_PASSWORD:-cardbot}@postgres:5432/cardbot",
		`SHARD_COUNT: "2"`,
		"  shard0: &shard\n",
		"  shard1:\n    <<: *shard\n",
		`SHARD_ID: "1"`,
		"  spare0:\n    <<: *shard\n",
		"docker compose --profile postgres up -d postgres shard0 shard1 spare0",
	} {
		if !strings.Contains(compose, want) {
			t.Errorf("compose.yaml lacks %q", want)
		}
	}
	shard := compose[strings.Index(compose, "  shard0: &shard"):strings.Index(compose, "  shard1:")]
	for _, want := range []string{"restart: unless-stopped", "condition: service_healthy", "stop_grace_period: 30s", `SHARD_ID: "0"`} {
		if !strings.Contains(shard, want) {
			t.Errorf("compose.yaml's shard0 lacks %q", want)
		}
	}
}

// TestKubernetesStatefulSet: deploy/cardbot.yaml takes SHARD_ID from the pod's ordinal,
// runs as many pods as SHARD_COUNT says, probes /readyz and /healthz, and gives its
// standby set the same pod.
func TestKubernetesStatefulSet(t *testing.T) {
	k := readRepoFile(t, "deploy/cardbot.yaml")
	for _, want := range []string{
		"kind: StatefulSet",
		"name: cardbot-standby",
		`fieldPath: "metadata.labels['apps.kubernetes.io/pod-index']"`,
		"path: /readyz",
		"path: /healthz",
		"secretRef: {name: cardbot}",
		"spec: &pod",
		"spec: *pod",
		"runAsNonRoot: true",
	} {
		if !strings.Contains(k, want) {
			t.Errorf("deploy/cardbot.yaml lacks %q", want)
		}
	}
	count := regexp.MustCompile(`name: SHARD_COUNT, value: "(\d+)"`).FindStringSubmatch(k)
	replicas := regexp.MustCompile(`replicas: (\d+)`).FindAllStringSubmatch(k, -1)
	if count == nil || len(replicas) != 2 {
		t.Fatalf("deploy/cardbot.yaml: SHARD_COUNT %v, replicas %v; want one count and two sets", count, replicas)
	}
	for _, r := range replicas {
		if r[1] != count[1] {
			t.Errorf("deploy/cardbot.yaml: replicas %s, SHARD_COUNT %s: every shard needs its pod", r[1], count[1])
		}
	}
	if strings.Contains(k, "\n---") {
		t.Errorf("deploy/cardbot.yaml has several documents: the standby's *pod alias needs the shard's &pod in the same one")
	}
}
