package messages

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("messages", translations) }

var translations = domain.Catalogue{
	"El canal no existe": {
		Ca: "El canal no existeix",
		En: "The channel does not exist",
	},
	"Solo puedes modificar tus propios mensajes": {
		Ca: "Només pots modificar els teus propis missatges",
		En: "You can only change your own messages",
	},
	"Solo puedes editar un mensaje durante los 15 minutos siguientes a enviarlo": {
		Ca: "Només pots editar un missatge durant els 15 minuts següents a enviar-lo",
		En: "You can only edit a message within 15 minutes of sending it",
	},
	"Este mensaje ya se eliminó": {
		Ca: "Aquest missatge ja s'ha eliminat",
		En: "This message has already been deleted",
	},
	"Puedes adjuntar como máximo %d archivos por mensaje": {
		Ca: "Pots adjuntar com a màxim %d fitxers per missatge",
		En: "You can attach at most %d files to a message",
	},
	"Indica el motivo por el que eliminas el mensaje": {
		Ca: "Indica el motiu pel qual elimines el missatge",
		En: "Say why you are deleting the message",
	},
	"Solo los administradores pueden retirar mensajes del chat comunitario": {
		Ca: "Només els administradors poden retirar missatges del xat comunitari",
		En: "Only administrators can remove messages from the community chat",
	},
	"Los administradores solo retiran mensajes del chat comunitario": {
		Ca: "Els administradors només retiren missatges del xat comunitari",
		En: "Administrators only remove messages from the community chat",
	},
	"Escribe entre 1 y %d caracteres para buscar": {
		Ca: "Escriu entre 1 i %d caràcters per cercar",
		En: "Type between 1 and %d characters to search",
	},
	"Elige silenciar 8 horas, 1 semana o siempre": {
		Ca: "Tria silenciar 8 hores, 1 setmana o sempre",
		En: "Choose to mute for 8 hours, 1 week or always",
	},
	"No puedes salir del chat comunitario": {
		Ca: "No pots sortir del xat comunitari",
		En: "You cannot leave the community chat",
	},
	"El almacenamiento de archivos no está disponible": {
		Ca: "L'emmagatzematge de fitxers no està disponible",
		En: "File storage is not available",
	},
	"La conversación no existe": {
		Ca: "La conversa no existeix",
		En: "The conversation does not exist",
	},
	"Un archivo adjunto no es de esta conversación o ya se envió": {
		Ca: "Un fitxer adjunt no és d'aquesta conversa o ja s'ha enviat",
		En: "An attachment does not belong to this conversation or has already been sent",
	},
	"Solo puedes responder a un mensaje de esta conversación": {
		Ca: "Només pots respondre un missatge d'aquesta conversa",
		En: "You can only reply to a message in this conversation",
	},
	"El archivo no existe": {
		Ca: "El fitxer no existeix",
		En: "The file does not exist",
	},
	"El mensaje no puede estar vacío": {
		Ca: "El missatge no pot estar buit",
		En: "The message cannot be empty",
	},
	"El mensaje no puede superar los %d caracteres": {
		Ca: "El missatge no pot superar els %d caràcters",
		En: "The message cannot be longer than %d characters",
	},
	"El identificador del mensaje no es válido": {
		Ca: "L'identificador del missatge no és vàlid",
		En: "The message identifier is not valid",
	},
	"No puedes iniciar una conversación contigo mismo": {
		Ca: "No pots iniciar una conversa amb tu mateix",
		En: "You cannot start a conversation with yourself",
	},
	"El nombre del canal es obligatorio": {
		Ca: "El nom del canal és obligatori",
		En: "The channel name is required",
	},
	"El nombre del canal no puede superar los %d caracteres": {
		Ca: "El nom del canal no pot superar els %d caràcters",
		En: "The channel name cannot be longer than %d characters",
	},
	"No puedes invitar a más de %d vecinos a la vez": {
		Ca: "No pots convidar més de %d veïns alhora",
		En: "You cannot invite more than %d neighbours at once",
	},
	"El chat comunitario ya incluye a todos los vecinos": {
		Ca: "El xat comunitari ja inclou tots els veïns",
		En: "The community chat already includes every neighbour",
	},
	"Solo puedes invitar a vecinos de tu comunidad": {
		Ca: "Només pots convidar veïns de la teva comunitat",
		En: "You can only invite neighbours from your community",
	},
	"Has salido de este canal: ya no puedes leerlo ni escribir en él": {
		Ca: "Has sortit d'aquest canal: ja no el pots llegir ni hi pots escriure",
		En: "You have left this channel: you can no longer read it or write in it",
	},
	"El mensaje no existe": {
		Ca: "El missatge no existeix",
		En: "The message does not exist",
	},
	"Este vecino no pertenece a tu comunidad": {
		Ca: "Aquest veí no pertany a la teva comunitat",
		En: "This neighbour does not belong to your community",
	},
	"Este identificador de mensaje ya se usó en otra conversación": {
		Ca: "Aquest identificador de missatge ja s'ha fet servir en una altra conversa",
		En: "This message identifier has already been used in another conversation",
	},
}
