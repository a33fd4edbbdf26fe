package announcements

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("announcements", translations) }

var translations = domain.Catalogue{
	"Solo los administradores pueden publicar, editar o eliminar comunicados": {
		Ca: "Només els administradors poden publicar, editar o eliminar comunicats",
		En: "Only administrators can publish, edit or delete announcements",
	},
	"El tipo no es válido": {
		Ca: "El tipus no és vàlid",
		En: "The type is not valid",
	},
	"Los destinatarios no son válidos": {
		Ca: "Els destinataris no són vàlids",
		En: "The recipients are not valid",
	},
	"Elige el portal al que va dirigido el comunicado": {
		Ca: "Tria el portal a què va adreçat el comunicat",
		En: "Choose the entrance the announcement is for",
	},
	"Ese portal no existe en tu comunidad": {
		Ca: "Aquest portal no existeix a la teva comunitat",
		En: "That entrance does not exist in your community",
	},
	"La dirección del documento no es válida": {
		Ca: "L'adreça del document no és vàlida",
		En: "The document address is not valid",
	},
	"La fecha de validez no es válida": {
		Ca: "La data de validesa no és vàlida",
		En: "The expiry date is not valid",
	},
	"El comunicado no existe": {
		Ca: "El comunicat no existeix",
		En: "The announcement does not exist",
	},
}
