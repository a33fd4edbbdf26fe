package invitations

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("invitations", translations) }

var translations = domain.Catalogue{
	"Solo los administradores pueden invitar a vecinos": {
		Ca: "Només els administradors poden convidar veïns",
		En: "Only administrators can invite neighbours",
	},
	"Has alcanzado el límite de %d invitaciones al día. Podrás enviar más mañana.": {
		Ca: "Has arribat al límit de %d invitacions al dia. En podràs enviar més demà.",
		En: "You have reached the limit of %d invitations a day. You can send more tomorrow.",
	},
	"Esta invitación ya se ha aceptado": {
		Ca: "Aquesta invitació ja s'ha acceptat",
		En: "This invitation has already been accepted",
	},
	"Esta invitación está revocada. Invita de nuevo a esta dirección si quieres.": {
		Ca: "Aquesta invitació està revocada. Torna a convidar aquesta adreça si vols.",
		En: "This invitation has been revoked. Invite this address again if you want.",
	},
	"La comunidad aún no tiene viviendas. Añádelas para imprimir las cartas.": {
		Ca: "La comunitat encara no té habitatges. Afegeix-los per imprimir les cartes.",
		En: "The community has no units yet. Add them to print the letters.",
	},
	"No se encontró la invitación": {
		Ca: "No s'ha trobat la invitació",
		En: "The invitation was not found",
	},
	"Esta dirección ya pertenece a un miembro de la comunidad": {
		Ca: "Aquesta adreça ja pertany a un membre de la comunitat",
		En: "This address already belongs to a member of the community",
	},
	"Ya hay una invitación pendiente para esta dirección. Puedes reenviarla desde la lista.": {
		Ca: "Ja hi ha una invitació pendent per a aquesta adreça. La pots tornar a enviar des de la llista.",
		En: "There is already a pending invitation for this address. You can resend it from the list.",
	},
	"La comunidad ya tiene %d invitaciones pendientes. Espera a que se acepten o revoca alguna.": {
		Ca: "La comunitat ja té %d invitacions pendents. Espera que s'acceptin o revoca'n alguna.",
		En: "The community already has %d pending invitations. Wait for them to be accepted or revoke some.",
	},
}
