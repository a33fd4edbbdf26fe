package directory

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("directory", translations) }

var translations = domain.Catalogue{
	"El rol no es válido": {
		Ca: "El rol no és vàlid",
		En: "The role is not valid",
	},
}
