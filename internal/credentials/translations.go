package credentials

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("credentials", translations) }

var translations = domain.Catalogue{
	"El servidor está muy ocupado. Inténtalo de nuevo en unos segundos.": {
		Ca: "El servidor està molt ocupat. Torna-ho a provar d'aquí a uns segons.",
		En: "The server is very busy. Try again in a few seconds.",
	},
	"La contraseña debe tener entre 8 y 72 caracteres, con mayúsculas, minúsculas y números": {
		Ca: "La contrasenya ha de tenir entre 8 i 72 caràcters, amb majúscules, minúscules i números",
		En: "The password must have 8 to 72 characters, with upper-case and lower-case letters and numbers",
	},
	"La contraseña es demasiado larga": {
		Ca: "La contrasenya és massa llarga",
		En: "The password is too long",
	},
	"La contraseña no cumple con los requisitos mínimos de seguridad": {
		Ca: "La contrasenya no compleix els requisits mínims de seguretat",
		En: "The password does not meet the minimum security requirements",
	},
	"La contraseña debe tener al menos 6 caracteres": {
		Ca: "La contrasenya ha de tenir almenys 6 caràcters",
		En: "The password must have at least 6 characters",
	},
	"Email demasiado largo": {
		Ca: "Correu electrònic massa llarg",
		En: "The email is too long",
	},
	"Email inválido": {
		Ca: "Correu electrònic no vàlid",
		En: "Invalid email",
	},
}
