package maintenance

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("maintenance", translations) }

var translations = domain.Catalogue{
	"Este mantenimiento no existe": {
		Ca: "Aquest manteniment no existeix",
		En: "This maintenance item does not exist",
	},
	"Solo los administradores pueden gestionar el mantenimiento": {
		Ca: "Només els administradors poden gestionar el manteniment",
		En: "Only administrators can manage the maintenance",
	},
	"La nota no puede superar los %d caracteres": {
		Ca: "La nota no pot superar els %d caràcters",
		En: "The note cannot be longer than %d characters",
	},
	"La fecha de realización no puede ser futura": {
		Ca: "La data de realització no pot ser futura",
		En: "The date it was done cannot be in the future",
	},
	"La fecha no puede ser anterior a la última realización (%s)": {
		Ca: "La data no pot ser anterior a l'última realització (%s)",
		En: "The date cannot be before the last time it was done (%s)",
	},
	"El tipo de mantenimiento no es válido": {
		Ca: "El tipus de manteniment no és vàlid",
		En: "The kind of maintenance is not valid",
	},
	"El nombre de la empresa no puede superar los %d caracteres": {
		Ca: "El nom de l'empresa no pot superar els %d caràcters",
		En: "The company's name cannot be longer than %d characters",
	},
	"La periodicidad debe estar entre %d y %d meses": {
		Ca: "La periodicitat ha de ser d'entre %d i %d mesos",
		En: "The period must be between %d and %d months",
	},
	"Indica cuándo se hizo por última vez": {
		Ca: "Indica quan es va fer per última vegada",
		En: "Say when it was last done",
	},
	"La fecha de la última realización no puede ser futura": {
		Ca: "La data de l'última realització no pot ser futura",
		En: "The date it was last done cannot be in the future",
	},
	"Las notas no pueden superar los %d caracteres": {
		Ca: "Les notes no poden superar els %d caràcters",
		En: "The notes cannot be longer than %d characters",
	},
}
