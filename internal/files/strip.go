package files

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
)

// StripMetadata returns a JPEG, PNG or WEBP picture without the metadata a phone writes into it: EXIF
// (the GPS position, the camera, the time), XMP and IPTC, comments and text chunks. Only the orientation
// stays, in a minimal EXIF of one tag, so the picture still shows upright. It works on the file's
// segments or chunks and never re-encodes the pixels; what it cannot parse it copies as it is (a broken
// file is no phone's photo), and trailing data after the picture's end is dropped. Other types come back
// unchanged. Every image the app stores passes through it (uploads, chat files, documents).
func StripMetadata(contentType string, data []byte) []byte {
	switch contentType {
	case "image/jpeg":
		return stripJPEG(data)
	case "image/png":
		return stripPNG(data)
	case "image/webp":
		return stripWEBP(data)
	}
	return data
}

// orientation reads the Orientation tag (0x0112) of IFD0 of a TIFF block (an EXIF payload); 0 when there
// is none or it says the picture is upright.
func orientation(tiff []byte) uint16 {
	if len(tiff) < 8 {
		return 0
	}
	var bo binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 0
	}
	if bo.Uint16(tiff[2:]) != 42 {
		return 0
	}
	off := int(bo.Uint32(tiff[4:]))
	if off < 8 || off+2 > len(tiff) {
		return 0
	}
	n := int(bo.Uint16(tiff[off:]))
	for i := range n {
		e := off + 2 + 12*i
		if e+12 > len(tiff) {
			return 0
		}
		if bo.Uint16(tiff[e:]) == 0x0112 && bo.Uint16(tiff[e+2:]) == 3 {
			if o := bo.Uint16(tiff[e+8:]); o >= 2 && o <= 8 {
				return o
			}
			return 0
		}
	}
	return 0
}

