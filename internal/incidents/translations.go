package incidents

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("incidents", translations) }

var translations = domain.Catalogue{
	"Solo el creador o un administrador puede editar esta incidencia": {
		Ca: "Només qui l'ha creada o un administrador pot editar aquesta incidència",
		En: "Only its creator or an administrator can edit this incident",
	},
	"Solo el creador o un administrador puede eliminar esta incidencia": {
		Ca: "Només qui l'ha creada o un administrador pot eliminar aquesta incidència",
		En: "Only its creator or an administrator can delete this incident",
	},
	"La descripción es obligatoria": {
		Ca: "La descripció és obligatòria",
		En: "The description is required",
	},
	"Debes asignar la incidencia a un miembro": {
		Ca: "Has d'assignar la incidència a un membre",
		En: "You must assign the incident to a member",
	},
	"La incidencia no existe": {
		Ca: "La incidència no existeix",
		En: "The incident does not exist",
	},
	"El miembro asignado no pertenece a tu comunidad": {
		Ca: "El membre assignat no pertany a la teva comunitat",
		En: "The assigned member does not belong to your community",
	},
}
