package httpapi

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("httpapi", translations) }

var translations = domain.Catalogue{
	"Por favor, confirma tu email antes de continuar.": {
		Ca: "Si us plau, confirma el teu correu electrònic abans de continuar.",
		En: "Please confirm your email before continuing.",
	},
	"El archivo tardó demasiado en llegar. Comprueba tu conexión e inténtalo de nuevo": {
		Ca: "El fitxer ha trigat massa a arribar. Comprova la connexió i torna-ho a provar",
		En: "The file took too long to arrive. Check your connection and try again",
	},
	"No se pudo recibir el archivo": {
		Ca: "No s'ha pogut rebre el fitxer",
		En: "The file could not be received",
	},
	"Has alcanzado el límite de subidas (%d archivos o %d MB por hora). Inténtalo de nuevo en 1 minuto.": {
		Ca: "Has arribat al límit de pujades (%d fitxers o %d MB per hora). Torna-ho a provar d'aquí a 1 minut.",
		En: "You have reached the upload limit (%d files or %d MB an hour). Try again in 1 minute.",
	},
	"Has alcanzado el límite de subidas (%d archivos o %d MB por hora). Inténtalo de nuevo en %d minutos.": {
		Ca: "Has arribat al límit de pujades (%d fitxers o %d MB per hora). Torna-ho a provar d'aquí a %d minuts.",
		En: "You have reached the upload limit (%d files or %d MB an hour). Try again in %d minutes.",
	},
	"Petición de otro origen rechazada": {
		Ca: "S'ha rebutjat una petició d'un altre origen",
		En: "Request from another origin refused",
	},
	"Este proveedor de inicio de sesión no está configurado": {
		Ca: "Aquest proveïdor d'inici de sessió no està configurat",
		En: "This sign-in provider is not configured",
	},
	"La petición no es válida": {
		Ca: "La petició no és vàlida",
		En: "The request is not valid",
	},
	"Los datos enviados no son válidos": {
		Ca: "Les dades enviades no són vàlides",
		En: "The data sent is not valid",
	},
	"No encontrado": {
		Ca: "No s'ha trobat",
		En: "Not found",
	},
	"Método no permitido": {
		Ca: "Mètode no permès",
		En: "Method not allowed",
	},
	"La petición es demasiado grande": {
		Ca: "La petició és massa gran",
		En: "The request is too large",
	},
	"Tipo de contenido no admitido": {
		Ca: "Tipus de contingut no admès",
		En: "Unsupported content type",
	},
	"Acción no permitida": {
		Ca: "Acció no permesa",
		En: "Action not allowed",
	},
	"Usuario no autenticado": {
		Ca: "Usuari no autenticat",
		En: "Not signed in",
	},
	"Esta dirección de la API no existe": {
		Ca: "Aquesta adreça de l'API no existeix",
		En: "This API address does not exist",
	},
	"El texto contiene un carácter no válido": {
		Ca: "El text conté un caràcter no vàlid",
		En: "The text contains an invalid character",
	},
}
