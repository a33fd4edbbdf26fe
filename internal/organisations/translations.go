package organisations

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("organisations", translations) }

var translations = domain.Catalogue{
	"No formas parte de ningún despacho":                    {Ca: "No formes part de cap despatx", En: "You are not part of any office"},
	"Ya formas parte de un despacho":                        {Ca: "Ja formes part d'un despatx", En: "You are already part of an office"},
	"Ya hay un despacho con este NIF":                       {Ca: "Ja hi ha un despatx amb aquest NIF", En: "There is already an office with this tax id"},
	"Escribe el nombre del despacho (hasta 120 caracteres)": {Ca: "Escriu el nom del despatx (fins a 120 caràcters)", En: "Write the office's name (up to 120 characters)"},
	"El número de colegiado no es válido":                   {Ca: "El número de col·legiat no és vàlid", En: "The registration number is not valid"},
	"Solo el administrador del despacho puede hacer esto":   {Ca: "Només l'administrador del despatx pot fer això", En: "Only the office's administrator can do this"},
	"Tu acceso al despacho es de solo lectura":              {Ca: "El teu accés al despatx és només de lectura", En: "Your access to the office is read-only"},
	"Elige permisos de lectura o de escritura":              {Ca: "Tria permisos de lectura o d'escriptura", En: "Choose read or write rights"},
	"La invitación no existe o ha caducado":                 {Ca: "La invitació no existeix o ha caducat", En: "The invitation does not exist or has expired"},
	"Esta invitación es para otra dirección de email":       {Ca: "Aquesta invitació és per a una altra adreça de correu", En: "This invitation is for another email address"},
	"No se encontró a esta persona en el despacho":          {Ca: "No s'ha trobat aquesta persona al despatx", En: "This person was not found in the office"},
	"No hay ningún despacho con ese código o NIF":           {Ca: "No hi ha cap despatx amb aquest codi o NIF", En: "There is no office with that code or tax id"},
	"La comunidad ya tiene un despacho administrador":       {Ca: "La comunitat ja té un despatx administrador", En: "The community already has an administering office"},
	"La comunidad no tiene despacho administrador":          {Ca: "La comunitat no té despatx administrador", En: "The community has no administering office"},
	"Esta comunidad no ha invitado a tu despacho":           {Ca: "Aquesta comunitat no ha convidat el teu despatx", En: "This community has not invited your office"},
	"Escribe entre 2 y 100 caracteres para buscar":          {Ca: "Escriu entre 2 i 100 caràcters per cercar", En: "Type between 2 and 100 characters to search"},
	"Elige al menos una comunidad":                          {Ca: "Tria almenys una comunitat", En: "Choose at least one community"},
	"Elige como mucho %d comunidades":                       {Ca: "Tria com a molt %d comunitats", En: "Choose at most %d communities"},
	"Tu despacho no administra esta comunidad":              {Ca: "El teu despatx no administra aquesta comunitat", En: "Your office does not administer this community"},
	"Línea %d: el email «%s» no es válido":                  {Ca: "Línia %d: el correu «%s» no és vàlid", En: "Line %d: the email “%s” is not valid"},
	"Solo los administradores que son vecinos de la comunidad pueden elegir su despacho": {
		Ca: "Només els administradors que són veïns de la comunitat poden triar-ne el despatx",
		En: "Only the administrators who are residents of the community can choose its office",
	},
}
