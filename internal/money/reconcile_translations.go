package money

import "vecinos/internal/domain"

// The translations of the reconciliation's and the CSV import's errors (issue #37), by their Spanish text.
func init() { domain.RegisterMessages("money", reconcileTranslations) }

var reconcileTranslations = domain.Catalogue{
	"El abono (%s) no es el total de la remesa %d (%s)": {
		Ca: "L'abonament (%s) no és el total de la remesa %d (%s)",
		En: "The credit (%s) is not the total of remittance %d (%s)",
	},
	"El abono (%s) no es el total de la remesa %d (%s) ni ese total menos sus devoluciones (%s)": {
		Ca: "L'abonament (%s) no és el total de la remesa %d (%s) ni aquest total menys les seves devolucions (%s)",
		En: "The credit (%s) is neither the total of remittance %d (%s) nor that total less its returned debits (%s)",
	},
}
