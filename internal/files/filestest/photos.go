package filestest

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"
)

// The metadata a phone writes into a photo: a GPS position (EXIF and XMP), a caption (IPTC, a PNG text
// chunk) naming the street. None of it may be stored; only the orientation (6: turn 90° clockwise) stays.
var (
	// Secrets are byte strings of the metadata: none may be in a stored picture.
	Secrets = [][]byte{[]byte("Calle Secreta 7"), []byte("xmpmeta"), []byte("GPS"), []byte("Photoshop 3.0"), gpsLatitude()}
	// Orientation is the photo's EXIF orientation.
	Orientation uint16 = 6
)

// gpsLatitude is 40° 25' 12.34" as three EXIF rationals.
func gpsLatitude() []byte {
	b := make([]byte, 0, 24)
	for _, v := range [][2]uint32{{40, 1}, {25, 1}, {1234, 100}} {
		b = binary.LittleEndian.AppendUint32(b, v[0])
		b = binary.LittleEndian.AppendUint32(b, v[1])
	}
	return b
}

// exifTIFF is an EXIF payload (TIFF, little-endian) with a description, the orientation and a GPS IFD.
func exifTIFF() []byte {
	le := binary.LittleEndian
	desc := []byte("Calle Secreta 7, Madrid\x00")
	// IFD0 at 8: 3 entries (2 + 36 + 4 = 42 bytes) → data at 50.
	descOff := 50
	gpsOff := descOff + len(desc)
	// GPS IFD: 2 entries (2 + 24 + 4 = 30) → latitude at gpsOff+30.
	latOff := gpsOff + 30
	b := []byte{'I', 'I', 42, 0, 8, 0, 0, 0}
	entry := func(tag, typ uint16, count, value uint32) {
		b = le.AppendUint16(b, tag)
		b = le.AppendUint16(b, typ)
		b = le.AppendUint32(b, count)
		b = le.AppendUint32(b, value)
	}
	b = le.AppendUint16(b, 3)
	entry(0x010E, 2, uint32(len(desc)), uint32(descOff))
	entry(0x0112, 3, 1, uint32(Orientation))
	entry(0x8825, 4, 1, uint32(gpsOff))
	b = le.AppendUint32(b, 0)
	b = append(b, desc...)
	b = le.AppendUint16(b, 2)
	entry(0x0001, 2, 2, uint32('N'))
	entry(0x0002, 5, 3, uint32(latOff))
	b = le.AppendUint32(b, 0)
	return append(b, gpsLatitude()...)
}

const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
	`<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="40,25.2N" exif:GPSLongitude="3,42.1W"/></rdf:RDF></x:xmpmeta>`

func picture(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.RGBA{R: uint8(x * 7), G: uint8(y * 5), B: 90, A: 255})
		}
	}
	return img
}

func jpegSegment(marker byte, payload []byte) []byte {
	return append([]byte{0xFF, marker, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)}, payload...)
}

// GPSJPEG is a w×h JPEG photo with EXIF (GPS, orientation), XMP, IPTC and a comment.
func GPSJPEG(t testing.TB, w, h int) []byte {
	t.Helper()
	var enc bytes.Buffer
	if err := jpeg.Encode(&enc, picture(w, h), nil); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	b.Write(enc.Bytes()[:2])
	b.Write(jpegSegment(0xE1, append([]byte("Exif\x00\x00"), exifTIFF()...)))
	b.Write(jpegSegment(0xE1, append([]byte("http://ns.adobe.com/xap/1.0/\x00"), xmp...)))
	iptc := append([]byte("Photoshop 3.0\x008BIM\x04\x04\x00\x00\x00\x00\x00\x13\x1c\x02\x78\x00\x0fCalle Secreta 7"), 0)
	b.Write(jpegSegment(0xED, iptc))
	b.Write(jpegSegment(0xFE, []byte("GPS 40.42 -3.70")))
	b.Write(enc.Bytes()[2:])
	return b.Bytes()
}

func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// GPSPNG is a w×h PNG with eXIf (GPS, orientation), XMP in iTXt, a tEXt caption and tIME.
func GPSPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	var enc bytes.Buffer
	if err := png.Encode(&enc, picture(w, h)); err != nil {
		t.Fatal(err)
	}
	const ihdrEnd = 8 + 25
	var b bytes.Buffer
	b.Write(enc.Bytes()[:ihdrEnd])
	b.Write(pngChunk("eXIf", exifTIFF()))
	b.Write(pngChunk("iTXt", append([]byte("XML:com.adobe.xmp\x00\x00\x00\x00\x00"), xmp...)))
	b.Write(pngChunk("tEXt", []byte("Comment\x00GPS Calle Secreta 7")))
	b.Write(pngChunk("tIME", []byte{0x07, 0xEA, 11, 26, 12, 0, 0}))
	b.Write(enc.Bytes()[ihdrEnd:])
	return b.Bytes()
}

// a 1×1 lossless WEBP (VP8L) picture.
var vp8l = func() []byte {
	b, _ := base64.StdEncoding.DecodeString("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")
	return b[12:] // the VP8L chunk
}()

func webpChunk(fourcc string, data []byte) []byte {
	b := binary.LittleEndian.AppendUint32([]byte(fourcc), uint32(len(data)))
	b = append(b, data...)
	if len(data)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

// GPSWEBP is a 1×1 extended WEBP with EXIF (GPS, orientation) and XMP chunks flagged in its VP8X.
func GPSWEBP(t testing.TB) []byte {
	t.Helper()
	vp8x := []byte{0x08 | 0x04, 0, 0, 0, 0, 0, 0, 0, 0, 0} // EXIF and XMP; canvas 1×1 (stored minus one)
	body := append([]byte("WEBP"), webpChunk("VP8X", vp8x)...)
	body = append(body, vp8l...)
	body = append(body, webpChunk("EXIF", exifTIFF())...)
	body = append(body, webpChunk("XMP ", []byte(xmp))...)
	return append(binary.LittleEndian.AppendUint32([]byte("RIFF"), uint32(len(body))), body...)
}
