package juntas

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("juntas", translations) }

var translations = domain.Catalogue{
	"No se encontró la junta":                                    {Ca: "No s'ha trobat la junta", En: "The meeting was not found"},
	"Solo los administradores pueden preparar y convocar juntas": {Ca: "Només els administradors poden preparar i convocar juntes", En: "Only administrators can prepare and call meetings"},
	"Solo se puede modificar una junta en borrador":              {Ca: "Només es pot modificar una junta en esborrany", En: "Only a draft meeting can be changed"},
	"Solo se puede eliminar una junta en borrador":               {Ca: "Només es pot eliminar una junta en esborrany", En: "Only a draft meeting can be deleted"},
	"La junta no está convocada":                                 {Ca: "La junta no està convocada", En: "The meeting has not been called"},
	"La junta ya está convocada":                                 {Ca: "La junta ja està convocada", En: "The meeting has already been called"},
	"La junta aún no se ha celebrado":                            {Ca: "La junta encara no s'ha celebrat", En: "The meeting has not been held yet"},
	"El acta ya está firmada: la junta no se puede cambiar":      {Ca: "L'acta ja està signada: la junta no es pot canviar", En: "The minutes are signed: the meeting cannot be changed"},
	"El acta ya está firmada: la asistencia no se puede cambiar": {Ca: "L'acta ja està signada: l'assistència no es pot canviar", En: "The minutes are signed: the attendance cannot be changed"},
	"La junta aún no ha empezado: la asistencia se anota desde la hora de la primera convocatoria": {
		Ca: "La junta encara no ha començat: l'assistència s'anota des de l'hora de la primera convocatòria",
		En: "The meeting has not begun: attendance is recorded from the time of the first call"},
	"La junta debe ser ordinaria o extraordinaria": {Ca: "La junta ha de ser ordinària o extraordinària", En: "The meeting must be ordinary or extraordinary"},
	"Indica la fecha y la hora de la junta":        {Ca: "Indica la data i l'hora de la junta", En: "Give the date and time of the meeting"},
	"La segunda convocatoria debe ser al menos media hora después de la primera (art. 16.2 LPH)": {
		Ca: "La segona convocatòria ha de ser com a mínim mitja hora després de la primera (art. 16.2 LPH)",
		En: "The second call must be at least half an hour after the first (art. 16.2 LPH)"},
	"Indica el lugar de la junta o el enlace de la videollamada":      {Ca: "Indica el lloc de la junta o l'enllaç de la videotrucada", En: "Give the place of the meeting or the video call link"},
	"El lugar no puede superar los %d caracteres":                     {Ca: "El lloc no pot superar els %d caràcters", En: "The place cannot exceed %d characters"},
	"El enlace no puede superar los %d caracteres":                    {Ca: "L'enllaç no pot superar els %d caràcters", En: "The link cannot exceed %d characters"},
	"El enlace de la videollamada debe empezar por https://":          {Ca: "L'enllaç de la videotrucada ha de començar per https://", En: "The video call link must start with https://"},
	"La junta la convoca el presidente o los promotores":              {Ca: "La junta la convoca el president o els promotors", En: "The meeting is called by the president or the promoters"},
	"Indica los propietarios que promueven la junta":                  {Ca: "Indica els propietaris que promouen la junta", En: "Name the owners who call the meeting"},
	"El orden del día necesita al menos un punto":                     {Ca: "L'ordre del dia necessita almenys un punt", En: "The agenda needs at least one item"},
	"El orden del día no puede tener más de %d puntos":                {Ca: "L'ordre del dia no pot tenir més de %d punts", En: "The agenda cannot have more than %d items"},
	"Cada punto del orden del día necesita un título":                 {Ca: "Cada punt de l'ordre del dia necessita un títol", En: "Each agenda item needs a title"},
	"El título de un punto no puede superar los %d caracteres":        {Ca: "El títol d'un punt no pot superar els %d caràcters", En: "An item's title cannot exceed %d characters"},
	"La descripción de un punto no puede superar los %d caracteres":   {Ca: "La descripció d'un punt no pot superar els %d caràcters", En: "An item's description cannot exceed %d characters"},
	"La fecha de la junta ya ha pasado: cámbiala antes de convocarla": {Ca: "La data de la junta ja ha passat: canvia-la abans de convocar-la", En: "The meeting's date has passed: change it before calling the meeting"},
	"Una junta ordinaria se convoca con al menos 6 días de antelación (art. 16.3 LPH): el %s es demasiado pronto; la primera fecha posible es el %s": {
		Ca: "Una junta ordinària es convoca amb almenys 6 dies d'antelació (art. 16.3 LPH): el %s és massa aviat; la primera data possible és el %s",
		En: "An ordinary meeting is called at least 6 days ahead (art. 16.3 LPH): %s is too soon; the earliest possible date is %s"},
	"La comunidad no tiene viviendas con propietario: no hay a quién convocar": {
		Ca: "La comunitat no té habitatges amb propietari: no hi ha a qui convocar", En: "The community has no units with an owner: there is nobody to call"},
	"Los promotores deben ser al menos la cuarta parte de los propietarios o de las cuotas (art. 16.1 LPH)": {
		Ca: "Els promotors han de ser almenys la quarta part dels propietaris o de les quotes (art. 16.1 LPH)",
		En: "The promoters must be at least a quarter of the owners or of the shares (art. 16.1 LPH)"},
	"Los coeficientes de las viviendas suman %s %%: deben sumar 100 %% para votar los acuerdos de la junta": {
		Ca: "Els coeficients dels habitatges sumen %s %%: han de sumar 100 %% per votar els acords de la junta",
		En: "The units' shares add up to %s %%: they must add up to 100 %% to vote the meeting's agreements"},
	"La asistencia es presente, representado o ausente":                 {Ca: "L'assistència és present, representat o absent", En: "Attendance is present, represented or absent"},
	"Indica quién representa al propietario":                            {Ca: "Indica qui representa el propietari", En: "Say who represents the owner"},
	"El nombre del representante no puede superar los %d caracteres":    {Ca: "El nom del representant no pot superar els %d caràcters", En: "The representative's name cannot exceed %d characters"},
	"Esa persona no es propietaria de ninguna vivienda de la comunidad": {Ca: "Aquesta persona no és propietària de cap habitatge de la comunitat", En: "That person owns no unit of the community"},
	"No hay quórum en primera convocatoria: la junta puede constituirse en segunda convocatoria desde las %s": {
		Ca: "No hi ha quòrum en primera convocatòria: la junta es pot constituir en segona convocatòria des de les %s",
		En: "There is no quorum at the first call: the meeting can be constituted at the second call from %s"},
	"No hay ningún propietario presente ni representado": {Ca: "No hi ha cap propietari present ni representat", En: "No owner is present or represented"},
	"No hay ningún propietario presente ni representado: anota la asistencia antes de redactar el acta": {
		Ca: "No hi ha cap propietari present ni representat: anota l'assistència abans de redactar l'acta",
		En: "No owner is present or represented: record the attendance before drafting the minutes"},
	"Ese punto no tiene votación":                                     {Ca: "Aquest punt no té votació", En: "That item has no vote"},
	"Solo se anota el voto de un propietario presente o representado": {Ca: "Només s'anota el vot d'un propietari present o representat", En: "Only the vote of an owner present or represented is recorded"},
	"El acta aún no está redactada":                                   {Ca: "L'acta encara no està redactada", En: "The minutes have not been drafted yet"},
	"El acta no puede quedar vacía":                                   {Ca: "L'acta no pot quedar buida", En: "The minutes cannot be empty"},
	"El acta no puede superar los %d caracteres":                      {Ca: "L'acta no pot superar els %d caràcters", En: "The minutes cannot exceed %d characters"},
	"Solo el secretario de la junta o un administrador puede redactar el acta": {
		Ca: "Només el secretari de la junta o un administrador pot redactar l'acta", En: "Only the meeting's secretary or an administrator can write the minutes"},
	"Solo el presidente y el secretario de la junta firman el acta": {Ca: "Només el president i el secretari de la junta signen l'acta", En: "Only the meeting's president and secretary sign the minutes"},
	// Representation for the whole junta (proxies.go).
	"La representación se da entre la convocatoria y el comienzo de la junta": {
		Ca: "La representació es dona entre la convocatòria i el començament de la junta", En: "A proxy is given between the notice and the start of the meeting"},
	"Solo un propietario puede delegar su representación":  {Ca: "Només un propietari pot delegar la seva representació", En: "Only an owner can give a proxy"},
	"Esa persona ya tiene tu representación en esta junta": {Ca: "Aquesta persona ja té la teva representació en aquesta junta", En: "That person already holds your proxy for this meeting"},
	"No hay ninguna representación de ese propietario en esta junta": {
		Ca: "No hi ha cap representació d'aquest propietari en aquesta junta", En: "That owner has given no proxy for this meeting"},
	"Esa persona no es propietaria en la comunidad":    {Ca: "Aquesta persona no és propietària a la comunitat", En: "That person is not an owner in the community"},
	"No puedes delegar la representación en ti mismo":  {Ca: "No pots delegar la representació en tu mateix", En: "You cannot give your proxy to yourself"},
	"Indica el nombre y apellidos de tu representante": {Ca: "Indica el nom i cognoms del teu representant", En: "Enter your representative's full name"},
	"El DNI o NIE del representante no es válido: revisa los números y la letra": {
		Ca: "El DNI o NIE del representant no és vàlid: revisa els números i la lletra", En: "The representative's DNI or NIE is not valid: check the numbers and the letter"},
	"El archivo de documentos no está disponible": {Ca: "L'arxiu de documents no està disponible", En: "The document archive is not available"},
	"La comunidad no tiene la categoría 'Actas' en Documentos": {
		Ca: "La comunitat no té la categoria 'Actes' a Documents", En: "The community has no 'Minutes' category in Documents"},
	"Un punto puede adjuntar como mucho %d documentos": {Ca: "Un punt pot adjuntar com a molt %d documents", En: "A point can attach at most %d documents"},
	"Ese documento no está en el archivo de la comunidad": {
		Ca: "Aquest document no és a l'arxiu de la comunitat", En: "That document is not in the community's archive"},
}
