package domain

// moneySepaTranslations are the messages of SEPA direct debits (internal/money: mandates, remittances,
// returns), kept apart from messages.go so that features add their texts without touching one file.
var moneySepaTranslations = map[string]translation{
	"La orden de domiciliación no existe": {
		ca: "L'ordre de domiciliació no existeix",
		en: "The direct debit mandate does not exist",
	},
	"Solo el propietario de la vivienda y los administradores pueden ver o revocar su orden de domiciliación": {
		ca: "Només el propietari de l'habitatge i els administradors poden veure o revocar la seva ordre de domiciliació",
		en: "Only the unit's owner and the administrators can see or revoke its direct debit mandate",
	},
	"El IBAN no es válido: revisa que esté completo y sus dígitos de control": {
		ca: "L'IBAN no és vàlid: revisa que sigui complet i els seus dígits de control",
		en: "The IBAN is not valid: check that it is complete and its check digits",
	},
	"El BIC no es válido: debe tener 8 u 11 letras y números": {
		ca: "El BIC no és vàlid: ha de tenir 8 o 11 lletres i números",
		en: "The BIC is not valid: it must have 8 or 11 letters and digits",
	},
	"La comunidad aún no tiene su identificador de acreedor SEPA: pide a un administrador que lo configure en Cuentas": {
		ca: "La comunitat encara no té el seu identificador de creditor SEPA: demana a un administrador que el configuri a Comptes",
		en: "The community has no SEPA creditor identifier yet: ask an administrator to set it up in Accounts",
	},
	"Configura el identificador de acreedor y el IBAN de la comunidad antes de preparar una remesa": {
		ca: "Configura l'identificador de creditor i l'IBAN de la comunitat abans de preparar una remesa",
		en: "Set up the community's creditor identifier and IBAN before preparing a direct debit batch",
	},
	"El identificador de acreedor no es válido: son ES, dos dígitos de control, un sufijo de tres caracteres y el NIF de la comunidad, como ES77000B85626240": {
		ca: "L'identificador de creditor no és vàlid: són ES, dos dígits de control, un sufix de tres caràcters i el NIF de la comunitat, com ES77000B85626240",
		en: "The creditor identifier is not valid: it is ES, two check digits, a three-character suffix and the community's tax ID, like ES77000B85626240",
	},
	"El tipo de secuencia debe ser FRST y después RCUR, o siempre RCUR": {
		ca: "El tipus de seqüència ha de ser FRST i després RCUR, o sempre RCUR",
		en: "The sequence type must be FRST then RCUR, or always RCUR",
	},
	"El preaviso debe estar entre 1 y %d días": {
		ca: "El preavís ha de ser d'entre 1 i %d dies",
		en: "The pre-notification must be between 1 and %d days",
	},
	"Las devoluciones antes de pausar una orden deben estar entre 1 y %d": {
		ca: "Les devolucions abans de pausar una ordre han de ser entre 1 i %d",
		en: "The returns before a mandate is paused must be between 1 and %d",
	},
	"Solo el propietario de la vivienda puede firmar su orden de domiciliación": {
		ca: "Només el propietari de l'habitatge pot signar la seva ordre de domiciliació",
		en: "Only the unit's owner can sign its direct debit mandate",
	},
	"Escribe el nombre del titular de la cuenta": {
		ca: "Escriu el nom del titular del compte",
		en: "Write the account holder's name",
	},
	"El nombre del titular no puede superar los %d caracteres": {
		ca: "El nom del titular no pot superar els %d caràcters",
		en: "The account holder's name cannot be longer than %d characters",
	},
	"La orden de domiciliación %s ya está revocada": {
		ca: "L'ordre de domiciliació %s ja està revocada",
		en: "The direct debit mandate %s is already revoked",
	},
	"La remesa no existe": {
		ca: "La remesa no existeix",
		en: "The direct debit batch does not exist",
	},
	"La fecha de cobro no es válida": {
		ca: "La data de cobrament no és vàlida",
		en: "The collection date is not valid",
	},
	"La fecha de vencimiento de los recibos no es válida": {
		ca: "La data de venciment dels rebuts no és vàlida",
		en: "The receipts' due date is not valid",
	},
	"La fecha de cobro está dentro del plazo de preaviso de %d días a los propietarios: la primera fecha posible es el %s": {
		ca: "La data de cobrament és dins del termini de preavís de %d dies als propietaris: la primera data possible és el %s",
		en: "The collection date is inside the owners' pre-notification period of %d days: the earliest possible date is %s",
	},
	"La remesa no tendría nada que cobrar: no hay recibos domiciliados pendientes, de viviendas con una orden de domiciliación activa, que venzan hasta el %s": {
		ca: "La remesa no tindria res a cobrar: no hi ha rebuts domiciliats pendents, d'habitatges amb una ordre de domiciliació activa, que vencin fins al %s",
		en: "The batch would have nothing to collect: no direct debit receipts are owed, of units with an active mandate, due up to %s",
	},
	"El motivo de la devolución es un código de cuatro caracteres, como MS02 o AM04": {
		ca: "El motiu de la devolució és un codi de quatre caràcters, com MS02 o AM04",
		en: "The return reason is a four-character code, like MS02 or AM04",
	},
	"Los gastos de la devolución no pueden ser negativos": {
		ca: "Les despeses de la devolució no poden ser negatives",
		en: "The return's bank charge cannot be negative",
	},
	"Los gastos de la devolución no pueden superar %s": {
		ca: "Les despeses de la devolució no poden superar %s",
		en: "The return's bank charge cannot be more than %s",
	},
	"El recibo %s no se ha cobrado por domiciliación: no se puede devolver": {
		ca: "El rebut %s no s'ha cobrat per domiciliació: no es pot retornar",
		en: "Receipt %s was not collected by direct debit: it cannot be returned",
	},
	"El recibo %s ya está devuelto": {
		ca: "El rebut %s ja està retornat",
		en: "Receipt %s is already returned",
	},
	"El archivo no es un CSV válido (línea %d)": {
		ca: "El fitxer no és un CSV vàlid (línia %d)",
		en: "The file is not a valid CSV (line %d)",
	},
	"Línea %d: «%s» no es un número de recibo como 2027/000012": {
		ca: "Línia %d: «%s» no és un número de rebut com 2027/000012",
		en: "Line %d: “%s” is not a receipt number like 2027/000012",
	},
	"Línea %d: los gastos «%s» no son un importe en euros": {
		ca: "Línia %d: les despeses «%s» no són un import en euros",
		en: "Line %d: the charge “%s” is not an amount in euros",
	},
	"El archivo no tiene ningún recibo devuelto": {
		ca: "El fitxer no té cap rebut retornat",
		en: "The file has no returned receipt",
	},
	"Línea %d: el recibo %s no existe": {
		ca: "Línia %d: el rebut %s no existeix",
		en: "Line %d: receipt %s does not exist",
	},
}

// The table joins the one of messages.go, which Errorf's translations are looked up in.
func init() {
	for es, t := range moneySepaTranslations {
		translations[es] = t
	}
}
