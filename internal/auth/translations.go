package auth

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("auth", translations) }

var translations = domain.Catalogue{
	"Campos incompletos": {
		Ca: "Camps incomplets",
		En: "Incomplete fields",
	},
	"No se encontró ninguna comunidad con este código": {
		Ca: "No s'ha trobat cap comunitat amb aquest codi",
		En: "No community was found with this code",
	},
	"Indica tu relación con la comunidad en los comentarios": {
		Ca: "Indica la teva relació amb la comunitat als comentaris",
		En: "Describe your relation to the community in the comments",
	},
	"Debes aceptar los términos y condiciones para continuar": {
		Ca: "Has d'acceptar els termes i condicions per continuar",
		En: "You must accept the terms and conditions to continue",
	},
	"Selecciona tu rol en la comunidad": {
		Ca: "Selecciona el teu rol a la comunitat",
		En: "Select your role in the community",
	},
	"Indica el nombre y el piso del presidente": {
		Ca: "Indica el nom i el pis del president",
		En: "Enter the president's name and flat",
	},
	"El número de plantas y de puertas no puede ser negativo": {
		Ca: "El nombre de plantes i de portes no pot ser negatiu",
		En: "The number of floors and doors cannot be negative",
	},
	"Debe haber al menos una escalera y un portal": {
		Ca: "Hi ha d'haver almenys una escala i un portal",
		En: "There must be at least one staircase and one entrance",
	},
	"No se pudo confirmar el email. El enlace puede haber expirado. Reenvíalo e inténtalo de nuevo.": {
		Ca: "No s'ha pogut confirmar el correu. L'enllaç pot haver caducat. Torna'l a enviar i prova-ho de nou.",
		En: "The email could not be confirmed. The link may have expired. Resend it and try again.",
	},
	"Tu email ya ha sido confirmado. Puedes iniciar sesión.": {
		Ca: "El teu correu electrònic ja està confirmat. Pots iniciar sessió.",
		En: "Your email is already confirmed. You can sign in.",
	},
	"El enlace de confirmación ha expirado. Solicita uno nuevo para confirmar tu email.": {
		Ca: "L'enllaç de confirmació ha caducat. Demana'n un de nou per confirmar el teu correu.",
		En: "The confirmation link has expired. Ask for a new one to confirm your email.",
	},
	"La contraseña es obligatoria": {
		Ca: "La contrasenya és obligatòria",
		En: "The password is required",
	},
	"Email o contraseña incorrectos": {
		Ca: "Correu electrònic o contrasenya incorrectes",
		En: "Wrong email or password",
	},
	"Por favor, confirma tu email antes de iniciar sesión.": {
		Ca: "Si us plau, confirma el teu correu abans d'iniciar la sessió.",
		En: "Please confirm your email before signing in.",
	},
	"Inicia sesión para continuar": {
		Ca: "Inicia sessió per continuar",
		En: "Sign in to continue",
	},
	"Tu sesión ha caducado. Inicia sesión de nuevo.": {
		Ca: "La teva sessió ha caducat. Torna a iniciar sessió.",
		En: "Your session has expired. Sign in again.",
	},
	"El enlace de recuperación no es válido o ha expirado.": {
		Ca: "L'enllaç de recuperació no és vàlid o ha caducat.",
		En: "The recovery link is not valid or has expired.",
	},
	"Tu cuenta de %s no tiene un email verificado. Regístrate con tu email.": {
		Ca: "El teu compte de %s no té cap correu verificat. Registra't amb el teu correu.",
		En: "Your %s account has no verified email. Sign up with your email.",
	},
	"Email ya registrado": {
		Ca: "Aquest correu electrònic ja està registrat",
		En: "This email is already registered",
	},
	"Introduce tu contraseña actual para cambiar el email": {
		Ca: "Introdueix la teva contrasenya actual per canviar el correu",
		En: "Enter your current password to change your email",
	},
	"Introduce tu contraseña actual": {
		Ca: "Introdueix la teva contrasenya actual",
		En: "Enter your current password",
	},
	"La contraseña actual no es correcta": {
		Ca: "La contrasenya actual no és correcta",
		En: "The current password is not correct",
	},
	"El enlace no es válido o ya se ha usado.": {
		Ca: "L'enllaç no és vàlid o ja s'ha fet servir.",
		En: "The link is not valid or has already been used.",
	},
	"El enlace de confirmación ha expirado. Vuelve a cambiar tu email para recibir uno nuevo.": {
		Ca: "L'enllaç de confirmació ha caducat. Torna a canviar el correu per rebre'n un de nou.",
		En: "The confirmation link has expired. Change your email again to get a new one.",
	},
	"Introduce tu contraseña para eliminar la cuenta": {
		Ca: "Introdueix la teva contrasenya per eliminar el compte",
		En: "Enter your password to delete your account",
	},
	"La contraseña no es correcta": {
		Ca: "La contrasenya no és correcta",
		En: "The password is not correct",
	},
	"Usuario ya registrado": {
		Ca: "Usuari ja registrat",
		En: "User already registered",
	},
	"No se encontró la dirección de email. Inicia sesión o regístrate de nuevo.": {
		Ca: "No s'ha trobat l'adreça de correu. Inicia sessió o registra't de nou.",
		En: "The email address was not found. Sign in or sign up again.",
	},
	"Este cambio de email ya no está pendiente: se confirmó o caducó.": {
		Ca: "Aquest canvi de correu ja no està pendent: es va confirmar o va caducar.",
		En: "This email change is no longer pending: it was confirmed or it expired.",
	},
	"La cuenta ya estaba confirmada": {
		Ca: "El compte ja estava confirmat",
		En: "The account was already confirmed",
	},
}
