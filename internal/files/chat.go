package files

import (
	"archive/zip"
	"bytes"
	"image"
	"image/jpeg"
	_ "image/png" // decoders for thumbnails
	"io"
	"net/http"
	"path"
	"strings"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp"

	"vecinos/internal/domain"
)

// ChatFiles holds the files sent in chats. It is not one of the buckets of /api/v1/files and /files: who
// may fetch a chat file depends on the conversation or channel it was sent to, which the messaging
// service checks before it opens one (docs/adr/0023).
var ChatFiles = &Bucket{Name: "chat-files", MaxBytes: 10 * mb, Visibility: Private,
	typeError: "Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP, PDF y documentos de Office u OpenDocument"}

var errHEIC = domain.Errorf(domain.CodeInvalid,
	"Las fotos HEIC del iPhone no se pueden enviar todavía. Elige la foto como JPG (en Ajustes > Cámara > Formatos, 'Más compatible') o haz una captura y envíala")

// Office and OpenDocument types we take, by the extension we give them.
var documentTypes = map[string]string{
	"docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	"xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	"pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
	"odt":  "application/vnd.oasis.opendocument.text",
	"ods":  "application/vnd.oasis.opendocument.spreadsheet",
	"odp":  "application/vnd.oasis.opendocument.presentation",
	"doc":  "application/msword",
	"xls":  "application/vnd.ms-excel",
	"ppt":  "application/vnd.ms-powerpoint",
}

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
		if ext := officeZip(data); ext != "" {
			return documentTypes[ext], ext, domain.AttachmentDocument, nil
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

// officeZip tells an Office Open XML or OpenDocument file from any other zip by the parts inside it.
func officeZip(data []byte) string {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return ""
	}
	for _, f := range z.File {
		switch f.Name {
		case "word/document.xml":
			return "docx"
		case "xl/workbook.xml":
			return "xlsx"
		case "ppt/presentation.xml":
			return "pptx"
		case "mimetype":
			rc, err := f.Open()
			if err != nil {
				return ""
			}
			b, _ := io.ReadAll(io.LimitReader(rc, 100))
			rc.Close()
			switch string(b) {
			case "application/vnd.oasis.opendocument.text":
				return "odt"
			case "application/vnd.oasis.opendocument.spreadsheet":
				return "ods"
			case "application/vnd.oasis.opendocument.presentation":
				return "odp"
			}
		}
	}
	return ""
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
