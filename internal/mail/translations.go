package mail

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("mail", translations) }

var translations = domain.Catalogue{
	"Los avisos de rebote no están configurados en este servidor": {Ca: "Els avisos de rebot no estan configurats en aquest servidor",
		En: "Bounce reports are not configured on this server"},
	"La clave de los avisos de rebote no es válida":   {Ca: "La clau dels avisos de rebot no és vàlida", En: "The bounce reports key is not valid"},
	"El mensaje no es un aviso de entrega (RFC 3464)": {Ca: "El missatge no és un avís d'entrega (RFC 3464)", En: "The message is not a delivery status notification (RFC 3464)"},
}
