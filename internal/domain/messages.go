package domain

import "fmt"

// Translation is a message of Errorf in Catalan and English, with the verbs of its Spanish format in the
// same order.
type Translation struct{ Ca, En string }

func (t Translation) in(lang Language) string { return Localized(lang, "", t.Ca, t.En) }

// Catalogue holds the translations of the Errorf formats a package words, by their Spanish text. Each
// feature owns its catalogue (its translations.go) and registers it from init, so a new feature edits no
// shared list (docs/adr/0039-feature-catalogues.md). Domain terms: vivienda is habitatge and unit,
// coeficiente coeficient and share, junta junta and owners' meeting, portal portal and entrance.
type Catalogue map[string]Translation

// catalogues is every registered translation by format, with the package whose catalogue holds it.
type catalogues map[string]registered

type registered struct {
	Translation
	owner string
}

// add merges the catalogue of owner, refusing a format another package already registered: Error.In
// would read one of the two, so a second translation of the same text could silently never show.
func (cs catalogues) add(owner string, c Catalogue) error {
	for format := range c {
		if r, ok := cs[format]; ok {
			return fmt.Errorf("the message %q is in the catalogues of both %s and %s", format, r.owner, owner)
		}
	}
	for format, t := range c {
		cs[format] = registered{t, owner}
	}
	return nil
}

// messages are the catalogues Error.In reads. They are written only by the init functions of the
// packages, before any goroutine can read them.
var messages = catalogues{}

// RegisterMessages adds the catalogue of the package owner to the translations of Error.In. Call it
// only from an init function: a format registered twice stops the program (and every test) at start.
func RegisterMessages(owner string, c Catalogue) {
	if err := messages.add(owner, c); err != nil {
		panic(err)
	}
}

// Messages returns every registered translation and, by format, the package that registered it: what
// the tests check against the Errorf calls of the sources.
func Messages() (Catalogue, map[string]string) {
	c, owners := make(Catalogue, len(messages)), make(map[string]string, len(messages))
	for format, r := range messages {
		c[format], owners[format] = r.Translation, r.owner
	}
	return c, owners
}

func init() { RegisterMessages("domain", translations) }

// translations are the messages of the domain package, and those several features word alike.
var translations = Catalogue{
	"No perteneces a ninguna comunidad": {
		Ca: "No pertanys a cap comunitat",
		En: "You don't belong to any community",
	},
	"No perteneces a esta comunidad": {
		Ca: "No pertanys a aquesta comunitat",
		En: "You don't belong to this community",
	},
	"El NIF no es válido": {
		Ca: "El NIF no és vàlid",
		En: "The tax ID (NIF) is not valid",
	},
	"Tu acceso a esta comunidad es de solo lectura": {
		Ca: "El teu accés a aquesta comunitat és només de lectura",
		En: "Your access to this community is read-only",
	},
	"Ya perteneces a esta comunidad": {
		Ca: "Ja pertanys a aquesta comunitat",
		En: "You already belong to this community",
	},
	"Ocurrió un error inesperado": {
		Ca: "S'ha produït un error inesperat",
		En: "An unexpected error occurred",
	},
	"El cursor de la página no es válido": {
		Ca: "El cursor de la pàgina no és vàlid",
		En: "The page cursor is not valid",
	},
	"El coeficiente «%s» tiene más de 4 decimales": {
		Ca: "El coeficient «%s» té més de 4 decimals",
		En: "The share “%s” has more than 4 decimal places",
	},
	"El coeficiente «%s» no es un número": {
		Ca: "El coeficient «%s» no és un número",
		En: "The share “%s” is not a number",
	},
	"El coeficiente «%s» no puede ser mayor que 100": {
		Ca: "El coeficient «%s» no pot ser més gran que 100",
		En: "The share “%s” cannot be greater than 100",
	},
	"Ya existe una unidad «%s»": {
		Ca: "Ja existeix una unitat «%s»",
		En: "A unit “%s” already exists",
	},
	"El edificio no puede tener más de %d viviendas; añade el resto desde Viviendas y locales": {
		Ca: "L'edifici no pot tenir més de %d habitatges; afegeix la resta des d'Habitatges i locals",
		En: "The building cannot have more than %d units; add the rest from Homes and premises",
	},
	"Indica si eres propietario, inquilino o familiar": {
		Ca: "Indica si ets propietari, llogater o familiar",
		En: "Say whether you are the owner, a tenant or family",
	},

	// Worded alike by several features.
	"Demasiados intentos. Inténtalo de nuevo en %d segundos.": {
		Ca: "Massa intents. Torna-ho a provar d'aquí a %d segons.",
		En: "Too many attempts. Try again in %d seconds.",
	},
	"El nombre es demasiado largo": {
		Ca: "El nom és massa llarg",
		En: "The name is too long",
	},
	"La referencia catastral no es válida": {
		Ca: "La referència cadastral no és vàlida",
		En: "The cadastral reference is not valid",
	},
	"El título es obligatorio": {
		Ca: "El títol és obligatori",
		En: "The title is required",
	},
	"El título no puede superar los %d caracteres": {
		Ca: "El títol no pot superar els %d caràcters",
		En: "The title cannot be longer than %d characters",
	},
	"La descripción no puede superar los %d caracteres": {
		Ca: "La descripció no pot superar els %d caràcters",
		En: "The description cannot be longer than %d characters",
	},
	"El estado no es válido": {
		Ca: "L'estat no és vàlid",
		En: "The status is not valid",
	},
	"La prioridad no es válida": {
		Ca: "La prioritat no és vàlida",
		En: "The priority is not valid",
	},
	"La dirección de la imagen no es válida": {
		Ca: "L'adreça de la imatge no és vàlida",
		En: "The image address is not valid",
	},
	"La reacción no es válida": {
		Ca: "La reacció no és vàlida",
		En: "The reaction is not valid",
	},
	"El archivo está vacío": {
		Ca: "El fitxer és buit",
		En: "The file is empty",
	},
	"El motivo no puede superar los %d caracteres": {
		Ca: "El motiu no pot superar els %d caràcters",
		En: "The reason cannot be longer than %d characters",
	},
	"La ubicación no puede superar los %d caracteres": {
		Ca: "La ubicació no pot superar els %d caràcters",
		En: "The location cannot be longer than %d characters",
	},
	"No se encontró la vivienda": {
		Ca: "No s'ha trobat l'habitatge",
		En: "The unit was not found",
	},
	"El nombre es obligatorio": {
		Ca: "El nom és obligatori",
		En: "The name is required",
	},
	"El nombre no puede superar los %d caracteres": {
		Ca: "El nom no pot superar els %d caràcters",
		En: "The name cannot be longer than %d characters",
	},
	"El comentario no puede superar los %d caracteres": {
		Ca: "El comentari no pot superar els %d caràcters",
		En: "The comment cannot be longer than %d characters",
	},
	"No se pudo obtener la comunidad": {
		Ca: "No s'ha pogut obtenir la comunitat",
		En: "Could not get the community",
	},
	"La dirección de email no es válida": {
		Ca: "L'adreça de correu no és vàlida",
		En: "The email address is not valid",
	},
}
