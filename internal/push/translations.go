package push

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("push", translations) }

var translations = domain.Catalogue{
	"La dirección del servicio de notificaciones no es válida": {
		Ca: "L'adreça del servei de notificacions no és vàlida",
		En: "The notification service address is not valid",
	},
	"La dirección del servicio de notificaciones debe empezar por https://": {
		Ca: "L'adreça del servei de notificacions ha de començar per https://",
		En: "The notification service address must start with https://",
	},
	"La dirección del servicio de notificaciones debe ser pública, no de una red interna": {
		Ca: "L'adreça del servei de notificacions ha de ser pública, no d'una xarxa interna",
		En: "The notification service address must be public, not on an internal network",
	},
	"Este servidor no envía notificaciones a ese servicio": {
		Ca: "Aquest servidor no envia notificacions a aquest servei",
		En: "This server does not send notifications to that service",
	},
	"Las claves de la suscripción no son válidas": {
		Ca: "Les claus de la subscripció no són vàlides",
		En: "The subscription keys are not valid",
	},
	"Ese tipo de notificación no existe": {
		Ca: "Aquest tipus de notificació no existeix",
		En: "That kind of notification does not exist",
	},
	"Este dispositivo no tiene las notificaciones activadas": {
		Ca: "Aquest dispositiu no té les notificacions activades",
		En: "This device does not have notifications turned on",
	},
}
