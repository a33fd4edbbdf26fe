package files

import (
	"archive/zip"
	"bytes"
	"testing"

	"vecinos/internal/domain"
)

func zipOf(t testing.TB, files map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for name, body := range files {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestDetectChatFileFromTheBytes(t *testing.T) {
	ole := append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, bytes.Repeat([]byte{0}, 100)...)
	for _, c := range []struct {
		name string
		data []byte
		file string
		ext  string
		kind domain.AttachmentKind
	}{
		{"docx", zipOf(t, map[string]string{"[Content_Types].xml": "x", "word/document.xml": "x"}), "a.zip", "docx", domain.AttachmentDocument},
		{"xlsx", zipOf(t, map[string]string{"[Content_Types].xml": "x", "xl/workbook.xml": "x"}), "cuentas", "xlsx", domain.AttachmentDocument},
		{"pptx", zipOf(t, map[string]string{"[Content_Types].xml": "x", "ppt/presentation.xml": "x"}), "junta.key", "pptx", domain.AttachmentDocument},
		{"odp", zipOf(t, map[string]string{"mimetype": ODP}), "junta", "odp", domain.AttachmentDocument},
		{"odt", zipOf(t, map[string]string{"mimetype": "application/vnd.oasis.opendocument.text"}), "acta.odt", "odt", domain.AttachmentDocument},
		{"xls by its name", ole, "cuentas.XLS", "xls", domain.AttachmentDocument},
		{"pdf", []byte("%PDF-1.7\n%%EOF\n"), "x.docx", "pdf", domain.AttachmentDocument},
	} {
		_, ext, kind, err := DetectChatFile(c.data, c.file)
		if err != nil || ext != c.ext || kind != c.kind {
			t.Errorf("%s: %s %s %v", c.name, ext, kind, err)
		}
	}
	for _, c := range []struct {
		name string
		data []byte
		file string
	}{
		{"another zip", zipOf(t, map[string]string{"virus.exe": "MZ"}), "a.docx"},
		{"office parts without content types", zipOf(t, map[string]string{"xl/workbook.xml": "x"}), "a.xlsx"},
		{"both ppt/ and word/", zipOf(t, map[string]string{"[Content_Types].xml": "x", "ppt/a.xml": "x", "word/b.xml": "x"}), "a.pptx"},
		{"OLE with another name", ole, "a.msi"},
		{"HTML", []byte("<html><script>x</script></html>"), "a.pdf"},
		{"empty", nil, "a.pdf"},
	} {
		if _, _, _, err := DetectChatFile(c.data, c.file); err == nil {
			t.Errorf("%s accepted", c.name)
		}
	}
	heic := append([]byte("\x00\x00\x00\x18ftypheic"), bytes.Repeat([]byte{0}, 20)...)
	if _, _, _, err := DetectChatFile(heic, "IMG.HEIC"); err == nil || !bytes.Contains([]byte(domain.ErrorMessage(err)), []byte("HEIC")) {
		t.Errorf("HEIC: %v", err)
	}
}
