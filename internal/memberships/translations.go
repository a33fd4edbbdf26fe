package memberships

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("memberships", translations) }

var translations = domain.Catalogue{
	"Solo los propietarios pueden oponerse al acuerdo": {
		Ca: "Només els propietaris es poden oposar a l'acord",
		En: "Only owners can object to the resolution",
	},
	"Solo los propietarios pueden hacer esto": {
		Ca: "Només els propietaris poden fer això",
		En: "Only owners can do this",
	},
	"Solo puedes salir de la comunidad que tienes abierta": {
		Ca: "Només pots sortir de la comunitat que tens oberta",
		En: "You can only leave the community you have open",
	},
	"Eres el último administrador: nombra a otro administrador antes de salir de la comunidad": {
		Ca: "Ets l'últim administrador: nomena un altre administrador abans de sortir de la comunitat",
		En: "You are the last administrator: appoint another administrator before leaving the community",
	},
	"No se pudo generar un código nuevo. Inténtalo de nuevo.": {
		Ca: "No s'ha pogut generar un codi nou. Torna-ho a provar.",
		En: "A new code could not be generated. Please try again.",
	},
	"No se encontró el vecino": {
		Ca: "No s'ha trobat el veí",
		En: "The neighbour was not found",
	},
	"Solo los administradores pueden acceder a esta sección": {
		Ca: "Només els administradors poden accedir a aquesta secció",
		En: "Only administrators can access this section",
	},
	"El nombre de la comunidad es obligatorio": {
		Ca: "El nom de la comunitat és obligatori",
		En: "The community name is required",
	},
	"La dirección es obligatoria": {
		Ca: "L'adreça és obligatòria",
		En: "The address is required",
	},
	"La ciudad es obligatoria": {
		Ca: "La ciutat és obligatòria",
		En: "The city is required",
	},
	"El código postal es obligatorio": {
		Ca: "El codi postal és obligatori",
		En: "The postal code is required",
	},
	"El texto es demasiado largo (máximo %d caracteres)": {
		Ca: "El text és massa llarg (màxim %d caràcters)",
		En: "The text is too long (%d characters at most)",
	},
	"Rol desconocido": {
		Ca: "Rol desconegut",
		En: "Unknown role",
	},
	"No puedes modificar tu propio rol": {
		Ca: "No pots modificar el teu propi rol",
		En: "You cannot change your own role",
	},
	"Solo el propietario de la vivienda o un administrador pueden modificarla": {
		Ca: "Només el propietari de l'habitatge o un administrador el poden modificar",
		En: "Only the unit's owner or an administrator can change it",
	},
	"El número de vivienda es obligatorio": {
		Ca: "El número d'habitatge és obligatori",
		En: "The unit number is required",
	},
	"El número, la planta y el portal no pueden superar %d caracteres": {
		Ca: "El número, la planta i el portal no poden superar els %d caràcters",
		En: "The number, floor and entrance cannot be longer than %d characters",
	},
	"Indica si apruebas o rechazas la solicitud": {
		Ca: "Indica si aproves o rebutges la sol·licitud",
		En: "Say whether you approve or reject the request",
	},
	"La nota es demasiado larga": {
		Ca: "La nota és massa llarga",
		En: "The note is too long",
	},
	"Elige una vivienda de la lista": {
		Ca: "Tria un habitatge de la llista",
		En: "Pick a unit from the list",
	},
	"Para confirmar a un propietario, el vecino debe indicar que es el propietario": {
		Ca: "Per confirmar un propietari, el veí ha d'indicar que n'és el propietari",
		En: "To confirm an owner, the neighbour must say they are the owner",
	},
	"No se encontró la solicitud": {
		Ca: "No s'ha trobat la sol·licitud",
		En: "The request was not found",
	},
	"Esta solicitud ya se ha revisado": {
		Ca: "Aquesta sol·licitud ja s'ha revisat",
		En: "This request has already been reviewed",
	},
	"Esta persona ya pertenece a esta comunidad": {
		Ca: "Aquesta persona ja pertany a aquesta comunitat",
		En: "This person already belongs to this community",
	},
	"La vivienda ya tiene propietario": {
		Ca: "L'habitatge ja té propietari",
		En: "The unit already has an owner",
	},
	"No se encontró la vivienda por aceptar": {
		Ca: "No s'ha trobat l'habitatge pendent d'acceptar",
		En: "The unit awaiting acceptance was not found",
	},
	"Ya existe una comunidad con esta referencia catastral": {
		Ca: "Ja existeix una comunitat amb aquesta referència cadastral",
		En: "A community with this cadastral reference already exists",
	},
	"No puedes modificar usuarios de otras comunidades": {
		Ca: "No pots modificar usuaris d'altres comunitats",
		En: "You cannot change users of other communities",
	},
	"No puede haber más de %d administradores en la comunidad": {
		Ca: "No hi pot haver més de %d administradors a la comunitat",
		En: "There cannot be more than %d administrators in the community",
	},
	"Esa vivienda ya figura entre las tuyas": {
		Ca: "Aquest habitatge ja figura entre els teus",
		En: "That unit is already among yours",
	},
	"La vivienda ya tiene propietario; si es un error, habla con un administrador": {
		Ca: "L'habitatge ja té propietari; si és un error, parla amb un administrador",
		En: "The unit already has an owner; if that is a mistake, talk to an administrator",
	},
	"Esa vivienda no está entre tus otras viviendas": {
		Ca: "Aquest habitatge no és entre els teus altres habitatges",
		En: "That unit is not among your other units",
	},
	"No se encontró la solicitud de verificación": {
		Ca: "No s'ha trobat la sol·licitud de verificació",
		En: "The verification request was not found",
	},
}
