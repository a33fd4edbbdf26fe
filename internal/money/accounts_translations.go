package money

import "vecinos/internal/domain"

// The translations of the errors of the year's accounts and their closing (accounts*.go).
func init() { domain.RegisterMessages("money_accounts", accountsTranslations) }

var accountsTranslations = domain.Catalogue{
	"El ejercicio no es válido": {
		Ca: "L'exercici no és vàlid",
		En: "The fiscal year is not valid",
	},
	"El ejercicio ya está cerrado": {
		Ca: "L'exercici ja està tancat",
		En: "The fiscal year is already closed",
	},
	"El ejercicio no está cerrado": {
		Ca: "L'exercici no està tancat",
		En: "The fiscal year is not closed",
	},
	"Las cuentas de ese ejercicio no están aprobadas": {
		Ca: "Els comptes d'aquest exercici no estan aprovats",
		En: "The accounts of that year have not been approved",
	},
	"Solo los propietarios ven las cuentas aprobadas de la comunidad": {
		Ca: "Només els propietaris veuen els comptes aprovats de la comunitat",
		En: "Only the owners can see the community's approved accounts",
	},
	"El ejercicio %d está cerrado y no se puede cambiar: anota la corrección en %d con referencia al ejercicio cerrado": {
		Ca: "L'exercici %d està tancat i no es pot canviar: anota la correcció a %d amb referència a l'exercici tancat",
		En: "The %d fiscal year is closed and cannot change: record the correction in %d, referring to the closed year",
	},
	"La liquidación se aplica a los recibos del año siguiente o se salda aparte": {
		Ca: "La liquidació s'aplica als rebuts de l'any següent o se salda a part",
		En: "The settlement is applied to the next year's receipts or settled separately",
	},
	"El ejercicio %d aún no ha terminado: se cierra a partir del 1 de enero siguiente": {
		Ca: "L'exercici %d encara no ha acabat: es tanca a partir de l'1 de gener següent",
		En: "The %d fiscal year has not ended yet: it can be closed from the following 1 January",
	},
	"El ejercicio %d ya está cerrado: los ejercicios se cierran por orden": {
		Ca: "L'exercici %d ja està tancat: els exercicis es tanquen per ordre",
		En: "The %d fiscal year is already closed: years are closed in order",
	},
	"La comunidad no tiene la categoría «Estado de cuentas» en Documentos": {
		Ca: "La comunitat no té la categoria «Estat de comptes» a Documents",
		En: "The community has no 'Statement of accounts' category in Documents",
	},
	"Indica la fecha de la junta que aprobó las cuentas": {
		Ca: "Indica la data de la junta que va aprovar els comptes",
		En: "Give the date of the meeting that approved the accounts",
	},
	"La junta que aprueba las cuentas de un ejercicio se celebra después de su cierre": {
		Ca: "La junta que aprova els comptes d'un exercici se celebra després del seu tancament",
		En: "The meeting that approves a year's accounts is held after the year ends",
	},
	"Cierra el ejercicio antes de aprobar sus cuentas": {
		Ca: "Tanca l'exercici abans d'aprovar-ne els comptes",
		En: "Close the fiscal year before approving its accounts",
	},
	"Las cuentas de este ejercicio ya están aprobadas": {
		Ca: "Els comptes d'aquest exercici ja estan aprovats",
		En: "This year's accounts are already approved",
	},
}
