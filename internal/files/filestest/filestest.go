// Package filestest gives tests real storages: a directory, and an S3-compatible server (gofakes3 with
// its in-memory backend) running in the test process behind httptest, reached through the same client
// and the same VECINOS_STORAGE_URL parsing as production.
package filestest

import (
	"net/http/httptest"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"vecinos/internal/files"
)

// Bucket is the name of the bucket S3 creates.
const Bucket = "vecinos-test"

// Local returns a storage in a temporary directory.
func Local(t testing.TB) files.Storage {
	t.Helper()
	s, err := files.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// S3Server starts an in-process S3 server, accepting any credentials, with an empty bucket called Bucket;
// it returns the server's URL.
func S3Server(t testing.TB) string {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(Bucket); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	return srv.URL
}

// S3URL starts an in-process S3 server and returns its VECINOS_STORAGE_URL.
func S3URL(t testing.TB) string {
	t.Helper()
	return "s3://" + Bucket + "?endpoint=" + S3Server(t) + "&region=us-east-1&path_style=true"
}

// S3 returns a storage on a new in-process S3 server.
func S3(t testing.TB) files.Storage {
	t.Helper()
	return S3At(t, S3Server(t))
}

// S3At returns a storage on the bucket Bucket of the S3 server at endpoint. It passes the credentials
// itself rather than through the environment, so tests using it may run in parallel.
func S3At(t testing.TB, endpoint string) files.Storage {
	t.Helper()
	pathStyle := true
	s, err := files.NewS3(files.S3Options{Endpoint: endpoint, Region: "us-east-1", Bucket: Bucket, PathStyle: &pathStyle,
		AccessKey: "test-access-key", SecretKey: "test-secret-key"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Each runs fn once per storage implementation, as subtests named "local" and "s3".
func Each(t *testing.T, fn func(t *testing.T, s files.Storage)) {
	t.Helper()
	t.Run("local", func(t *testing.T) { fn(t, Local(t)) })
	t.Run("s3", func(t *testing.T) { fn(t, S3(t)) })
}
