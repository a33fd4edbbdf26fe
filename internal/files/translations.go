package files

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("files", translations) }

var translations = domain.Catalogue{
	"Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP": {
		Ca: "Tipus de fitxer no vàlid. Només es permeten imatges JPG, PNG i WEBP",
		En: "Invalid file type. Only JPG, PNG and WEBP images are allowed",
	},
	"Tipo de archivo no válido. Solo se permiten PDF, JPG y PNG": {
		Ca: "Tipus de fitxer no vàlid. Només es permeten PDF, JPG i PNG",
		En: "Invalid file type. Only PDF, JPG and PNG are allowed",
	},
	"Tipo de archivo no válido. Solo se permiten archivos PDF": {
		Ca: "Tipus de fitxer no vàlid. Només es permeten fitxers PDF",
		En: "Invalid file type. Only PDF files are allowed",
	},
	"Tipo de archivo no válido. Solo se permiten PDF, JPG, PNG, WEBP, DOCX, XLSX, ODT y ODS": {
		Ca: "Tipus de fitxer no vàlid. Només es permeten PDF, JPG, PNG, WEBP, DOCX, XLSX, ODT i ODS",
		En: "Invalid file type. Only PDF, JPG, PNG, WEBP, DOCX, XLSX, ODT and ODS are allowed",
	},
	"El archivo es demasiado grande. Tamaño máximo: %dMB": {
		Ca: "El fitxer és massa gran. Mida màxima: %dMB",
		En: "The file is too large. Maximum size: %dMB",
	},
	"Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP, PDF y documentos de Office u OpenDocument": {
		Ca: "Tipus de fitxer no vàlid. Només es permeten imatges JPG, PNG i WEBP, PDF i documents d'Office o OpenDocument",
		En: "Invalid file type. Only JPG, PNG and WEBP images, PDF and Office or OpenDocument documents are allowed",
	},
	"Las fotos HEIC del iPhone no se pueden enviar todavía. Elige la foto como JPG (en Ajustes > Cámara > Formatos, 'Más compatible') o haz una captura y envíala": {
		Ca: "Les fotos HEIC de l'iPhone encara no es poden enviar. Tria la foto com a JPG (a Configuració > Càmera > Formats, 'Més compatible') o fes-ne una captura i envia-la",
		En: "iPhone HEIC photos cannot be sent yet. Choose the photo as JPG (in Settings > Camera > Formats, 'Most Compatible') or take a screenshot and send that",
	},
	"No se pudo leer la imagen. Prueba con otra foto": {
		Ca: "No s'ha pogut llegir la imatge. Prova-ho amb una altra foto",
		En: "The image could not be read. Try another photo",
	},
	"La imagen tiene demasiados píxeles (máximo 50 megapíxeles)": {
		Ca: "La imatge té massa píxels (màxim 50 megapíxels)",
		En: "The image has too many pixels (50 megapixels at most)",
	},
}
