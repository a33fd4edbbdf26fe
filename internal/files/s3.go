package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3 keeps objects in a bucket of an S3-compatible service (AWS S3, MinIO, Cloudflare R2, Scaleway, …),
// through minio-go (docs/adr/0005-file-storage.md).
type S3 struct {
	client *minio.Client
	bucket string
	prefix string // put before every key, "" or ending in "/"
}

// S3Options configure NewS3.
type S3Options struct {
	Endpoint     string // http(s)://host[:port] or host[:port] (https); empty = AWS S3
	Region       string
	Bucket       string
	Prefix       string // optional key prefix inside the bucket
	PathStyle    *bool  // nil = decide from the endpoint (path style for anything but AWS)
	AccessKey    string
	SecretKey    string
	SessionToken string
}

// parseS3URL reads s3://bucket[/prefix]?endpoint=…&region=…&path_style=true.
func parseS3URL(u *url.URL) (S3Options, error) {
	q := u.Query()
	o := S3Options{Bucket: u.Host, Prefix: strings.Trim(u.Path, "/"), Endpoint: q.Get("endpoint"), Region: q.Get("region")}
	if o.Bucket == "" {
		return o, errors.New("s3:// URL without a bucket name")
	}
	if v := q.Get("path_style"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return o, fmt.Errorf("path_style must be true or false, got %q", v)
		}
		o.PathStyle = &b
	}
	for k := range q {
		if k != "endpoint" && k != "region" && k != "path_style" {
			return o, fmt.Errorf("unknown s3:// parameter %q (endpoint, region, path_style)", k)
		}
	}
	return o, nil
}

// NewS3 returns the storage of o's bucket. It does not contact the service.
func NewS3(o S3Options) (*S3, error) {
	endpoint, secure := o.Endpoint, true
	if endpoint == "" {
		endpoint = "s3.amazonaws.com"
	}
	if strings.Contains(endpoint, "://") {
		u, err := url.Parse(endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.Trim(u.Path, "/") != "" {
			return nil, fmt.Errorf("s3 endpoint must be http(s)://host[:port], got %q", o.Endpoint)
		}
		endpoint, secure = u.Host, u.Scheme == "https"
	}
	lookup := minio.BucketLookupAuto
	if o.PathStyle != nil {
		lookup = minio.BucketLookupDNS
		if *o.PathStyle {
			lookup = minio.BucketLookupPath
		}
	}
	client, err := minio.New(endpoint, &minio.Options{
		Creds:        credentials.NewStaticV4(o.AccessKey, o.SecretKey, o.SessionToken),
		Secure:       secure,
		Region:       o.Region,
		BucketLookup: lookup,
	})
	if err != nil {
		return nil, fmt.Errorf("s3 client: %w", err)
	}
	prefix := strings.Trim(o.Prefix, "/")
	if prefix != "" {
		if err := CheckKey(prefix); err != nil {
			return nil, fmt.Errorf("s3 key prefix %q: %w", o.Prefix, err)
		}
		prefix += "/"
	}
	return &S3{client: client, bucket: o.Bucket, prefix: prefix}, nil
}

// Put uploads the object with its content type as metadata.
func (s *S3) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	_, err := s.client.PutObject(ctx, s.bucket, s.prefix+key, r, size, minio.PutObjectOptions{ContentType: contentType})
	return err
}

// Open fetches the object's metadata and returns a reader of its bytes (an io.ReadSeeker too).
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	if err := CheckKey(key); err != nil {
		return nil, Info{}, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, s.prefix+key, minio.GetObjectOptions{})
	if err != nil {
		return nil, Info{}, notFound(err)
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		return nil, Info{}, notFound(err)
	}
	return obj, Info{Size: st.Size, ContentType: st.ContentType, ModTime: st.LastModified}, nil
}

// Delete removes the object (S3 does not complain about missing ones).
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	return s.client.RemoveObject(ctx, s.bucket, s.prefix+key, minio.RemoveObjectOptions{})
}

// DeleteAll lists the objects under the folder and removes them one by one (a person's folder holds a
// handful).
func (s *S3) DeleteAll(ctx context.Context, prefix string) error {
	if err := CheckKey(prefix); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx) // stops the listing when we return early
	defer cancel()
	for obj := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.prefix + prefix + "/", Recursive: true}) {
		if obj.Err != nil {
			return obj.Err
		}
		if err := s.client.RemoveObject(ctx, s.bucket, obj.Key, minio.RemoveObjectOptions{}); err != nil {
			return err
		}
	}
	return nil
}

func notFound(err error) error {
	if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
		return ErrNotFound
	}
	return err
}
