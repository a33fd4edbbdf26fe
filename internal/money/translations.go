package money

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("money", translations) }

var translations = domain.Catalogue{
	"Cada partida necesita un concepto": {
		Ca: "Cada partida necessita un concepte",
		En: "Each line needs a concept",
	},
	"El año del presupuesto no es válido": {
		Ca: "L'any del pressupost no és vàlid",
		En: "The budget's year is not valid",
	},
	"El concepto de una partida no puede superar los %d caracteres": {
		Ca: "El concepte d'una partida no pot superar els %d caràcters",
		En: "A line's concept cannot be longer than %d characters",
	},
	"El fondo de reserva es demasiado grande": {
		Ca: "El fons de reserva és massa gran",
		En: "The reserve fund is too large",
	},
	"El fondo de reserva no puede ser menor que el 10 %% del presupuesto ordinario (%s)": {
		Ca: "El fons de reserva no pot ser inferior al 10 %% del pressupost ordinari (%s)",
		En: "The reserve fund cannot be less than 10%% of the ordinary budget (%s)",
	},
	"El grupo General no se puede borrar": {
		Ca: "El grup General no es pot esborrar",
		En: "The General group cannot be deleted",
	},
	"El grupo General reparte por coeficiente entre todas las viviendas: cambia los coeficientes en el registro": {
		Ca: "El grup General reparteix per coeficient entre tots els habitatges: canvia els coeficients al registre",
		En: "The General group shares by the units' shares among every unit: change the shares in the registry",
	},
	"El grupo de reparto no existe": {
		Ca: "El grup de repartiment no existeix",
		En: "The cost-sharing group does not exist",
	},
	"El grupo «%s» no tiene viviendas que paguen": {
		Ca: "El grup «%s» no té habitatges que paguin",
		En: "The group '%s' has no units that pay",
	},
	"El grupo «%s» tiene partidas en un presupuesto: quítalas antes de borrarlo": {
		Ca: "El grup «%s» té partides en un pressupost: treu-les abans d'esborrar-lo",
		En: "The group '%s' has lines in a budget: remove them before deleting it",
	},
	"El importe de la corrección es demasiado grande": {
		Ca: "L'import de la correcció és massa gran",
		En: "The correction's amount is too large",
	},
	"El importe de la corrección no puede ser cero": {
		Ca: "L'import de la correcció no pot ser zero",
		En: "The correction's amount cannot be zero",
	},
	"El importe del pago debe ser mayor que cero": {
		Ca: "L'import del pagament ha de ser més gran que zero",
		En: "The payment's amount must be more than zero",
	},
	"El importe fijo de cada vivienda no puede ser negativo": {
		Ca: "L'import fix de cada habitatge no pot ser negatiu",
		En: "A unit's fixed amount cannot be negative",
	},
	"El nombre del grupo es obligatorio": {
		Ca: "El nom del grup és obligatori",
		En: "The group's name is required",
	},
	"El nombre del grupo no puede superar los %d caracteres": {
		Ca: "El nom del grup no pot superar els %d caràcters",
		En: "The group's name cannot be longer than %d characters",
	},
	"El pago (%s) es mayor que lo que queda por pagar del recibo (%s)": {
		Ca: "El pagament (%s) és més gran que el que queda per pagar del rebut (%s)",
		En: "The payment (%s) is more than what is left to pay of the receipt (%s)",
	},
	"El periodo debe estar entre 1 y %d": {
		Ca: "El període ha d'estar entre 1 i %d",
		En: "The period must be between 1 and %d",
	},
	"El porcentaje de cada vivienda debe estar entre 0 y 100": {
		Ca: "El percentatge de cada habitatge ha d'estar entre 0 i 100",
		En: "Each unit's percentage must be between 0 and 100",
	},
	"El presupuesto acaba de cambiar: vuelve a intentarlo": {
		Ca: "El pressupost acaba de canviar: torna-ho a provar",
		En: "The budget has just changed: try again",
	},
	"El presupuesto no existe": {
		Ca: "El pressupost no existeix",
		En: "The budget does not exist",
	},
	"El presupuesto no tiene partidas": {
		Ca: "El pressupost no té partides",
		En: "The budget has no lines",
	},
	"La fecha de la compensación no es válida": {
		Ca: "La data de la compensació no és vàlida",
		En: "The compensation's date is not valid",
	},
	"La fecha de la compensación no puede ser futura": {
		Ca: "La data de la compensació no pot ser futura",
		En: "The compensation's date cannot be in the future",
	},
	"Explica qué debe la comunidad al propietario": {
		Ca: "Explica què deu la comunitat al propietari",
		En: "Say what the community owes the owner",
	},
	"Un pago mayor que lo debido se rechaza o queda a cuenta": {
		Ca: "Un pagament més gran que el que es deu es rebutja o queda a compte",
		En: "A payment over what is owed is refused or left as credit",
	},
	"Las fechas de los plazos deben ser válidas y sucesivas": {
		Ca: "Les dates dels terminis han de ser vàlides i successives",
		En: "The instalments' dates must be valid and in order",
	},
	"El importe de la derrama no es válido": {
		Ca: "L'import de la derrama no és vàlid",
		En: "The one-off charge's amount is not valid",
	},
	"El grupo «%s» reparte una derrama: no se puede borrar": {
		Ca: "El grup «%s» reparteix una derrama: no es pot esborrar",
		En: "The group «%s» shares a one-off charge: it cannot be deleted",
	},
	"La derrama no existe": {
		Ca: "La derrama no existeix",
		En: "The one-off charge does not exist",
	},
	"El concepto no puede superar los %d caracteres": {
		Ca: "El concepte no pot superar els %d caràcters",
		En: "The concept cannot be longer than %d characters",
	},
	"Indica el concepto de la derrama": {
		Ca: "Indica el concepte de la derrama",
		En: "Give the one-off charge's concept",
	},
	"Indica la fecha de la junta que acordó la derrama": {
		Ca: "Indica la data de la junta que va acordar la derrama",
		En: "Give the date of the meeting that agreed the one-off charge",
	},
	"Los recibos de esta derrama ya están generados": {
		Ca: "Els rebuts d'aquesta derrama ja estan generats",
		En: "The receipts of this one-off charge are already issued",
	},
	"Una derrama tiene entre 1 y %d plazos": {
		Ca: "Una derrama té entre 1 i %d terminis",
		En: "A one-off charge has between 1 and %d instalments",
	},
	"El recibo %s ya está pagado": {
		Ca: "El rebut %s ja està pagat",
		En: "The receipt %s is already paid",
	},
	"El recibo no existe": {
		Ca: "El rebut no existeix",
		En: "The receipt does not exist",
	},
	"El reparto debe ser por coeficiente, por porcentaje, a partes iguales o por importe fijo": {
		Ca: "El repartiment ha de ser per coeficient, per percentatge, a parts iguals o per import fix",
		En: "The sharing must be by share, by percentage, in equal parts or by a fixed amount",
	},
	"Elige las viviendas del grupo": {
		Ca: "Tria els habitatges del grup",
		En: "Choose the group's units",
	},
	"Este presupuesto ya está aprobado": {
		Ca: "Aquest pressupost ja està aprovat",
		En: "This budget is already approved",
	},
	"Explica el motivo de la corrección": {
		Ca: "Explica el motiu de la correcció",
		En: "Explain the reason for the correction",
	},
	"Indica la fecha de la junta que aprobó el presupuesto": {
		Ca: "Indica la data de la junta que va aprovar el pressupost",
		En: "Give the date of the owners' meeting that approved the budget",
	},
	"Indica si el pago fue por transferencia o en efectivo": {
		Ca: "Indica si el pagament va ser per transferència o en efectiu",
		En: "Say whether the payment was by bank transfer or in cash",
	},
	"La fecha de cargo no es válida": {
		Ca: "La data de càrrec no és vàlida",
		En: "The due date is not valid",
	},
	"La fecha de la corrección no es válida": {
		Ca: "La data de la correcció no és vàlida",
		En: "The correction's date is not valid",
	},
	"La fecha de la junta no puede ser futura": {
		Ca: "La data de la junta no pot ser futura",
		En: "The owners' meeting date cannot be in the future",
	},
	"La fecha del pago no es válida": {
		Ca: "La data del pagament no és vàlida",
		En: "The payment's date is not valid",
	},
	"La fecha del pago no puede ser futura": {
		Ca: "La data del pagament no pot ser futura",
		En: "The payment's date cannot be in the future",
	},
	"La fecha inicial del extracto es posterior a la final": {
		Ca: "La data inicial de l'extracte és posterior a la final",
		En: "The statement's start date is after its end date",
	},
	"La partida «%s» es de un grupo que ya no existe": {
		Ca: "La partida «%s» és d'un grup que ja no existeix",
		En: "The line '%s' belongs to a group that no longer exists",
	},
	"La partida «%s» es demasiado grande": {
		Ca: "La partida «%s» és massa gran",
		En: "The line '%s' is too large",
	},
	"La partida «%s» no puede ser negativa": {
		Ca: "La partida «%s» no pot ser negativa",
		En: "The line '%s' cannot be negative",
	},
	"La periodicidad acaba de cambiar: vuelve a intentarlo": {
		Ca: "La periodicitat acaba de canviar: torna-ho a provar",
		En: "The payment frequency has just changed: try again",
	},
	"La periodicidad debe ser mensual, trimestral, semestral o anual": {
		Ca: "La periodicitat ha de ser mensual, trimestral, semestral o anual",
		En: "The frequency must be monthly, quarterly, half-yearly or yearly",
	},
	"La referencia no puede superar los %d caracteres": {
		Ca: "La referència no pot superar els %d caràcters",
		En: "The reference cannot be longer than %d characters",
	},
	"La vivienda %s del grupo «%s» no tiene coeficiente": {
		Ca: "L'habitatge %s del grup «%s» no té coeficient",
		En: "The unit %s of the group '%s' has no share",
	},
	"La vivienda no existe": {
		Ca: "L'habitatge no existeix",
		En: "The unit does not exist",
	},
	"Las cuotas fijas del grupo «%s» suman %s al año y sus partidas %s: deben coincidir": {
		Ca: "Les quotes fixes del grup «%s» sumen %s l'any i les seves partides %s: han de coincidir",
		En: "The fixed amounts of the group '%s' add up to %s a year and its lines to %s: they must match",
	},
	"Las fechas del extracto no son válidas": {
		Ca: "Les dates de l'extracte no són vàlides",
		En: "The statement's dates are not valid",
	},
	"Las partes del grupo «%s» no pueden ser negativas": {
		Ca: "Les parts del grup «%s» no poden ser negatives",
		En: "The shares of the group '%s' cannot be negative",
	},
	"Las partes del grupo «%s» suman %s %%: deben sumar 100 %%": {
		Ca: "Les parts del grup «%s» sumen %s %%: han de sumar 100 %%",
		En: "The shares of the group '%s' add up to %s%%: they must add up to 100%%",
	},
	"Los recibos de este periodo ya están generados": {
		Ca: "Els rebuts d'aquest període ja estan generats",
		En: "This period's receipts have already been issued",
	},
	"Ninguna vivienda paga cuota en este periodo": {
		Ca: "Cap habitatge paga quota en aquest període",
		En: "No unit pays a fee in this period",
	},
	"No hay un presupuesto aprobado de %d": {
		Ca: "No hi ha cap pressupost aprovat de %d",
		En: "There is no approved budget for %d",
	},
	"Solo el propietario de la vivienda y los administradores pueden ver sus cuentas": {
		Ca: "Només el propietari de l'habitatge i els administradors poden veure'n els comptes",
		En: "Only the unit's owner and the administrators can see its account",
	},
	"Solo los administradores pueden gestionar las cuentas de la comunidad": {
		Ca: "Només els administradors poden gestionar els comptes de la comunitat",
		En: "Only administrators can manage the community's accounts",
	},
	"Solo se crea una nueva versión del presupuesto en vigor": {
		Ca: "Només es crea una nova versió del pressupost en vigor",
		En: "A new version can only be made of the budget in force",
	},
	"Un presupuesto aprobado no se modifica: crea una nueva versión": {
		Ca: "Un pressupost aprovat no es modifica: crea una nova versió",
		En: "An approved budget is not changed: make a new version",
	},
	"Un presupuesto no puede tener más de %d partidas": {
		Ca: "Un pressupost no pot tenir més de %d partides",
		En: "A budget cannot have more than %d lines",
	},
	"Una vivienda está dos veces en el grupo": {
		Ca: "Un habitatge és dues vegades al grup",
		En: "A unit is twice in the group",
	},
	"Ya existe un grupo «%s»": {
		Ca: "Ja existeix un grup «%s»",
		En: "A group '%s' already exists",
	},
	"Ya hay un presupuesto de %d: modifícalo o crea una nueva versión": {
		Ca: "Ja hi ha un pressupost de %d: modifica'l o crea'n una nova versió",
		En: "There is already a budget for %d: change it or make a new version",
	},
	"Ya hay una versión en borrador del presupuesto de %d": {
		Ca: "Ja hi ha una versió en esborrany del pressupost de %d",
		En: "There is already a draft version of the budget for %d",
	},
	"Los días de gracia deben estar entre 0 y %d": {
		Ca: "Els dies de gràcia han d'estar entre 0 i %d",
		En: "The days of grace must be between 0 and %d",
	},
	"El certificado no existe": {
		Ca: "El certificat no existeix",
		En: "The certificate does not exist",
	},
	"No hay ningún certificado con ese código": {
		Ca: "No hi ha cap certificat amb aquest codi",
		En: "There is no certificate with that code",
	},
	"El certificado debe ser de deudas o de liquidación de la deuda": {
		Ca: "El certificat ha de ser de deutes o de liquidació del deute",
		En: "The certificate must be of debts or of the liquidation of the debt",
	},
	"La fecha de la solicitud no es válida": {
		Ca: "La data de la sol·licitud no és vàlida",
		En: "The date of the request is not valid",
	},
	"La fecha de la solicitud no puede ser futura": {
		Ca: "La data de la sol·licitud no pot ser futura",
		En: "The date of the request cannot be in the future",
	},
	"Indica la fecha de la junta que aprobó la liquidación": {
		Ca: "Indica la data de la junta que va aprovar la liquidació",
		En: "Give the date of the owners' meeting that approved the liquidation",
	},
	"Indica quién da el visto bueno como presidente": {
		Ca: "Indica qui dona el vistiplau com a president",
		En: "Give who approves it as president",
	},
	"El nombre del presidente no puede superar los %d caracteres": {
		Ca: "El nom del president no pot superar els %d caràcters",
		En: "The president's name cannot be longer than %d characters",
	},
	"El certificado ya está emitido": {
		Ca: "El certificat ja està emès",
		En: "The certificate has already been issued",
	},
	"«%s» no debe nada: no hay deuda que liquidar": {
		Ca: "«%s» no deu res: no hi ha deute per liquidar",
		En: "“%s” owes nothing: there is no debt to liquidate",
	},
	"El certificado aún no está emitido": {
		Ca: "El certificat encara no està emès",
		En: "The certificate has not been issued yet",
	},
	"Solo el propietario de la vivienda puede compartir sus recibos": {
		Ca: "Només el propietari de l'habitatge pot compartir-ne els rebuts",
		En: "Only the unit's owner can share its receipts",
	},
	"Esa persona no vive en «%s»": {
		Ca: "Aquesta persona no viu a «%s»",
		En: "That person does not live in “%s”",
	},
	"La orden de domiciliación no existe": {
		Ca: "L'ordre de domiciliació no existeix",
		En: "The direct debit mandate does not exist",
	},
	"Solo el propietario de la vivienda y los administradores pueden ver o revocar su orden de domiciliación": {
		Ca: "Només el propietari de l'habitatge i els administradors poden veure o revocar la seva ordre de domiciliació",
		En: "Only the unit's owner and the administrators can see or revoke its direct debit mandate",
	},
	"El IBAN no es válido: revisa que esté completo y sus dígitos de control": {
		Ca: "L'IBAN no és vàlid: revisa que sigui complet i els seus dígits de control",
		En: "The IBAN is not valid: check that it is complete and its check digits",
	},
	"El banco de esta cuenta está en un país SEPA fuera del Espacio Económico Europeo (%s): la orden necesita la dirección del titular (calle y número, población y país)": {
		Ca: "El banc d'aquest compte és en un país SEPA de fora de l'Espai Econòmic Europeu (%s): l'ordre necessita l'adreça del titular (carrer i número, població i país)",
		En: "This account's bank is in a SEPA country outside the European Economic Area (%s): the mandate needs the account holder's address (street and number, town and country)",
	},
	"Completa la dirección del titular: calle y número, población y país (y el código postal, si lo tiene)": {
		Ca: "Completa l'adreça del titular: carrer i número, població i país (i el codi postal, si en té)",
		En: "Complete the account holder's address: street and number, town and country (and the postcode, if there is one)",
	},
	"La calle y el número no pueden superar los %d caracteres": {
		Ca: "El carrer i el número no poden superar els %d caràcters",
		En: "The street and number cannot be longer than %d characters",
	},
	"El código postal no puede superar los %d caracteres": {
		Ca: "El codi postal no pot superar els %d caràcters",
		En: "The postcode cannot be longer than %d characters",
	},
	"La población no puede superar los %d caracteres": {
		Ca: "La població no pot superar els %d caràcters",
		En: "The town cannot be longer than %d characters",
	},
	"El país de la dirección es su código de dos letras, como ES, GB o CH": {
		Ca: "El país de l'adreça és el seu codi de dues lletres, com ES, GB o CH",
		En: "The address's country is its two-letter code, such as ES, GB or CH",
	},
	"No se puede preparar la remesa: el recibo %s (%s) se cobraría con la orden %s de %s, cuya cuenta es de un banco de un país SEPA fuera del Espacio Económico Europeo (%s), y la orden no tiene la dirección del titular, que ese banco exige. Pide al propietario que firme de nuevo la orden con su dirección en 'Mis cuotas', o revócala para que el recibo se pague por transferencia": {
		Ca: "No es pot preparar la remesa: el rebut %s (%s) es cobraria amb l'ordre %s de %s, el compte de la qual és d'un banc d'un país SEPA de fora de l'Espai Econòmic Europeu (%s), i l'ordre no té l'adreça del titular, que aquest banc exigeix. Demana al propietari que torni a signar l'ordre amb la seva adreça a 'Les meves quotes', o revoca-la perquè el rebut es pagui per transferència",
		En: "The direct debit batch cannot be prepared: receipt %s (%s) would be collected under mandate %s of %s, whose account is at a bank in a SEPA country outside the European Economic Area (%s), and the mandate has no account holder's address, which that bank requires. Ask the owner to sign the mandate again with their address in 'My fees', or revoke it so that the receipt is paid by transfer",
	},
	"El BIC no es válido: debe tener 8 u 11 letras y números": {
		Ca: "El BIC no és vàlid: ha de tenir 8 o 11 lletres i números",
		En: "The BIC is not valid: it must have 8 or 11 letters and digits",
	},
	"La comunidad aún no tiene su identificador de acreedor SEPA: pide a un administrador que lo configure en Cuentas": {
		Ca: "La comunitat encara no té el seu identificador de creditor SEPA: demana a un administrador que el configuri a Comptes",
		En: "The community has no SEPA creditor identifier yet: ask an administrator to set it up in Accounts",
	},
	"Configura el identificador de acreedor y el IBAN de la comunidad antes de preparar una remesa": {
		Ca: "Configura l'identificador de creditor i l'IBAN de la comunitat abans de preparar una remesa",
		En: "Set up the community's creditor identifier and IBAN before preparing a direct debit batch",
	},
	"El identificador de acreedor no es válido: son ES, dos dígitos de control, un sufijo de tres caracteres y el NIF de la comunidad, como ES77000B85626240": {
		Ca: "L'identificador de creditor no és vàlid: són ES, dos dígits de control, un sufix de tres caràcters i el NIF de la comunitat, com ES77000B85626240",
		En: "The creditor identifier is not valid: it is ES, two check digits, a three-character suffix and the community's tax ID, like ES77000B85626240",
	},
	"El tipo de secuencia debe ser FRST y después RCUR, o siempre RCUR": {
		Ca: "El tipus de seqüència ha de ser FRST i després RCUR, o sempre RCUR",
		En: "The sequence type must be FRST then RCUR, or always RCUR",
	},
	"El preaviso debe estar entre 1 y %d días": {
		Ca: "El preavís ha de ser d'entre 1 i %d dies",
		En: "The pre-notification must be between 1 and %d days",
	},
	"Las devoluciones antes de pausar una orden deben estar entre 1 y %d": {
		Ca: "Les devolucions abans de pausar una ordre han de ser entre 1 i %d",
		En: "The returns before a mandate is paused must be between 1 and %d",
	},
	"La versión del fichero SEPA debe ser pain.008.001.02 o pain.008.001.08": {
		Ca: "La versió del fitxer SEPA ha de ser pain.008.001.02 o pain.008.001.08",
		En: "The SEPA file version must be pain.008.001.02 or pain.008.001.08",
	},
	"Solo el propietario de la vivienda puede firmar su orden de domiciliación": {
		Ca: "Només el propietari de l'habitatge pot signar la seva ordre de domiciliació",
		En: "Only the unit's owner can sign its direct debit mandate",
	},
	"Escribe el nombre del titular de la cuenta": {
		Ca: "Escriu el nom del titular del compte",
		En: "Write the account holder's name",
	},
	"El nombre del titular no puede superar los %d caracteres": {
		Ca: "El nom del titular no pot superar els %d caràcters",
		En: "The account holder's name cannot be longer than %d characters",
	},
	"La orden de domiciliación %s ya está revocada": {
		Ca: "L'ordre de domiciliació %s ja està revocada",
		En: "The direct debit mandate %s is already revoked",
	},
	"El motivo de la revocación no puede superar los %d caracteres": {
		Ca: "El motiu de la revocació no pot superar els %d caràcters",
		En: "The reason for the revocation cannot be longer than %d characters",
	},
	"Escribe el motivo de la revocación (por ejemplo, el escrito del propietario o el aviso del banco): el propietario lo verá": {
		Ca: "Escriu el motiu de la revocació (per exemple, l'escrit del propietari o l'avís del banc): el propietari el veurà",
		En: "Write the reason for the revocation (for example, the owner's letter or the bank's notice): the owner will see it",
	},
	"La remesa no tendría nada que cobrar: las órdenes de domiciliación de %s han caducado, tras %d meses sin ningún cobro, y no se pueden volver a usar. Pide a los propietarios que firmen una orden nueva en 'Mis cuotas', o revócalas para que sus recibos se paguen por transferencia": {
		Ca: "La remesa no tindria res a cobrar: les ordres de domiciliació de %s han caducat, després de %d mesos sense cap cobrament, i no es poden tornar a fer servir. Demana als propietaris que signin una ordre nova a 'Les meves quotes', o revoca-les perquè els seus rebuts es paguin per transferència",
		En: "The batch would have nothing to collect: the direct debit mandates of %s have expired, after %d months without any collection, and cannot be used again. Ask the owners to sign a new mandate in 'My fees', or revoke them so that their receipts are paid by transfer",
	},
	"La remesa no existe": {
		Ca: "La remesa no existeix",
		En: "The direct debit batch does not exist",
	},
	"La fecha de cobro no es válida": {
		Ca: "La data de cobrament no és vàlida",
		En: "The collection date is not valid",
	},
	"La fecha de vencimiento de los recibos no es válida": {
		Ca: "La data de venciment dels rebuts no és vàlida",
		En: "The receipts' due date is not valid",
	},
	"La fecha de cobro está dentro del plazo de preaviso de %d días a los propietarios: la primera fecha posible es el %s": {
		Ca: "La data de cobrament és dins del termini de preavís de %d dies als propietaris: la primera data possible és el %s",
		En: "The collection date is inside the owners' pre-notification period of %d days: the earliest possible date is %s",
	},
	"La remesa no tendría nada que cobrar: no hay recibos domiciliados pendientes, de viviendas con una orden de domiciliación activa, que venzan hasta el %s": {
		Ca: "La remesa no tindria res a cobrar: no hi ha rebuts domiciliats pendents, d'habitatges amb una ordre de domiciliació activa, que vencin fins al %s",
		En: "The batch would have nothing to collect: no direct debit receipts are owed, of units with an active mandate, due up to %s",
	},
	"El motivo de la devolución es un código de cuatro caracteres, como MS02 o AM04": {
		Ca: "El motiu de la devolució és un codi de quatre caràcters, com MS02 o AM04",
		En: "The return reason is a four-character code, like MS02 or AM04",
	},
	"Los gastos de la devolución no pueden ser negativos": {
		Ca: "Les despeses de la devolució no poden ser negatives",
		En: "The return's bank charge cannot be negative",
	},
	"Los gastos de la devolución no pueden superar %s": {
		Ca: "Les despeses de la devolució no poden superar %s",
		En: "The return's bank charge cannot be more than %s",
	},
	"El recibo %s no se ha cobrado por domiciliación: no se puede devolver": {
		Ca: "El rebut %s no s'ha cobrat per domiciliació: no es pot retornar",
		En: "Receipt %s was not collected by direct debit: it cannot be returned",
	},
	"El recibo %s ya está devuelto": {
		Ca: "El rebut %s ja està retornat",
		En: "Receipt %s is already returned",
	},
	"El archivo no es un CSV válido (línea %d)": {
		Ca: "El fitxer no és un CSV vàlid (línia %d)",
		En: "The file is not a valid CSV (line %d)",
	},
	"Línea %d: «%s» no es un número de recibo como 2027/000012": {
		Ca: "Línia %d: «%s» no és un número de rebut com 2027/000012",
		En: "Line %d: “%s” is not a receipt number like 2027/000012",
	},
	"Línea %d: los gastos «%s» no son un importe en euros": {
		Ca: "Línia %d: les despeses «%s» no són un import en euros",
		En: "Line %d: the charge “%s” is not an amount in euros",
	},
	"El archivo no tiene ningún recibo devuelto": {
		Ca: "El fitxer no té cap rebut retornat",
		En: "The file has no returned receipt",
	},
	"Línea %d: el recibo %s no existe": {
		Ca: "Línia %d: el rebut %s no existeix",
		En: "Line %d: receipt %s does not exist",
	},
	"El archivo no es un informe de estado pain.002 del banco ni un CSV de números de recibo": {
		Ca: "El fitxer no és un informe d'estat pain.002 del banc ni un CSV de números de rebut",
		En: "The file is neither the bank's pain.002 status report nor a CSV of receipt numbers",
	},
	"El informe del banco no trae ningún recibo devuelto o rechazado": {
		Ca: "L'informe del banc no porta cap rebut retornat o rebutjat",
		En: "The bank's report has no returned or rejected receipt",
	},
	"El archivo es un %s: importa el informe de estado pain.002 que envía el banco": {
		Ca: "El fitxer és un %s: importa l'informe d'estat pain.002 que envia el banc",
		En: "The file is a %s: import the pain.002 status report the bank sends",
	},
	"El informe es un %s, una versión antigua: pide al banco el informe de estado pain.002.001.03 o posterior": {
		Ca: "L'informe és un %s, una versió antiga: demana al banc l'informe d'estat pain.002.001.03 o posterior",
		En: "The report is a %s, an old version: ask the bank for the pain.002.001.03 status report or later",
	},
	"Operación %d del informe: «%s» no es un número de recibo de esta comunidad, como 2027/000012": {
		Ca: "Operació %d de l'informe: «%s» no és un número de rebut d'aquesta comunitat, com 2027/000012",
		En: "Transaction %d of the report: “%s” is not a receipt number of this community, like 2027/000012",
	},
	"Operación %d del informe: los gastos «%s» no son un importe en euros": {
		Ca: "Operació %d de l'informe: les despeses «%s» no són un import en euros",
		En: "Transaction %d of the report: the charge “%s” is not an amount in euros",
	},
	"El banco rechazó la remesa %s entera y el informe no nombra los recibos: anota las devoluciones una a una": {
		Ca: "El banc va rebutjar la remesa %s sencera i l'informe no anomena els rebuts: anota les devolucions una a una",
		En: "The bank rejected the whole remittance %s and the report names no receipt: record the returns one by one",
	},
	"Operación %d del informe: %s": {
		Ca: "Operació %d de l'informe: %s",
		En: "Transaction %d of the report: %s",
	},
	"Operación %d del informe: el recibo %s no existe": {
		Ca: "Operació %d de l'informe: el rebut %s no existeix",
		En: "Transaction %d of the report: receipt %s does not exist",
	},
	"La cuenta no existe": {
		Ca: "El compte no existeix",
		En: "The account does not exist",
	},
	"El gasto no existe": {
		Ca: "La despesa no existeix",
		En: "The expense does not exist",
	},
	"La comunidad ya tiene una cuenta con ese IBAN": {
		Ca: "La comunitat ja té un compte amb aquest IBAN",
		En: "The community already has an account with that IBAN",
	},
	"La factura debe ser un PDF o una imagen (JPG, PNG o WEBP)": {
		Ca: "La factura ha de ser un PDF o una imatge (JPG, PNG o WEBP)",
		En: "The invoice must be a PDF or an image (JPG, PNG or WEBP)",
	},
	"La comunidad no tiene la categoría «Facturas» en Documentos": {
		Ca: "La comunitat no té la categoria «Factures» a Documents",
		En: "The community has no 'Invoices' category in Documents",
	},
	"El gasto ya tiene su factura": {
		Ca: "La despesa ja té la seva factura",
		En: "The expense already has its invoice",
	},
	"Indica el nombre de la cuenta": {
		Ca: "Indica el nom del compte",
		En: "Enter the account's name",
	},
	"El nombre de la cuenta y el del banco no pueden superar los %d caracteres": {
		Ca: "El nom del compte i el del banc no poden superar els %d caràcters",
		En: "The account's and the bank's names cannot be longer than %d characters",
	},
	"Una cuenta es de un banco o la caja": {
		Ca: "Un compte és d'un banc o la caixa",
		En: "An account is at a bank or is the cash box",
	},
	"Indica la fecha del saldo inicial": {
		Ca: "Indica la data del saldo inicial",
		En: "Enter the date of the opening balance",
	},
	"El saldo inicial no es válido": {
		Ca: "El saldo inicial no és vàlid",
		En: "The opening balance is not valid",
	},
	"Indica la fecha de la factura": {
		Ca: "Indica la data de la factura",
		En: "Enter the invoice's date",
	},
	"La fecha de la factura no puede ser futura": {
		Ca: "La data de la factura no pot ser futura",
		En: "The invoice's date cannot be in the future",
	},
	"Indica el proveedor": {
		Ca: "Indica el proveïdor",
		En: "Enter the provider",
	},
	"El nombre del proveedor no puede superar los %d caracteres": {
		Ca: "El nom del proveïdor no pot superar els %d caràcters",
		En: "The provider's name cannot be longer than %d characters",
	},
	"Indica el concepto del gasto": {
		Ca: "Indica el concepte de la despesa",
		En: "Enter the expense's concept",
	},
	"El importe del gasto debe ser mayor que cero": {
		Ca: "L'import de la despesa ha de ser més gran que zero",
		En: "The expense's amount must be more than zero",
	},
	"El IVA y la retención deben estar entre 0 y 100 %%": {
		Ca: "L'IVA i la retenció han d'estar entre 0 i 100 %%",
		En: "VAT and withholding must be between 0 and 100%%",
	},
	"El vencimiento debe ser una fecha igual o posterior a la de la factura": {
		Ca: "El venciment ha de ser una data igual o posterior a la de la factura",
		En: "The due date must be on or after the invoice's date",
	},
	"El proveedor no está en el directorio de la comunidad": {
		Ca: "El proveïdor no és al directori de la comunitat",
		En: "The provider is not in the community's directory",
	},
	"Indica la fecha del pago": {
		Ca: "Indica la data del pagament",
		En: "Enter the payment's date",
	},
	"El pago no puede ser anterior al saldo inicial de la cuenta (%s)": {
		Ca: "El pagament no pot ser anterior al saldo inicial del compte (%s)",
		En: "The payment cannot be earlier than the account's opening balance (%s)",
	},
	"El pago supera lo que queda por pagar del gasto (%s)": {
		Ca: "El pagament supera el que queda per pagar de la despesa (%s)",
		En: "The payment is more than what is left to pay of the expense (%s)",
	},
	"Solo los propietarios y los administradores ven lo que costó una incidencia": {
		Ca: "Només els propietaris i els administradors veuen el que va costar una incidència",
		En: "Only owners and administrators see what an incident cost",
	},
	"El fichero está vacío": {
		Ca: "El fitxer és buit",
		En: "The file is empty",
	},
	"El fichero tiene demasiadas líneas (más de %d)": {
		Ca: "El fitxer té massa línies (més de %d)",
		En: "The file has too many lines (more than %d)",
	},
	"La línea %d no tiene 80 caracteres (tiene %d): el fichero está cortado o no es Norma 43": {
		Ca: "La línia %d no té 80 caràcters (en té %d): el fitxer està tallat o no és Norma 43",
		En: "Line %d is not 80 characters long (it has %d): the file is cut short or is not Norma 43",
	},
	"La línea %d sigue al registro final (88)": {
		Ca: "La línia %d segueix el registre final (88)",
		En: "Line %d comes after the end record (88)",
	},
	"La línea %d abre una cuenta sin cerrar la anterior (falta el registro 33)": {
		Ca: "La línia %d obre un compte sense tancar l'anterior (falta el registre 33)",
		En: "Line %d opens an account without closing the previous one (record 33 is missing)",
	},
	"La línea %d no tiene un número de cuenta válido": {
		Ca: "La línia %d no té un número de compte vàlid",
		En: "Line %d has no valid account number",
	},
	"La línea %d tiene una fecha que no es válida": {
		Ca: "La línia %d té una data que no és vàlida",
		En: "Line %d has a date that is not valid",
	},
	"La línea %d tiene un importe que no es válido": {
		Ca: "La línia %d té un import que no és vàlid",
		En: "Line %d has an amount that is not valid",
	},
	"La línea %d es un movimiento fuera de una cuenta (falta el registro 11)": {
		Ca: "La línia %d és un moviment fora d'un compte (falta el registre 11)",
		En: "Line %d is a movement outside an account (record 11 is missing)",
	},
	"La fecha de la línea %d (%s) está fuera del periodo del extracto (%s a %s)": {
		Ca: "La data de la línia %d (%s) és fora del període de l'extracte (%s a %s)",
		En: "The date of line %d (%s) is outside the statement's period (%s to %s)",
	},
	"La línea %d es un concepto sin movimiento (falta el registro 22)": {
		Ca: "La línia %d és un concepte sense moviment (falta el registre 22)",
		En: "Line %d is a concept without a movement (record 22 is missing)",
	},
	"La línea %d cierra una cuenta que no se abrió (falta el registro 11)": {
		Ca: "La línia %d tanca un compte que no es va obrir (falta el registre 11)",
		En: "Line %d closes an account that was not opened (record 11 is missing)",
	},
	"La línea %d cierra otra cuenta que la abierta": {
		Ca: "La línia %d tanca un altre compte que l'obert",
		En: "Line %d closes another account than the open one",
	},
	"Los totales de la línea %d no cuadran con los movimientos: %d cargos por %s y %d abonos por %s en el fichero": {
		Ca: "Els totals de la línia %d no quadren amb els moviments: %d càrrecs per %s i %d abonaments per %s al fitxer",
		En: "The totals of line %d do not match the movements: %d debits for %s and %d credits for %s in the file",
	},
	"El saldo final de la línea %d (%s) no es el inicial más los abonos menos los cargos (%s)": {
		Ca: "El saldo final de la línia %d (%s) no és l'inicial més els abonaments menys els càrrecs (%s)",
		En: "The closing balance of line %d (%s) is not the opening balance plus credits less debits (%s)",
	},
	"La línea %d cierra el fichero con una cuenta abierta (falta el registro 33)": {
		Ca: "La línia %d tanca el fitxer amb un compte obert (falta el registre 33)",
		En: "Line %d ends the file with an account still open (record 33 is missing)",
	},
	"La línea %d no es un registro final válido": {
		Ca: "La línia %d no és un registre final vàlid",
		En: "Line %d is not a valid end record",
	},
	"El registro final (línea %d) cuenta %s registros y el fichero tiene %d": {
		Ca: "El registre final (línia %d) compta %s registres i el fitxer en té %d",
		En: "The end record (line %d) counts %s records and the file has %d",
	},
	"La línea %d no es un registro de Norma 43 (empieza por «%s»)": {
		Ca: "La línia %d no és un registre de Norma 43 (comença per «%s»)",
		En: "Line %d is not a Norma 43 record (it starts with '%s')",
	},
	"Falta el registro final (88): el fichero está incompleto": {
		Ca: "Falta el registre final (88): el fitxer està incomplet",
		En: "The end record (88) is missing: the file is incomplete",
	},
	"El fichero no tiene ninguna cuenta": {
		Ca: "El fitxer no té cap compte",
		En: "The file has no account",
	},
	"Este fichero ya se importó": {
		Ca: "Aquest fitxer ja es va importar",
		En: "This file was already imported",
	},
	"Los extractos se importan en una cuenta bancaria, no en la caja": {
		Ca: "Els extractes s'importen en un compte bancari, no a la caixa",
		En: "Statements are imported into a bank account, not the cash box",
	},
	"El extracto es de la cuenta %s %s %s, no de %s": {
		Ca: "L'extracte és del compte %s %s %s, no de %s",
		En: "The statement is of account %s %s %s, not of %s",
	},
	"El extracto no está en euros (divisa %s)": {
		Ca: "L'extracte no és en euros (divisa %s)",
		En: "The statement is not in euros (currency %s)",
	},
	"El extracto empieza el %s, antes del saldo inicial de la cuenta (%s)": {
		Ca: "L'extracte comença el %s, abans del saldo inicial del compte (%s)",
		En: "The statement starts on %s, before the account's opening balance (%s)",
	},
	"El extracto termina el %s, una fecha futura": {
		Ca: "L'extracte acaba el %s, una data futura",
		En: "The statement ends on %s, a date in the future",
	},
	"El saldo inicial del extracto (%s, el %s) no sigue al saldo final del último importado (%s, el %s)": {
		Ca: "El saldo inicial de l'extracte (%s, el %s) no segueix el saldo final de l'últim importat (%s, el %s)",
		En: "The statement's opening balance (%s on %s) does not follow the last imported closing balance (%s on %s)",
	},
	"El movimiento del %s por %s ya está importado": {
		Ca: "El moviment del %s per %s ja està importat",
		En: "The movement of %s for %s is already imported",
	},
	"El movimiento no existe": {
		Ca: "El moviment no existeix",
		En: "The movement does not exist",
	},
	"Este movimiento ya está conciliado: no se puede conciliar dos veces": {
		Ca: "Aquest moviment ja està conciliat: no es pot conciliar dues vegades",
		En: "This movement is already reconciled: it cannot be reconciled twice",
	},
	"Esta remesa ya está conciliada con otro movimiento": {
		Ca: "Aquesta remesa ja està conciliada amb un altre moviment",
		En: "This remittance is already reconciled with another movement",
	},
	"Indica si el movimiento es de un recibo, un gasto, una remesa o una devolución": {
		Ca: "Indica si el moviment és d'un rebut, una despesa, una remesa o una devolució",
		En: "Say whether the movement is a receipt, an expense, a remittance or a returned debit",
	},
	"Un recibo o una remesa solo se concilia con un abono": {
		Ca: "Un rebut o una remesa només es concilia amb un abonament",
		En: "A receipt or a remittance is only reconciled with a credit",
	},
	"Un gasto solo se concilia con un cargo": {
		Ca: "Una despesa només es concilia amb un càrrec",
		En: "An expense is only reconciled with a debit",
	},
}
