package events

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("events", translations) }

var translations = domain.Catalogue{
	"No tienes una comunidad asignada": {
		Ca: "No tens cap comunitat assignada",
		En: "You have no community assigned",
	},
	"Solo el creador o un administrador puede editar este evento": {
		Ca: "Només qui l'ha creat o un administrador pot editar aquest esdeveniment",
		En: "Only its creator or an administrator can edit this event",
	},
	"Solo el creador o un administrador puede eliminar este evento": {
		Ca: "Només qui l'ha creat o un administrador pot eliminar aquest esdeveniment",
		En: "Only its creator or an administrator can delete this event",
	},
	"La fecha y la hora de inicio son obligatorias": {
		Ca: "La data i l'hora d'inici són obligatòries",
		En: "The start date and time are required",
	},
	"La hora de fin no puede ser anterior a la de inicio": {
		Ca: "L'hora de finalització no pot ser anterior a la d'inici",
		En: "The end time cannot be before the start time",
	},
	"Este calendario no existe o se ha revocado": {
		Ca: "Aquest calendari no existeix o s'ha revocat",
		En: "This calendar does not exist or has been revoked",
	},
	"El evento no existe": {
		Ca: "L'esdeveniment no existeix",
		En: "The event does not exist",
	},
}
