package wall

import "vecinos/internal/domain"

// The translations of the errors this package words, by their Spanish text (docs/adr/0039).
func init() { domain.RegisterMessages("wall", translations) }

var translations = domain.Catalogue{
	"La publicación no existe": {
		Ca: "La publicació no existeix",
		En: "The post does not exist",
	},
	"El comentario no existe": {
		Ca: "El comentari no existeix",
		En: "The comment does not exist",
	},
	"El evento no existe en tu comunidad": {
		Ca: "L'esdeveniment no existeix a la teva comunitat",
		En: "The event does not exist in your community",
	},
	"La consulta no existe en tu comunidad": {
		Ca: "La consulta no existeix a la teva comunitat",
		En: "The poll does not exist in your community",
	},
	"Solo su autor puede editar esta publicación": {
		Ca: "Només el seu autor pot editar aquesta publicació",
		En: "Only its author can edit this post",
	},
	"Solo su autor o un administrador puede eliminar esta publicación": {
		Ca: "Només el seu autor o un administrador pot eliminar aquesta publicació",
		En: "Only its author or an administrator can delete this post",
	},
	"Solo un administrador puede ocultar publicaciones": {
		Ca: "Només un administrador pot amagar publicacions",
		En: "Only an administrator can hide posts",
	},
	"Solo su autor o un administrador puede eliminar este comentario": {
		Ca: "Només el seu autor o un administrador pot eliminar aquest comentari",
		En: "Only its author or an administrator can delete this comment",
	},
	"Una publicación de tipo Evento no puede abrir una consulta": {
		Ca: "Una publicació de tipus Esdeveniment no pot obrir una consulta",
		En: "An Event post cannot open a poll",
	},
	"Una consulta del muro puede durar como máximo %d días": {
		Ca: "Una consulta del mur pot durar com a màxim %d dies",
		En: "A wall poll can last %d days at most",
	},
	"Ya tienes %d consultas abiertas: espera a que cierre alguna para abrir otra": {
		Ca: "Ja tens %d consultes obertes: espera que se'n tanqui alguna per obrir-ne una altra",
		En: "You already have %d open polls: wait for one to close before opening another",
	},
	"El tipo de publicación no es válido": {
		Ca: "El tipus de publicació no és vàlid",
		En: "The kind of post is not valid",
	},
	"Escribe algo para publicar": {
		Ca: "Escriu alguna cosa per publicar",
		En: "Write something to post",
	},
	"La publicación no puede superar los %d caracteres": {
		Ca: "La publicació no pot superar els %d caràcters",
		En: "The post cannot be longer than %d characters",
	},
	"Solo una publicación de tipo Evento puede enlazar un evento": {
		Ca: "Només una publicació de tipus Esdeveniment pot enllaçar un esdeveniment",
		En: "Only an Event post can link an event",
	},
	"El comentario no puede estar vacío": {
		Ca: "El comentari no pot estar buit",
		En: "The comment cannot be empty",
	},
}
