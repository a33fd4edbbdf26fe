package voting

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("voting", translations) }

var translations = domain.Catalogue{
	"Solo los administradores pueden anotar los votos de la junta": {
		Ca: "Només els administradors poden anotar els vots de la junta",
		En: "Only administrators can record the meeting's votes",
	},
	"No se encontró la votación": {
		Ca: "No s'ha trobat la votació",
		En: "The vote was not found",
	},
	"Esa persona no es miembro de tu comunidad": {
		Ca: "Aquesta persona no és membre de la teva comunitat",
		En: "That person is not a member of your community",
	},
	"Ya se ha votado": {
		Ca: "Ja s'ha votat",
		En: "The vote has already been cast",
	},
	"El acta estará disponible cuando se cierre la votación": {
		Ca: "L'acta estarà disponible quan es tanqui la votació",
		En: "The minutes will be available when the vote closes",
	},
	"Solo los administradores pueden crear, editar, abrir o cerrar votaciones": {
		Ca: "Només els administradors poden crear, editar, obrir o tancar votacions",
		En: "Only administrators can create, edit, open or close votes",
	},
	"Solo se puede modificar una votación en borrador": {
		Ca: "Només es pot modificar una votació en esborrany",
		En: "Only a draft vote can be changed",
	},
	"La votación no está activa": {
		Ca: "La votació no està activa",
		En: "The vote is not open",
	},
	"En una votación de junta solo votan los propietarios": {
		Ca: "En una votació de junta només voten els propietaris",
		En: "In an owners' meeting vote only owners vote",
	},
	"Tu vivienda está privada del voto en esta votación (art. 15.2 LPH)": {
		Ca: "El teu habitatge està privat del vot en aquesta votació (art. 15.2 LPH)",
		En: "Your unit is deprived of its vote in this vote (art. 15.2 LPH)",
	},
	"Ya has votado en esta votación": {
		Ca: "Ja has votat en aquesta votació",
		En: "You have already voted in this vote",
	},
	"No representas a ese propietario en esta votación": {
		Ca: "No representes aquest propietari en aquesta votació",
		En: "You do not represent that owner in this vote",
	},
	"Elige una de las opciones de la votación": {
		Ca: "Tria una de les opcions de la votació",
		En: "Choose one of the vote's options",
	},
	"Para cambiar un voto secreto indica el justificante que recibiste al votar": {
		Ca: "Per canviar un vot secret indica el justificant que vas rebre en votar",
		En: "To change a secret vote, give the receipt you got when you voted",
	},
	"La representación y la privación del voto son propias de las votaciones de junta": {
		Ca: "La representació i la privació del vot són pròpies de les votacions de junta",
		En: "Proxies and deprivation of the vote only apply to owners' meeting votes",
	},
	"Ya se ha votado: la representación no se puede cambiar": {
		Ca: "Ja s'ha votat: la representació no es pot canviar",
		En: "The vote has already been cast: the proxy cannot be changed",
	},
	"El tipo de votación no es válido": {
		Ca: "El tipus de votació no és vàlid",
		En: "The kind of vote is not valid",
	},
	"Una votación necesita al menos %d opciones": {
		Ca: "Una votació necessita almenys %d opcions",
		En: "A vote needs at least %d options",
	},
	"Una votación no puede tener más de %d opciones": {
		Ca: "Una votació no pot tenir més de %d opcions",
		En: "A vote cannot have more than %d options",
	},
	"El quórum debe estar entre 1 y %d votos": {
		Ca: "El quòrum ha de ser entre 1 i %d vots",
		En: "The quorum must be between 1 and %d votes",
	},
	"El cierre de la votación debe ser posterior a este momento": {
		Ca: "El tancament de la votació ha de ser posterior a aquest moment",
		En: "The vote must close later than now",
	},
	"La apertura debe ser anterior al cierre": {
		Ca: "L'obertura ha de ser anterior al tancament",
		En: "The opening must come before the closing",
	},
	"Las opciones no pueden estar vacías": {
		Ca: "Les opcions no poden estar buides",
		En: "The options cannot be empty",
	},
	"Una opción no puede superar los %d caracteres": {
		Ca: "Una opció no pot superar els %d caràcters",
		En: "An option cannot be longer than %d characters",
	},
	"La opción «%s» está repetida": {
		Ca: "L'opció «%s» està repetida",
		En: "The option “%s” is repeated",
	},
	"La mayoría requerida no es válida": {
		Ca: "La majoria requerida no és vàlida",
		En: "The required majority is not valid",
	},
	"La convocatoria debe ser primera o segunda": {
		Ca: "La convocatòria ha de ser primera o segona",
		En: "The call must be the first or the second",
	},
	"Indica la fecha de la junta": {
		Ca: "Indica la data de la junta",
		En: "Give the date of the owners' meeting",
	},
	"Indica si la opción «%s» es a favor, en contra o abstención": {
		Ca: "Indica si l'opció «%s» és a favor, en contra o abstenció",
		En: "Say whether the option “%s” is in favour, against or an abstention",
	},
	"Una votación de junta necesita al menos una opción a favor y otra en contra del acuerdo": {
		Ca: "Una votació de junta necessita almenys una opció a favor i una altra en contra de l'acord",
		En: "An owners' meeting vote needs at least one option in favour of the resolution and one against it",
	},
	"Solo se puede eliminar una votación en borrador": {
		Ca: "Només es pot eliminar una votació en esborrany",
		En: "Only a draft vote can be deleted",
	},
	"El cierre de la votación ya ha pasado: cambia la fecha de cierre": {
		Ca: "El tancament de la votació ja ha passat: canvia la data de tancament",
		En: "The vote's closing time has passed: change the closing date",
	},
	"Los coeficientes de las viviendas suman %s %%: deben sumar 100 %% para abrir una votación de junta": {
		Ca: "Els coeficients dels habitatges sumen %s %%: han de sumar 100 %% per obrir una votació de junta",
		En: "The units' shares add up to %s%%: they must add up to 100%% to open an owners' meeting vote",
	},
	"Solo un propietario puede delegar su voto": {
		Ca: "Només un propietari pot delegar el seu vot",
		En: "Only an owner can delegate their vote",
	},
	"No puedes delegar el voto en ti mismo": {
		Ca: "No pots delegar el vot en tu mateix",
		En: "You cannot delegate your vote to yourself",
	},
	"Indica el motivo de la privación del voto": {
		Ca: "Indica el motiu de la privació del vot",
		En: "Give the reason for depriving the vote",
	},
	"La votación está cerrada: ya no se puede cambiar la privación del voto": {
		Ca: "La votació està tancada: ja no es pot canviar la privació del vot",
		En: "The vote is closed: the deprivation of the vote can no longer be changed",
	},
	"Esa vivienda no vota en esta votación": {
		Ca: "Aquest habitatge no vota en aquesta votació",
		En: "That unit does not vote in this vote",
	},
	"El propietario de %s ya ha votado: su voto no se puede retirar ni volver a pesar, así que la privación del voto ya no se puede cambiar en esta votación": {
		Ca: "El propietari de %s ja ha votat: el seu vot no es pot retirar ni tornar a ponderar, així que la privació del vot ja no es pot canviar en aquesta votació",
		En: "The owner of %s has already voted: their vote cannot be withdrawn or weighed again, so the deprivation of the vote can no longer be changed in this vote",
	},
	"El plazo para oponerse a este acuerdo no está abierto": {
		Ca: "El termini per oposar-se a aquest acord no està obert",
		En: "The period to object to this resolution is not open",
	},
	"Solo los propietarios ausentes pueden oponerse al acuerdo": {
		Ca: "Només els propietaris absents es poden oposar a l'acord",
		En: "Only absent owners can object to the resolution",
	},
}
