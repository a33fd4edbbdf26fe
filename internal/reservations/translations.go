package reservations

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("reservations", translations) }

var translations = domain.Catalogue{
	"Solo se puede reservar con hasta %d días de antelación (hasta el %s)": {
		Ca: "Només es pot reservar amb fins a %d dies d'antelació (fins al %s)",
		En: "Bookings can be made at most %d days ahead (until %s)",
	},
	"Los días de antelación para reservar deben estar entre 1 y %d": {
		Ca: "Els dies d'antelació per reservar han d'estar entre 1 i %d",
		En: "The days ahead for booking must be between 1 and %d",
	},
	"El mes no es válido": {
		Ca: "El mes no és vàlid",
		En: "The month is not valid",
	},
	"La fecha no es válida": {
		Ca: "La data no és vàlida",
		En: "The date is not valid",
	},
	"La hora no es válida": {
		Ca: "L'hora no és vàlida",
		En: "The time is not valid",
	},
	"Solo un administrador puede gestionar las instalaciones": {
		Ca: "Només un administrador pot gestionar les instal·lacions",
		En: "Only an administrator can manage the facilities",
	},
	"Las normas no pueden superar los %d caracteres": {
		Ca: "Les normes no poden superar els %d caràcters",
		En: "The rules cannot be longer than %d characters",
	},
	"La foto debe ser una imagen subida a Vecinos": {
		Ca: "La foto ha de ser una imatge pujada a Vecinos",
		En: "The photo must be an image uploaded to Vecinos",
	},
	"El aforo debe estar entre 1 y %d": {
		Ca: "L'aforament ha de ser entre 1 i %d",
		En: "The capacity must be between 1 and %d",
	},
	"Los turnos deben durar entre 15 minutos y 24 horas, en cuartos de hora": {
		Ca: "Els torns han de durar entre 15 minuts i 24 hores, en quarts d'hora",
		En: "Slots must last between 15 minutes and 24 hours, in quarters of an hour",
	},
	"La duración mínima y máxima deben ir de 15 minutos a 24 horas, en cuartos de hora": {
		Ca: "La durada mínima i la màxima han d'anar de 15 minuts a 24 hores, en quarts d'hora",
		En: "The minimum and maximum durations must be from 15 minutes to 24 hours, in quarters of an hour",
	},
	"El máximo de reservas al mes debe estar entre 1 y 100": {
		Ca: "El màxim de reserves al mes ha de ser entre 1 i 100",
		En: "The maximum of bookings a month must be between 1 and 100",
	},
	"El plazo de cancelación debe estar entre 0 y 720 horas": {
		Ca: "El termini de cancel·lació ha de ser entre 0 i 720 hores",
		En: "The cancellation period must be between 0 and 720 hours",
	},
	"La fianza no es válida": {
		Ca: "La fiança no és vàlida",
		En: "The deposit is not valid",
	},
	"El horario no es válido: la apertura debe ser anterior al cierre, en cuartos de hora": {
		Ca: "L'horari no és vàlid: l'obertura ha de ser anterior al tancament, en quarts d'hora",
		En: "The opening hours are not valid: opening must come before closing, in quarters of an hour",
	},
	"La instalación debe abrir al menos un día a la semana": {
		Ca: "La instal·lació ha d'obrir almenys un dia a la setmana",
		En: "The facility must open at least one day a week",
	},
	"Indica el motivo del cierre (hasta %d caracteres)": {
		Ca: "Indica el motiu del tancament (fins a %d caràcters)",
		En: "Give the reason for the closure (up to %d characters)",
	},
	"Solo un administrador puede cambiar la zona horaria": {
		Ca: "Només un administrador pot canviar la zona horària",
		En: "Only an administrator can change the time zone",
	},
	"La zona horaria no es válida": {
		Ca: "La zona horària no és vàlida",
		En: "The time zone is not valid",
	},
	"Necesitas una vivienda asignada para reservar": {
		Ca: "Necessites un habitatge assignat per reservar",
		En: "You need an assigned unit to book",
	},
	"Ese horario ya está reservado": {
		Ca: "Aquest horari ja està reservat",
		En: "That time is already booked",
	},
	"Ya no quedan plazas en ese horario": {
		Ca: "Ja no queden places en aquest horari",
		En: "There are no places left at that time",
	},
	"La instalación está cerrada ese día": {
		Ca: "La instal·lació està tancada aquell dia",
		En: "The facility is closed that day",
	},
	"Esta instalación ya no admite reservas": {
		Ca: "Aquesta instal·lació ja no admet reserves",
		En: "This facility no longer takes bookings",
	},
	"No se puede reservar en el pasado": {
		Ca: "No es pot reservar en el passat",
		En: "You cannot book in the past",
	},
	"Esta reserva ya no está activa": {
		Ca: "Aquesta reserva ja no està activa",
		En: "This booking is no longer active",
	},
	"Solo quien hizo la reserva o un administrador puede cambiarla o cancelarla": {
		Ca: "Només qui va fer la reserva o un administrador la pot canviar o cancel·lar",
		En: "Only whoever made the booking or an administrator can change or cancel it",
	},
	"Indica el motivo": {
		Ca: "Indica el motiu",
		En: "Give the reason",
	},
	"Solo un administrador puede aprobar o rechazar reservas": {
		Ca: "Només un administrador pot aprovar o rebutjar reserves",
		En: "Only an administrator can approve or reject bookings",
	},
	"Solo un administrador puede registrar la fianza": {
		Ca: "Només un administrador pot registrar la fiança",
		En: "Only an administrator can record the deposit",
	},
	"Esta reserva no está pendiente de aprobación": {
		Ca: "Aquesta reserva no està pendent d'aprovació",
		En: "This booking is not awaiting approval",
	},
	"Ese paso de la fianza no es válido": {
		Ca: "Aquest pas de la fiança no és vàlid",
		En: "That deposit step is not valid",
	},
	"Solo un administrador puede ver todas las reservas": {
		Ca: "Només un administrador pot veure totes les reserves",
		En: "Only an administrator can see all the bookings",
	},
	"La cancelación gratuita termina %d h antes": {
		Ca: "La cancel·lació gratuïta acaba %d h abans",
		En: "Free cancellation ends %d h before",
	},
	"Has alcanzado el máximo de %d reservas este mes para tu vivienda": {
		Ca: "Has arribat al màxim de %d reserves aquest mes per al teu habitatge",
		En: "You have reached the maximum of %d bookings this month for your unit",
	},
	"La hora de fin debe ser posterior a la de inicio": {
		Ca: "L'hora de finalització ha de ser posterior a la d'inici",
		En: "The end time must be after the start time",
	},
	"Solo se puede reservar entre las %s y las %s": {
		Ca: "Només es pot reservar entre les %s i les %s",
		En: "You can only book between %s and %s",
	},
	"Esta instalación se reserva por turnos de %d minutos desde las %s": {
		Ca: "Aquesta instal·lació es reserva per torns de %d minuts des de les %s",
		En: "This facility is booked in slots of %d minutes from %s",
	},
	"Las horas van de cuarto en cuarto de hora": {
		Ca: "Les hores van de quart en quart d'hora",
		En: "Times go in quarters of an hour",
	},
	"La reserva debe durar entre %d y %d minutos": {
		Ca: "La reserva ha de durar entre %d i %d minuts",
		En: "The booking must last between %d and %d minutes",
	},
	"La instalación no existe": {
		Ca: "La instal·lació no existeix",
		En: "The facility does not exist",
	},
	"La reserva no existe": {
		Ca: "La reserva no existeix",
		En: "The booking does not exist",
	},
	"La comunidad no existe": {
		Ca: "La comunitat no existeix",
		En: "The community does not exist",
	},
}
