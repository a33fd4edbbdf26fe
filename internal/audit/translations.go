package audit

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("audit", translations) }

var translations = domain.Catalogue{
	"Solo los administradores pueden ver el registro de actividad": {
		Ca: "Només els administradors poden veure el registre d'activitat",
		En: "Only administrators can see the activity log",
	},
	"La acción no es válida": {
		Ca: "L'acció no és vàlida",
		En: "The action is not valid",
	},
}
