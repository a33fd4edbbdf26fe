package privacy

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("privacy", translations) }

var translations = domain.Catalogue{
	"Las condiciones han cambiado mientras las leías. Vuelve a cargar la página para leer la versión vigente.": {
		Ca: "Les condicions han canviat mentre les llegies. Torna a carregar la pàgina per llegir la versió vigent.",
		En: "The terms changed while you were reading them. Reload the page to read the current version.",
	},
	"Ya has descargado tus datos varias veces. Inténtalo de nuevo en %d minutos.": {
		Ca: "Ja has descarregat les teves dades diverses vegades. Torna-ho a provar d'aquí a %d minuts.",
		En: "You have already downloaded your data several times. Try again in %d minutes.",
	},
}
