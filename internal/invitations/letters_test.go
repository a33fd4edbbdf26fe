package invitations_test

import (
	"bytes"
	"encoding/binary"
	"image/png"
	"regexp"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"vecinos/internal/domain"
	"vecinos/internal/invitations"
)

// decodeQR reads the QR code of a PNG.
func decodeQR(t *testing.T, b []byte) string {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("decode the QR code: %v", err)
	}
	return res.GetText()
}

// idat is the compressed image data of a PNG: what a PDF embeds of it.
func idat(t *testing.T, b []byte) []byte {
	t.Helper()
	var out []byte
	for i := 8; i+8 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[i:]))
		if string(b[i+4:i+8]) == "IDAT" {
			out = append(out, b[i+8:i+8+n]...)
		}
		i += 12 + n
	}
	if len(out) == 0 {
		t.Fatal("PNG without image data")
	}
	return out
}

// The letters: one page per unit, each with one image, the QR code of its link (/register with the
// community's code and the unit), which decodes to that link.
func TestLettersHaveOnePagePerUnitAndAQRCodeOfTheLink(t *testing.T) {
	s := invitations.New(nil, invitations.Options{PublicURL: "https://vecinos.example.es"})
	c := &domain.Community{Name: "Comunidad Núñez de Balboa 7", Address: "Calle de Núñez de Balboa 7", City: "Madrid", PublicID: "ABCD2345"}
	floor := "2º"
	units := []domain.Unit{{ID: "u1", UnitNumber: "A", Floor: &floor}, {ID: "u2", UnitNumber: "B", Floor: &floor}, {ID: "u3", UnitNumber: "Bajo"}}
	var letters []invitations.Letter
	for _, u := range units {
		letters = append(letters, invitations.Letter{UnitID: u.ID, UnitLabel: domain.UnitLabel(u.Building, u.Floor, u.UnitNumber), Link: s.Link(c.PublicID, u.ID)})
	}
	pdf, err := invitations.RenderLetters(c, letters)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", pdf[:20])
	}
	if n := len(regexp.MustCompile(`/Type /Page\b[^s]`).FindAll(pdf, -1)); n != len(units) {
		t.Fatalf("%d pages, want %d", n, len(units))
	}
	if n := bytes.Count(pdf, []byte("/Subtype /Image")); n != len(units) {
		t.Fatalf("%d images, want one per page (%d)", n, len(units))
	}
	for _, l := range letters {
		want := "https://vecinos.example.es/register?token=ABCD2345&unit=" + l.UnitID
		if l.Link != want {
			t.Fatalf("link %q, want %q", l.Link, want)
		}
		qr, err := invitations.QRPNG(l.Link)
		if err != nil {
			t.Fatal(err)
		}
		if got := decodeQR(t, qr); got != want {
			t.Fatalf("the QR code says %q, want %q", got, want)
		}
		// The PDF embeds that very image.
		if !bytes.Contains(pdf, idat(t, qr)) {
			t.Fatalf("the PDF does not embed the QR code of %s", l.UnitLabel)
		}
	}
}
