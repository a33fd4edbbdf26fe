package domain

// The translations of who owes, the certificates of debt and the sharing of receipts (issue #36), kept
// apart from messages.go and added to its table when the package loads.
var moneyDebtTranslations = map[string]translation{
	"Los días de gracia deben estar entre 0 y %d": {
		ca: "Els dies de gràcia han d'estar entre 0 i %d",
		en: "The days of grace must be between 0 and %d",
	},
	"El certificado no existe": {
		ca: "El certificat no existeix",
		en: "The certificate does not exist",
	},
	"No hay ningún certificado con ese código": {
		ca: "No hi ha cap certificat amb aquest codi",
		en: "There is no certificate with that code",
	},
	"El certificado debe ser de deudas o de liquidación de la deuda": {
		ca: "El certificat ha de ser de deutes o de liquidació del deute",
		en: "The certificate must be of debts or of the liquidation of the debt",
	},
	"La fecha de la solicitud no es válida": {
		ca: "La data de la sol·licitud no és vàlida",
		en: "The date of the request is not valid",
	},
	"La fecha de la solicitud no puede ser futura": {
		ca: "La data de la sol·licitud no pot ser futura",
		en: "The date of the request cannot be in the future",
	},
	"Indica la fecha de la junta que aprobó la liquidación": {
		ca: "Indica la data de la junta que va aprovar la liquidació",
		en: "Give the date of the owners' meeting that approved the liquidation",
	},
	"Indica quién da el visto bueno como presidente": {
		ca: "Indica qui dona el vistiplau com a president",
		en: "Give who approves it as president",
	},
	"El nombre del presidente no puede superar los %d caracteres": {
		ca: "El nom del president no pot superar els %d caràcters",
		en: "The president's name cannot be longer than %d characters",
	},
	"El certificado ya está emitido": {
		ca: "El certificat ja està emès",
		en: "The certificate has already been issued",
	},
	"«%s» no debe nada: no hay deuda que liquidar": {
		ca: "«%s» no deu res: no hi ha deute per liquidar",
		en: "“%s” owes nothing: there is no debt to liquidate",
	},
	"El certificado aún no está emitido": {
		ca: "El certificat encara no està emès",
		en: "The certificate has not been issued yet",
	},
	"Solo el propietario de la vivienda puede compartir sus recibos": {
		ca: "Només el propietari de l'habitatge pot compartir-ne els rebuts",
		en: "Only the unit's owner can share its receipts",
	},
	"Esa persona no vive en «%s»": {
		ca: "Aquesta persona no viu a «%s»",
		en: "That person does not live in “%s”",
	},
	"No se puede eliminar «%s»: tiene movimientos en sus cuentas, que se conservan siempre": {
		ca: "No es pot eliminar «%s»: té moviments als seus comptes, que es conserven sempre",
		en: "“%s” cannot be removed: it has entries in its account, which are always kept",
	},
	"No se puede fusionar «%s»: tiene movimientos en sus cuentas, que se conservan siempre": {
		ca: "No es pot fusionar «%s»: té moviments als seus comptes, que es conserven sempre",
		en: "“%s” cannot be merged: it has entries in its account, which are always kept",
	},
}

func init() {
	for es, t := range moneyDebtTranslations {
		translations[es] = t
	}
}
