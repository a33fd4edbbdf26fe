package files

import (
	"bytes"
	"image"
	"image/jpeg"
	_ "image/png" // decoders for thumbnails
	"net/http"
	"path"
	"strings"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp"

	"vecinos/internal/domain"
)

// ChatFiles holds the files sent in chats. It is not one of the buckets of /api/v1/files and /files: who
// may fetch a chat file depends on the conversation or channel it was sent to, which the messages
// service checks before it opens one (docs/adr/0023).
var ChatFiles = &Bucket{Name: "chat-files", MaxBytes: 10 * mb, Visibility: Private,
	typeError: domain.Errorf(domain.CodeInvalid,
		"Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP, PDF y documentos de Office u OpenDocument")}

var errHEIC = domain.Errorf(domain.CodeInvalid,
	"Las fotos HEIC del iPhone no se pueden enviar todavía. Elige la foto como JPG (en Ajustes > Cámara > Formatos, 'Más compatible') o haz una captura y envíala")

// Office and OpenDocument types we take, by the extension we give them.
var documentTypes = map[string]string{
	"docx": DOCX,
	"xlsx": XLSX,
	"pptx": PPTX,
	"odt":  ODT,
	"ods":  ODS,
	"odp":  ODP,
	"doc":  "application/msword",
	"xls":  "application/vnd.ms-excel",
	"ppt":  "application/vnd.ms-powerpoint",
}

// documentExt is the extension of each document type (of each that officeType detects, among others).
var documentExt = func() map[string]string {
	m := map[string]string{}
	for ext, t := range documentTypes {
		m[t] = ext
	}
	return m
}()

// ChatTypeOfExt is the content type of a chat file stored with extension ext.
func ChatTypeOfExt(ext string) string {
	if t, ok := documentTypes[ext]; ok {
		return t
	}
	if t, ok := typeOfExt[ext]; ok {
		return t
	}
	return "application/octet-stream"
}

// DetectChatFile decides, from the bytes, whether data is a picture (JPG, PNG, WEBP) or a document (PDF,
// Office, OpenDocument) a chat takes, and returns its content type and key extension. The name the client
// gave only tells the old binary Office formats (.doc, .xls, .ppt) apart, which share one container.
// HEIC photos get their own message.
func DetectChatFile(data []byte, name string) (contentType, ext string, kind domain.AttachmentKind, err error) {
	head := data[:min(len(data), sniffLen)]
	t := http.DetectContentType(head)
	if i := strings.IndexByte(t, ';'); i >= 0 {
		t = t[:i]
	}
	switch t {
	case "image/jpeg", "image/png", "image/webp":
		return t, extensions[t], domain.AttachmentImage, nil
	case "application/pdf":
		return t, "pdf", domain.AttachmentDocument, nil
	case "application/zip":
		if t := officeType(data); t != "" {
			return t, documentExt[t], domain.AttachmentDocument, nil
		}
	}
	if len(head) >= 12 && string(head[4:8]) == "ftyp" {
		switch string(head[8:12]) {
		case "heic", "heix", "hevc", "hevx", "mif1", "msf1", "heim", "heis":
			return "", "", "", errHEIC
		}
	}
	if bytes.HasPrefix(head, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}) { // OLE2: .doc, .xls, .ppt
		switch ext := strings.ToLower(strings.TrimPrefix(path.Ext(name), ".")); ext {
		case "doc", "xls", "ppt":
			return documentTypes[ext], ext, domain.AttachmentDocument, nil
		}
	}
	return "", "", "", ChatFiles.TypeError()
}

// ThumbSize is the longest side of a chat thumbnail, in pixels.
const ThumbSize = 480

// maxPixels bounds the pictures we decode: 10 MB of compressed data may claim a huge canvas.
const maxPixels = 50_000_000

var errImage = domain.Errorf(domain.CodeInvalid, "No se pudo leer la imagen. Prueba con otra foto")

// Thumbnail decodes a JPG, PNG or WEBP picture and returns a JPEG of at most ThumbSize pixels a side, and
// the picture's own size.
func Thumbnail(data []byte) (thumb []byte, width, height int, err error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, 0, 0, errImage
	}
	if cfg.Width*cfg.Height > maxPixels {
		return nil, 0, 0, domain.Errorf(domain.CodeInvalid, "La imagen tiene demasiados píxeles (máximo 50 megapíxeles)")
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, 0, 0, errImage
	}
	w, h := cfg.Width, cfg.Height
	if w > ThumbSize || h > ThumbSize {
		if w >= h {
			w, h = ThumbSize, max(1, h*ThumbSize/w)
		} else {
			w, h = max(1, w*ThumbSize/h), ThumbSize
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src) // transparent PNGs on white, as JPEG has no alpha
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Over, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 80}); err != nil {
		return nil, 0, 0, err
	}
	return buf.Bytes(), cfg.Width, cfg.Height, nil
}
