package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// `vecinos demo` prints the logins to try, and they are not buried under a log line for each of the
// hundreds of requests that filled the community.
func TestDemoPrintsLoginsWithoutARequestLog(t *testing.T) {
	env := map[string]string{"VECINOS_DATA_DIR": t.TempDir()}
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"demo"}, func(k string) string { return env[k] }, &stdout, &stderr); err != nil {
		t.Fatalf("demo: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "presidenta@demo.vecinos.local") {
		t.Errorf("the demo printed no login:\n%s", stdout.String())
	}
	if strings.Contains(stderr.String(), "msg=http") || strings.Count(stderr.String(), "\n") > 5 {
		t.Errorf("the demo logged %d lines; want the warnings only:\n%s", strings.Count(stderr.String(), "\n"), stderr.String())
	}
}
