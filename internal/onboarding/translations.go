package onboarding

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("onboarding", translations) }

var translations = domain.Catalogue{
	"Ya perteneces a otra comunidad": {
		Ca: "Ja pertanys a una altra comunitat",
		En: "You already belong to another community",
	},
	"Debes seleccionar tu vivienda": {
		Ca: "Has de seleccionar el teu habitatge",
		En: "You must select your unit",
	},
	"Indica planta y puerta": {
		Ca: "Indica planta i porta",
		En: "Enter floor and door",
	},
	"La planta y la puerta no pueden superar 10 caracteres": {
		Ca: "La planta i la porta no poden superar els 10 caràcters",
		En: "The floor and door cannot be longer than 10 characters",
	},
	"Ya perteneces a una comunidad": {
		Ca: "Ja pertanys a una comunitat",
		En: "You already belong to a community",
	},
	"Busca tu comunidad antes de elegir tu vivienda": {
		Ca: "Cerca la teva comunitat abans de triar el teu habitatge",
		En: "Find your community before choosing your unit",
	},
	"Ya has completado el registro": {
		Ca: "Ja has completat el registre",
		En: "You have already completed the sign-up",
	},
	"Debes aceptar la política de privacidad para continuar": {
		Ca: "Has d'acceptar la política de privacitat per continuar",
		En: "You must accept the privacy policy to continue",
	},
	"Indica tu relación con la comunidad": {
		Ca: "Indica la teva relació amb la comunitat",
		En: "Say how you are related to the community",
	},
	"Paso del registro desconocido": {
		Ca: "Pas del registre desconegut",
		En: "Unknown sign-up step",
	},
	"Introduce la referencia catastral": {
		Ca: "Introdueix la referència cadastral",
		En: "Enter the cadastral reference",
	},
	"La provincia es obligatoria": {
		Ca: "La província és obligatòria",
		En: "The province is required",
	},
	"El municipio es obligatorio": {
		Ca: "El municipi és obligatori",
		En: "The municipality is required",
	},
	"El tipo de vía es obligatorio": {
		Ca: "El tipus de via és obligatori",
		En: "The street type is required",
	},
	"El nombre de la calle es obligatorio": {
		Ca: "El nom del carrer és obligatori",
		En: "The street name is required",
	},
	"El número es obligatorio": {
		Ca: "El número és obligatori",
		En: "The number is required",
	},
	"El nombre de la calle es demasiado largo": {
		Ca: "El nom del carrer és massa llarg",
		En: "The street name is too long",
	},
	"El número es demasiado largo": {
		Ca: "El número és massa llarg",
		En: "The number is too long",
	},
	"La planta es demasiado larga": {
		Ca: "La planta és massa llarga",
		En: "The floor is too long",
	},
	"Necesitas adjuntar un documento para verificar": {
		Ca: "Has d'adjuntar un document per verificar",
		En: "You need to attach a document to verify",
	},
	"El código debe tener al menos 6 caracteres": {
		Ca: "El codi ha de tenir almenys 6 caràcters",
		En: "The code must have at least 6 characters",
	},
	"Elige cómo verificarte": {
		Ca: "Tria com vols verificar-te",
		En: "Choose how to verify yourself",
	},
	"El documento no es válido. Vuelve a adjuntarlo.": {
		Ca: "El document no és vàlid. Torna'l a adjuntar.",
		En: "The document is not valid. Attach it again.",
	},
	"Debes aceptar las normas de la comunidad para continuar": {
		Ca: "Has d'acceptar les normes de la comunitat per continuar",
		En: "You must accept the community rules to continue",
	},
	"La búsqueda ha caducado. Vuelve a buscar tu comunidad.": {
		Ca: "La cerca ha caducat. Torna a cercar la teva comunitat.",
		En: "The search has expired. Search for your community again.",
	},
	"El código no es válido o ha caducado": {
		Ca: "El codi no és vàlid o ha caducat",
		En: "The code is not valid or has expired",
	},
	// The community code an admin replaced, and invitation emails' personal links (issue 33).
	"Este código ya no es válido: la administración de la comunidad lo ha cambiado. Pídele el código nuevo.": {
		Ca: "Aquest codi ja no és vàlid: l'administració de la comunitat l'ha canviat. Demana-li el codi nou.",
		En: "This code is no longer valid: the community's administrators have changed it. Ask them for the new code.",
	},
	"Esta invitación no es válida o ya se ha usado. Pide a la administración de tu comunidad que te invite de nuevo.": {
		Ca: "Aquesta invitació no és vàlida o ja s'ha fet servir. Demana a l'administració de la teva comunitat que et torni a convidar.",
		En: "This invitation is not valid or has already been used. Ask your community's administrators to invite you again.",
	},
	"Esta invitación ya no es válida. Pide a la administración de tu comunidad que te invite de nuevo.": {
		Ca: "Aquesta invitació ja no és vàlida. Demana a l'administració de la teva comunitat que et torni a convidar.",
		En: "This invitation is no longer valid. Ask your community's administrators to invite you again.",
	},
	"Indica el nombre, la dirección, la ciudad y el código postal de la comunidad": {
		Ca: "Indica el nom, l'adreça, la ciutat i el codi postal de la comunitat",
		En: "Enter the community's name, address, city and postal code",
	},
}
