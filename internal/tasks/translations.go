package tasks

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("tasks", translations) }

var translations = domain.Catalogue{
	"La tarea no existe": {
		Ca: "La tasca no existeix",
		En: "The task does not exist",
	},
	"El proveedor no está en el directorio de tu comunidad": {
		Ca: "El proveïdor no és al directori de la teva comunitat",
		En: "The provider is not in your community's directory",
	},
	"La incidencia no existe en tu comunidad": {
		Ca: "La incidència no existeix a la teva comunitat",
		En: "The incident does not exist in your community",
	},
	"El miembro no pertenece a tu comunidad": {
		Ca: "El membre no pertany a la teva comunitat",
		En: "The member does not belong to your community",
	},
	"Solo un administrador o un miembro autorizado puede gestionar las tareas": {
		Ca: "Només un administrador o un membre autoritzat pot gestionar les tasques",
		En: "Only an administrator or an authorised member can manage the tasks",
	},
	"Solo un administrador puede dar permiso para gestionar las tareas": {
		Ca: "Només un administrador pot donar permís per gestionar les tasques",
		En: "Only an administrator can give permission to manage the tasks",
	},
	"Indica a quién se asigna la tarea": {
		Ca: "Indica a qui s'assigna la tasca",
		En: "Say who the task is assigned to",
	},
	"Elige el proveedor del directorio": {
		Ca: "Tria el proveïdor del directori",
		En: "Choose the provider from the directory",
	},
	"La repetición no es válida": {
		Ca: "La repetició no és vàlida",
		En: "The repetition is not valid",
	},
	"Una tarea que se repite necesita una fecha límite": {
		Ca: "Una tasca que es repeteix necessita una data límit",
		En: "A repeating task needs a due date",
	},
	"La fecha límite no es válida": {
		Ca: "La data límit no és vàlida",
		En: "The due date is not valid",
	},
	"El responsable no es válido": {
		Ca: "El responsable no és vàlid",
		En: "The person in charge is not valid",
	},
}
