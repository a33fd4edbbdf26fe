package units

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("units", translations) }

var translations = domain.Catalogue{
	"El CSV tiene un error; no se ha importado nada": {
		Ca: "El CSV té un error; no s'ha importat res",
		En: "The CSV has an error; nothing was imported",
	},
	"El CSV tiene %d errores; no se ha importado nada": {
		Ca: "El CSV té %d errors; no s'ha importat res",
		En: "The CSV has %d errors; nothing was imported",
	},
	"El CSV no puede superar 1 MB": {
		Ca: "El CSV no pot superar 1 MB",
		En: "The CSV cannot be larger than 1 MB",
	},
	"El CSV está vacío": {
		Ca: "El CSV és buit",
		En: "The CSV is empty",
	},
	"El CSV no tiene ninguna unidad": {
		Ca: "El CSV no té cap unitat",
		En: "The CSV has no units",
	},
	"El archivo no está en UTF-8: guárdalo como «CSV UTF-8» e inténtalo de nuevo": {
		Ca: "El fitxer no és en UTF-8: desa'l com a «CSV UTF-8» i torna-ho a provar",
		En: "The file is not in UTF-8: save it as “CSV UTF-8” and try again",
	},
	"No se puede leer el CSV": {
		Ca: "No es pot llegir el CSV",
		En: "The CSV cannot be read",
	},
	// A faulty line of an import. The CSV's column names and kinds are its Spanish words in every language.
	"Línea %d: la columna «%s» no existe (usa %s)": {
		Ca: "Línia %d: la columna «%s» no existeix (fes servir %s)",
		En: "Line %d: there is no column “%s” (use %s)",
	},
	"Línea %d: falta la columna «nombre» (o «puerta»)": {
		Ca: "Línia %d: falta la columna «nombre» (o «puerta»)",
		En: "Line %d: the column “nombre” (or “puerta”) is missing",
	},
	"Línea %d: el CSV no puede tener más de %d unidades": {
		Ca: "Línia %d: el CSV no pot tenir més de %d unitats",
		En: "Line %d: the CSV cannot have more than %d units",
	},
	"Línea %d: «%s» ya está en la línea %d": {
		Ca: "Línia %d: «%s» ja és a la línia %d",
		En: "Line %d: “%s” is already on line %d",
	},
	"Línea %d: falta el nombre (o la puerta) de la unidad": {
		Ca: "Línia %d: falta el nom (o la porta) de la unitat",
		En: "Line %d: the unit's name (or door) is missing",
	},
	"Línea %d: «%s» supera %d caracteres": {
		Ca: "Línia %d: «%s» supera els %d caràcters",
		En: "Line %d: “%s” is longer than %d characters",
	},
	"Línea %d: el tipo «%s» no es válido (vivienda, local o garaje)": {
		Ca: "Línia %d: el tipus «%s» no és vàlid (vivienda, local o garaje)",
		En: "Line %d: the type “%s” is not valid (vivienda, local or garaje)",
	},
	"Línea %d: %s": {
		Ca: "Línia %d: %s",
		En: "Line %d: %s",
	},
	"Línea %d: hay unas comillas sin cerrar": {
		Ca: "Línia %d: hi ha unes cometes sense tancar",
		En: "Line %d: a quotation mark is not closed",
	},
	"Línea %d: no se puede leer": {
		Ca: "Línia %d: no es pot llegir",
		En: "Line %d: it cannot be read",
	},
	"El tipo debe ser vivienda, local o garaje": {
		Ca: "El tipus ha de ser habitatge, local o garatge",
		En: "The type must be home, premises or garage",
	},
	"El nombre de la unidad es obligatorio": {
		Ca: "El nom de la unitat és obligatori",
		En: "The unit's name is required",
	},
	"El nombre, la planta, el portal y la escalera no pueden superar %d caracteres": {
		Ca: "El nom, la planta, el portal i l'escala no poden superar els %d caràcters",
		En: "The name, floor, entrance and staircase cannot be longer than %d characters",
	},
	"No se puede eliminar «%s»: tiene vecinos o propietario. Fusiónala con otra unidad para trasladarlos": {
		Ca: "No es pot eliminar «%s»: té veïns o propietari. Fusiona-la amb una altra unitat per traslladar-los",
		En: "“%s” cannot be removed: it has residents or an owner. Merge it into another unit to move them",
	},
	"Elige otra unidad con la que fusionarla": {
		Ca: "Tria una altra unitat amb què fusionar-la",
		En: "Choose another unit to merge it into",
	},
	"«%s» y «%s» tienen propietarios distintos: no se pueden fusionar": {
		Ca: "«%s» i «%s» tenen propietaris diferents: no es poden fusionar",
		En: "“%s” and “%s” have different owners: they cannot be merged",
	},
	"Los coeficientes de «%s» y «%s» suman más de 100": {
		Ca: "Els coeficients de «%s» i «%s» sumen més de 100",
		En: "The shares of “%s” and “%s” add up to more than 100",
	},
	"No se puede eliminar «%s»: tiene movimientos en sus cuentas, que se conservan siempre": {
		Ca: "No es pot eliminar «%s»: té moviments als seus comptes, que es conserven sempre",
		En: "“%s” cannot be removed: it has entries in its account, which are always kept",
	},
	"No se puede fusionar «%s»: tiene movimientos en sus cuentas, que se conservan siempre": {
		Ca: "No es pot fusionar «%s»: té moviments als seus comptes, que es conserven sempre",
		En: "“%s” cannot be merged: it has entries in its account, which are always kept",
	},
}
