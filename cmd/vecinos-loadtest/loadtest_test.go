package main

import (
	"bytes"
	"cmp"
	"os"
	"strconv"
	"testing"
)

// The command end to end on a small community: the real binary as child processes, every message must
// reach every stream. Timings are the command's output, never asserted.
func TestEveryMessageReachesEveryStream(t *testing.T) {
	if _, err := os.Stat("../../web/dist/index.html"); err != nil {
		unavailable(t, "the web app is not built (make build): the server binary embeds web/dist")
	}
	bin, err := buildServer(t.Context(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	adminURL := cmp.Or(os.Getenv("VECINOS_TEST_POSTGRES_URL"), defaultPostgresURL)
	const streams, messages = 50, 3
	for _, tc := range []struct {
		engine    string
		instances int
	}{{"sqlite", 1}, {"postgres", 2}} {
		t.Run(tc.engine, func(t *testing.T) {
			if tc.engine == "postgres" {
				admin, err := connectAdmin(t.Context(), adminURL)
				if err != nil {
					unavailable(t, err.Error()+"; start it or set VECINOS_TEST_POSTGRES_URL")
				}
				admin.Close()
			}
			var out bytes.Buffer
			results, err := run(t.Context(), []string{"-bin", bin, "-engine", tc.engine, "-postgres", adminURL,
				"-streams", strconv.Itoa(streams), "-messages", strconv.Itoa(messages)}, &out, &out)
			t.Log("\n" + out.String())
			if err != nil {
				t.Fatal(err)
			}
			r := results[0]
			if r.instances != tc.instances || r.expected != streams*messages || len(r.latencies) != r.expected || r.ended != 0 {
				t.Errorf("%d instances, %d of %d deliveries, %d streams ended; want %d instances and every delivery",
					r.instances, len(r.latencies), r.expected, r.ended, tc.instances)
			}
		})
	}
}

// unavailable skips a test whose prerequisite is missing, or fails it on CI, where nothing may be skipped.
func unavailable(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal(why)
	}
	t.Skip(why)
}
