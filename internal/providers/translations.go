package providers

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("providers", translations) }

var translations = domain.Catalogue{
	"El proveedor no existe": {
		Ca: "El proveïdor no existeix",
		En: "The provider does not exist",
	},
	"Solo un administrador puede gestionar los proveedores": {
		Ca: "Només un administrador pot gestionar els proveïdors",
		En: "Only an administrator can manage providers",
	},
	"Solo se pueden valorar los proveedores aprobados": {
		Ca: "Només es poden valorar els proveïdors aprovats",
		En: "Only approved providers can be rated",
	},
	"Esta sugerencia ya se revisó": {
		Ca: "Aquest suggeriment ja s'ha revisat",
		En: "This suggestion has already been reviewed",
	},
	"Indica el motivo del rechazo": {
		Ca: "Indica el motiu del rebuig",
		En: "Give the reason for the rejection",
	},
	"La categoría no es válida": {
		Ca: "La categoria no és vàlida",
		En: "The category is not valid",
	},
	"Indica un teléfono o un email de contacto": {
		Ca: "Indica un telèfon o un correu electrònic de contacte",
		En: "Give a contact phone or email",
	},
	"El teléfono no es válido": {
		Ca: "El telèfon no és vàlid",
		En: "The phone number is not valid",
	},
	"El email no es válido": {
		Ca: "El correu electrònic no és vàlid",
		En: "The email is not valid",
	},
	"La dirección no puede superar los %d caracteres": {
		Ca: "L'adreça no pot superar els %d caràcters",
		En: "The address cannot be longer than %d characters",
	},
	"La valoración debe ser de 1 a 5 estrellas": {
		Ca: "La valoració ha de ser d'1 a 5 estrelles",
		En: "The rating must be from 1 to 5 stars",
	},
}
