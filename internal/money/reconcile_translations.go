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
	"Indica las columnas de la fecha, el concepto y el importe (o las de cargo y abono)": {
		Ca: "Indica les columnes de la data, el concepte i l'import (o les de càrrec i abonament)",
		En: "Say which columns hold the date, the concept and the amount (or the debit and the credit)",
	},
	"El fichero CSV no tiene movimientos": {
		Ca: "El fitxer CSV no té moviments",
		En: "The CSV file has no movements",
	},
	"El fichero CSV tiene demasiadas líneas": {
		Ca: "El fitxer CSV té massa línies",
		En: "The CSV file has too many lines",
	},
	"La línea %d del CSV no se puede leer": {
		Ca: "La línia %d del CSV no es pot llegir",
		En: "Line %d of the CSV cannot be read",
	},
	"La línea %d del CSV no tiene la columna %d": {
		Ca: "La línia %d del CSV no té la columna %d",
		En: "Line %d of the CSV has no column %d",
	},
	"La fecha de la línea %d del CSV no es válida: «%s»": {
		Ca: "La data de la línia %d del CSV no és vàlida: «%s»",
		En: "The date on line %d of the CSV is not valid: “%s”",
	},
	"El importe de la línea %d del CSV no es válido: «%s»": {
		Ca: "L'import de la línia %d del CSV no és vàlid: «%s»",
		En: "The amount on line %d of the CSV is not valid: “%s”",
	},
	"El saldo de la línea %d del CSV no es válido: «%s»": {
		Ca: "El saldo de la línia %d del CSV no és vàlid: «%s»",
		En: "The balance on line %d of the CSV is not valid: “%s”",
	},
	"Las fechas del CSV no están en orden (línea %d)": {
		Ca: "Les dates del CSV no estan en ordre (línia %d)",
		En: "The dates of the CSV are not in order (line %d)",
	},
	"El saldo de la línea %d del CSV (%s) no es el anterior más el movimiento (%s)": {
		Ca: "El saldo de la línia %d del CSV (%s) no és l'anterior més el moviment (%s)",
		En: "The balance on line %d of the CSV (%s) is not the previous one plus the movement (%s)",
	},
	"Una devolución solo se concilia con un cargo": {
		Ca: "Una devolució només es concilia amb un càrrec",
		En: "A returned debit is only reconciled with a charge",
	},
	"Indica los recibos devueltos que carga el movimiento": {
		Ca: "Indica els rebuts retornats que carrega el moviment",
		En: "Say which returned receipts the movement charges back",
	},
	"Esta devolución ya está conciliada con otro movimiento": {
		Ca: "Aquesta devolució ja està conciliada amb un altre moviment",
		En: "This returned debit is already reconciled with another movement",
	},
	"Uno de los recibos no es una devolución de esa remesa": {
		Ca: "Un dels rebuts no és una devolució d'aquesta remesa",
		En: "One of the receipts is not a returned debit of that remittance",
	},
	"El cargo (%s) es anterior al cobro de la remesa %d (%s): no puede ser su devolución": {
		Ca: "El càrrec (%s) és anterior al cobrament de la remesa %d (%s): no pot ser la seva devolució",
		En: "The charge (%s) is before remittance %d was collected (%s): it cannot be its returned debit",
	},
	"El cargo (%s) no es lo devuelto de los recibos %s (%s) ni eso más los gastos de la devolución (%s)": {
		Ca: "El càrrec (%s) no és el que s'ha retornat dels rebuts %s (%s) ni això més les despeses de la devolució (%s)",
		En: "The charge (%s) is neither what was returned of receipts %s (%s) nor that plus the return charges (%s)",
	},
	"Ese gasto se carga al fondo de reserva: indica la fecha de la junta que acordó las obras": {
		Ca: "Aquesta despesa es carrega al fons de reserva: indica la data de la junta que va acordar les obres",
		En: "This expense is charged to the reserve fund: give the date of the junta that agreed the works",
	},
	"La junta que acordó cargar el gasto al fondo de reserva no puede ser futura": {
		Ca: "La junta que va acordar carregar la despesa al fons de reserva no pot ser futura",
		En: "The junta that agreed to charge the expense to the reserve fund cannot be in the future",
	},
	"El fondo de reserva tiene %s: no alcanza para un gasto de %s": {
		Ca: "El fons de reserva té %s: no n'hi ha prou per a una despesa de %s",
		En: "The reserve fund holds %s: not enough for an expense of %s",
	},
}
