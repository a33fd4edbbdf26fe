package profiles

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("profiles", translations) }

var translations = domain.Catalogue{
	"Idioma no admitido": {
		Ca: "Idioma no admès",
		En: "Unsupported language",
	},
	"El nombre es requerido": {
		Ca: "El nom és obligatori",
		En: "The name is required",
	},
	"Número de teléfono inválido": {
		Ca: "Número de telèfon no vàlid",
		En: "Invalid phone number",
	},
	"La URL de la imagen no es válida": {
		Ca: "L'URL de la imatge no és vàlida",
		En: "The image URL is not valid",
	},
}
