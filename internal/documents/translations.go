package documents

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("documents", translations) }

var translations = domain.Catalogue{
	"Solo los administradores pueden gestionar los documentos": {
		Ca: "Només els administradors poden gestionar els documents",
		En: "Only administrators can manage the documents",
	},
	"Solo los administradores pueden subir documentos a esta categoría": {
		Ca: "Només els administradors poden pujar documents a aquesta categoria",
		En: "Only administrators can upload documents to this category",
	},
	"Solo un administrador o quien subió el documento puede subir una nueva versión": {
		Ca: "Només un administrador o qui va pujar el document en pot pujar una versió nova",
		En: "Only an administrator or whoever uploaded the document can upload a new version",
	},
	"Elige una categoría": {
		Ca: "Tria una categoria",
		En: "Choose a category",
	},
	"La fecha del documento es obligatoria": {
		Ca: "La data del document és obligatòria",
		En: "The document's date is required",
	},
	"La fecha del documento no es válida": {
		Ca: "La data del document no és vàlida",
		En: "The document's date is not valid",
	},
	"La visibilidad no es válida": {
		Ca: "La visibilitat no és vàlida",
		En: "The visibility is not valid",
	},
	"Indica el motivo de la eliminación": {
		Ca: "Indica el motiu de l'eliminació",
		En: "Say why it is deleted",
	},
	"El nombre de la categoría es obligatorio": {
		Ca: "El nom de la categoria és obligatori",
		En: "The category name is required",
	},
	"El nombre de la categoría no puede superar los %d caracteres": {
		Ca: "El nom de la categoria no pot superar els %d caràcters",
		En: "The category name cannot be longer than %d characters",
	},
	"El año no es válido": {
		Ca: "L'any no és vàlid",
		En: "The year is not valid",
	},
	"El documento no existe": {
		Ca: "El document no existeix",
		En: "The document does not exist",
	},
	"Este documento debe conservarse hasta el %s": {
		Ca: "Aquest document s'ha de conservar fins al %s",
		En: "This document must be kept until %s",
	},
	"La categoría no existe en tu comunidad": {
		Ca: "La categoria no existeix a la teva comunitat",
		En: "The category does not exist in your community",
	},
	"Ya existe una categoría con ese nombre": {
		Ca: "Ja existeix una categoria amb aquest nom",
		En: "A category with that name already exists",
	},
}
