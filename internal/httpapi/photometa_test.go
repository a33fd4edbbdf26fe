package httpapi_test

import (
	"bytes"
	"testing"

	"vecinos/internal/files"
	"vecinos/internal/files/filestest"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// noPhotoMetadata fails when a picture as served still carries the photo's GPS position, caption or XMP,
// or lost its orientation.
func noPhotoMetadata(t *testing.T, what string, served []byte) {
	t.Helper()
	for _, s := range filestest.Secrets {
		if bytes.Contains(served, s) {
			t.Errorf("%s: served with %q in it", what, s)
		}
	}
	if !bytes.Contains(served, files.MinimalExif(filestest.Orientation)) {
		t.Errorf("%s: served without its orientation", what)
	}
}

// TestPhotosAreStoredWithoutTheirLocation: a JPEG avatar (public), a WEBP incident photo and the JPEG
// and PNG photos sent in a chat are served without the GPS position, captions and XMP the phone wrote into
// them, and still upright (issue 33).
func TestPhotosAreStoredWithoutTheirLocation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ce, n := newChatEnv(t, db)
		for _, c := range []struct {
			bucket, name, contentType string
			data                      []byte
		}{
			{"avatars", "yo.jpg", "image/jpeg", filestest.GPSJPEG(t, 64, 48)},
			{"avatars", "yo.png", "image/png", filestest.GPSPNG(t, 64, 48)},
			{"incident-images", "grieta.webp", "image/webp", filestest.GPSWEBP(t)},
		} {
			_, url := n.ana.mustUpload(t, c.bucket, c.data, c.name, c.contentType)
			res, body := ce.client().get(t, url)
			if c.bucket != "avatars" {
				res, body = n.luis.get(t, url)
			}
			if res.StatusCode != 200 {
				t.Fatalf("%s: %d", url, res.StatusCode)
			}
			noPhotoMetadata(t, c.bucket+"/"+c.name, body)
		}

		conv := "/api/v1/conversations/" + n.ana.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": n.luisID}, 200)["id"].(string)
		for name, data := range map[string][]byte{"playa.jpg": filestest.GPSJPEG(t, 640, 480), "plano.png": filestest.GPSPNG(t, 64, 48)} {
			at := n.ana.mustAttach(t, conv, data, name)
			n.ana.must(t, "POST", conv+"/messages", map[string]any{"attachmentIds": []string{at["id"].(string)}}, 201)
			res, body := n.luis.get(t, at["url"].(string))
			if res.StatusCode != 200 {
				t.Fatalf("%s: %d", name, res.StatusCode)
			}
			noPhotoMetadata(t, "chat "+name, body)
			if at["size"] != float64(len(body)) || at["width"] == nil {
				t.Errorf("chat %s: size %v, width %v for %d bytes served", name, at["size"], at["width"], len(body))
			}
		}
	})
}

// TestArchivedPhotosAreStoredWithoutTheirLocation: a photo filed in the community's documents (a
// photographed page) is stored without its metadata too, and its size and checksum are of what is stored.
func TestArchivedPhotosAreStoredWithoutTheirLocation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newDocEnv(t, db, filestest.Local(t))
		otros := docCategory(t, e.admin, "Otros")
		doc := e.admin.mustDocUpload(t, docForm(otros, "Foto de la fachada", "2025-01-01", "all", "fachada.jpg"), filestest.GPSJPEG(t, 64, 48))
		res, body := e.admin.get(t, current(doc)["downloadUrl"].(string))
		if res.StatusCode != 200 {
			t.Fatalf("download: %d", res.StatusCode)
		}
		noPhotoMetadata(t, "document fachada.jpg", body)
		if current(doc)["size"] != float64(len(body)) {
			t.Errorf("the document says %v bytes, %d are served", current(doc)["size"], len(body))
		}
	})
}