// MinimalExif is the TIFF block of an EXIF that says only the orientation o (little-endian, one entry in
// IFD0, no other IFD).
func MinimalExif(o uint16) []byte {
	b := []byte{'I', 'I', 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	binary.LittleEndian.PutUint16(b[18:], o)
	return b
}

var exifHeader = []byte("Exif\x00\x00")

func stripJPEG(data []byte) []byte {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return data
	}
	out := make([]byte, 0, len(data))
	out = append(out, 0xFF, 0xD8)
	i, removed, scan := 2, false, false
	for i < len(data) {
		if scan { // entropy-coded data: up to the next marker that is not a stuffed byte or a restart
			j := i
			for j+1 < len(data) && !(data[j] == 0xFF && data[j+1] != 0 && !(data[j+1] >= 0xD0 && data[j+1] <= 0xD7) && data[j+1] != 0xFF) {
				j++
			}
			if j+1 >= len(data) {
				return append(out, data[i:]...) // no end marker: kept as it came
			}
			out = append(out, data[i:j]...)
			i, scan = j, false
			continue
		}
		if data[i] != 0xFF {
			return append(out, data[i:]...) // not a marker where one should be: the rest as it came
		}
		for i+1 < len(data) && data[i+1] == 0xFF { // fill bytes
			i++
		}
		if i+1 >= len(data) {
			return append(out, data[i:]...)
		}
		m := data[i+1]
		if m == 0xD9 { // EOI: whatever follows (a second picture of a multi-picture file) is dropped
			out = append(out, 0xFF, 0xD9)
			if i+2 < len(data) {
				removed = true
			}
			break
		}
		if m == 0x01 || m >= 0xD0 && m <= 0xD7 {
			out = append(out, 0xFF, m)
			i += 2
			continue
		}
		if i+4 > len(data) {
			return append(out, data[i:]...)
		}
		end := i + 2 + int(binary.BigEndian.Uint16(data[i+2:]))
		if end < i+4 || end > len(data) {
			return append(out, data[i:]...)
		}
		payload := data[i+4 : end]
		keep := true
		switch {
		case m == 0xE1: // EXIF, XMP
			keep = false
			if p, ok := bytes.CutPrefix(payload, exifHeader); ok {
				if o := orientation(p); o != 0 {
					seg := append(append([]byte{}, exifHeader...), MinimalExif(o)...)
					out = append(out, 0xFF, 0xE1, byte((len(seg)+2)>>8), byte(len(seg)+2))
					out = append(out, seg...)
				}
			}
		case m == 0xE2: // ICC profiles keep the colours; anything else (MPF, FlashPix) goes
			keep = bytes.HasPrefix(payload, []byte("ICC_PROFILE\x00"))
		case m == 0xEE: // Adobe: how CMYK pictures' colours are coded
			keep = bytes.HasPrefix(payload, []byte("Adobe"))
		case m >= 0xE3 && m <= 0xEF, m == 0xFE: // APP13 IPTC (Photoshop) and the other APPn, comments
			keep = false
		}
		if keep {
			out = append(out, data[i:end]...)
		} else {
			removed = true
		}
		i = end
		if m == 0xDA { // start of scan
			scan = true
		}
	}
	if !removed {
		return data
	}
	return out
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// pngChunk writes a chunk of type typ with its CRC.
func pngChunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

func stripPNG(data []byte) []byte {
	if !bytes.HasPrefix(data, pngSignature) {
		return data
	}
	out := make([]byte, 0, len(data))
	out = append(out, pngSignature...)
	i, removed := len(pngSignature), false
	for i < len(data) {
		if i+12 > len(data) {
			return append(out, data[i:]...)
		}
		n := int(binary.BigEndian.Uint32(data[i:]))
		end := i + 12 + n
		if n < 0 || n > len(data) || end > len(data) {
			return append(out, data[i:]...)
		}
		typ := string(data[i+4 : i+8])
		switch typ {
		case "eXIf":
			removed = true
			if o := orientation(data[i+8 : i+8+n]); o != 0 {
				out = pngChunk(out, "eXIf", MinimalExif(o))
			}
		case "tEXt", "iTXt", "zTXt", "tIME":
			removed = true
		default:
			out = append(out, data[i:end]...)
		}
		i = end
		if typ == "IEND" {
			removed = removed || i < len(data)
			break
		}
	}
	if !removed {
		return data
	}
	return out
}

// WEBP's VP8X flags of the metadata chunks.
const (
	webpXMP  = 0x04
	webpEXIF = 0x08
)

func stripWEBP(data []byte) []byte {
	if len(data) < 12 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
		return data
	}
	out := make([]byte, 0, len(data))
	out = append(out, data[:12]...)
	i, removed, exif, vp8x := 12, false, false, -1
	for i < len(data) {
		if i+8 > len(data) {
			out = append(out, data[i:]...)
			break
		}
		n := int(binary.LittleEndian.Uint32(data[i+4:]))
		end := i + 8 + n + n%2
		if n < 0 || n > len(data) || end > len(data) {
			if end == len(data)+1 && n%2 == 1 { // the last chunk without its padding byte
				end = len(data)
			} else {
				out = append(out, data[i:]...)
				break
			}
		}
		switch string(data[i : i+4]) {
		case "EXIF":
			removed = true
			if o := orientation(bytes.TrimPrefix(data[i+8:i+8+n], exifHeader)); o != 0 {
				m := MinimalExif(o)
				out = append(out, "EXIF"...)
				out = binary.LittleEndian.AppendUint32(out, uint32(len(m)))
				out = append(out, m...)
				exif = true
			}
		case "XMP ":
			removed = true
		case "VP8X":
			if n >= 1 {
				vp8x = len(out) + 8
			}
			out = append(out, data[i:end]...)
		default:
			out = append(out, data[i:end]...)
		}
		i = end
	}
	if !removed {
		return data
	}
	if vp8x >= 0 {
		out[vp8x] &^= webpXMP | webpEXIF
		if exif {
			out[vp8x] |= webpEXIF
		}
	}
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out
}
