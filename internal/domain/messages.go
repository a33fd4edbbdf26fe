package domain

// translation is a message of Errorf in Catalan and English, with the verbs of its Spanish format in the
// same order.
type translation struct{ ca, en string }

func (t translation) in(lang Language) string { return Localized(lang, "", t.ca, t.en) }

// translations holds the format of every Errorf, by its Spanish text, grouped by the package that uses it
// first (messages_test.go checks that each has its translations, and each translation a use). Domain
// terms: vivienda is habitatge and unit, coeficiente coeficient and share, junta junta and owners' meeting,
// portal portal and entrance.
var translations = map[string]translation{
	// accounts
	"Demasiados intentos. Inténtalo de nuevo en %d segundos.": {
		ca: "Massa intents. Torna-ho a provar d'aquí a %d segons.",
		en: "Too many attempts. Try again in %d seconds.",
	},
	"Campos incompletos": {
		ca: "Camps incomplets",
		en: "Incomplete fields",
	},
	"El nombre es demasiado largo": {
		ca: "El nom és massa llarg",
		en: "The name is too long",
	},
	"No se encontró ninguna comunidad con este código": {
		ca: "No s'ha trobat cap comunitat amb aquest codi",
		en: "No community was found with this code",
	},
	// The community code an admin replaced, and invitation emails' personal links (issue 33).
	"Este código ya no es válido: la administración de la comunidad lo ha cambiado. Pídele el código nuevo.": {
		ca: "Aquest codi ja no és vàlid: l'administració de la comunitat l'ha canviat. Demana-li el codi nou.",
		en: "This code is no longer valid: the community's administrators have changed it. Ask them for the new code.",
	},
	"Esta invitación no es válida o ya se ha usado. Pide a la administración de tu comunidad que te invite de nuevo.": {
		ca: "Aquesta invitació no és vàlida o ja s'ha fet servir. Demana a l'administració de la teva comunitat que et torni a convidar.",
		en: "This invitation is not valid or has already been used. Ask your community's administrators to invite you again.",
	},
	"Esta invitación ya no es válida. Pide a la administración de tu comunidad que te invite de nuevo.": {
		ca: "Aquesta invitació ja no és vàlida. Demana a l'administració de la teva comunitat que et torni a convidar.",
		en: "This invitation is no longer valid. Ask your community's administrators to invite you again.",
	},
	"No se pudo generar un código nuevo. Inténtalo de nuevo.": {
		ca: "No s'ha pogut generar un codi nou. Torna-ho a provar.",
		en: "A new code could not be generated. Please try again.",
	},
	"Indica tu relación con la comunidad en los comentarios": {
		ca: "Indica la teva relació amb la comunitat als comentaris",
		en: "Describe your relation to the community in the comments",
	},
	"Debes aceptar los términos y condiciones para continuar": {
		ca: "Has d'acceptar els termes i condicions per continuar",
		en: "You must accept the terms and conditions to continue",
	},
	"Selecciona tu rol en la comunidad": {
		ca: "Selecciona el teu rol a la comunitat",
		en: "Select your role in the community",
	},
	"Indica el nombre y el piso del presidente": {
		ca: "Indica el nom i el pis del president",
		en: "Enter the president's name and flat",
	},
	"La referencia catastral no es válida": {
		ca: "La referència cadastral no és vàlida",
		en: "The cadastral reference is not valid",
	},
	"El número de plantas y de puertas no puede ser negativo": {
		ca: "El nombre de plantes i de portes no pot ser negatiu",
		en: "The number of floors and doors cannot be negative",
	},
	"Debe haber al menos una escalera y un portal": {
		ca: "Hi ha d'haver almenys una escala i un portal",
		en: "There must be at least one staircase and one entrance",
	},
	"No se pudo confirmar el email. El enlace puede haber expirado. Reenvíalo e inténtalo de nuevo.": {
		ca: "No s'ha pogut confirmar el correu. L'enllaç pot haver caducat. Torna'l a enviar i prova-ho de nou.",
		en: "The email could not be confirmed. The link may have expired. Resend it and try again.",
	},
	"Tu email ya ha sido confirmado. Puedes iniciar sesión.": {
		ca: "El teu correu electrònic ja està confirmat. Pots iniciar sessió.",
		en: "Your email is already confirmed. You can sign in.",
	},
	"El enlace de confirmación ha expirado. Solicita uno nuevo para confirmar tu email.": {
		ca: "L'enllaç de confirmació ha caducat. Demana'n un de nou per confirmar el teu correu.",
		en: "The confirmation link has expired. Ask for a new one to confirm your email.",
	},
	"La contraseña es obligatoria": {
		ca: "La contrasenya és obligatòria",
		en: "The password is required",
	},
	"Email o contraseña incorrectos": {
		ca: "Correu electrònic o contrasenya incorrectes",
		en: "Wrong email or password",
	},
	"Por favor, confirma tu email antes de iniciar sesión.": {
		ca: "Si us plau, confirma el teu correu abans d'iniciar la sessió.",
		en: "Please confirm your email before signing in.",
	},
	"Inicia sesión para continuar": {
		ca: "Inicia sessió per continuar",
		en: "Sign in to continue",
	},
	"Tu sesión ha caducado. Inicia sesión de nuevo.": {
		ca: "La teva sessió ha caducat. Torna a iniciar sessió.",
		en: "Your session has expired. Sign in again.",
	},
	"El enlace de recuperación no es válido o ha expirado.": {
		ca: "L'enllaç de recuperació no és vàlid o ha caducat.",
		en: "The recovery link is not valid or has expired.",
	},
	"Indica el nombre, la dirección, la ciudad y el código postal de la comunidad": {
		ca: "Indica el nom, l'adreça, la ciutat i el codi postal de la comunitat",
		en: "Enter the community's name, address, city and postal code",
	},
	"Tu cuenta de %s no tiene un email verificado. Regístrate con tu email.": {
		ca: "El teu compte de %s no té cap correu verificat. Registra't amb el teu correu.",
		en: "Your %s account has no verified email. Sign up with your email.",
	},
	"Email ya registrado": {
		ca: "Aquest correu electrònic ja està registrat",
		en: "This email is already registered",
	},
	"Introduce tu contraseña actual para cambiar el email": {
		ca: "Introdueix la teva contrasenya actual per canviar el correu",
		en: "Enter your current password to change your email",
	},
	"Introduce tu contraseña actual": {
		ca: "Introdueix la teva contrasenya actual",
		en: "Enter your current password",
	},
	"La contraseña actual no es correcta": {
		ca: "La contrasenya actual no és correcta",
		en: "The current password is not correct",
	},
	"El enlace no es válido o ya se ha usado.": {
		ca: "L'enllaç no és vàlid o ja s'ha fet servir.",
		en: "The link is not valid or has already been used.",
	},
	"El enlace de confirmación ha expirado. Vuelve a cambiar tu email para recibir uno nuevo.": {
		ca: "L'enllaç de confirmació ha caducat. Torna a canviar el correu per rebre'n un de nou.",
		en: "The confirmation link has expired. Change your email again to get a new one.",
	},
	"Introduce tu contraseña para eliminar la cuenta": {
		ca: "Introdueix la teva contrasenya per eliminar el compte",
		en: "Enter your password to delete your account",
	},
	"La contraseña no es correcta": {
		ca: "La contrasenya no és correcta",
		en: "The password is not correct",
	},

	// announcements
	"Solo los administradores pueden publicar, editar o eliminar comunicados": {
		ca: "Només els administradors poden publicar, editar o eliminar comunicats",
		en: "Only administrators can publish, edit or delete announcements",
	},
	"El título es obligatorio": {
		ca: "El títol és obligatori",
		en: "The title is required",
	},
	"El título no puede superar los %d caracteres": {
		ca: "El títol no pot superar els %d caràcters",
		en: "The title cannot be longer than %d characters",
	},
	"La descripción no puede superar los %d caracteres": {
		ca: "La descripció no pot superar els %d caràcters",
		en: "The description cannot be longer than %d characters",
	},
	"El estado no es válido": {
		ca: "L'estat no és vàlid",
		en: "The status is not valid",
	},
	"La prioridad no es válida": {
		ca: "La prioritat no és vàlida",
		en: "The priority is not valid",
	},
	"El tipo no es válido": {
		ca: "El tipus no és vàlid",
		en: "The type is not valid",
	},
	"Los destinatarios no son válidos": {
		ca: "Els destinataris no són vàlids",
		en: "The recipients are not valid",
	},
	"Elige el portal al que va dirigido el comunicado": {
		ca: "Tria el portal a què va adreçat el comunicat",
		en: "Choose the entrance the announcement is for",
	},
	"Ese portal no existe en tu comunidad": {
		ca: "Aquest portal no existeix a la teva comunitat",
		en: "That entrance does not exist in your community",
	},
	"La dirección de la imagen no es válida": {
		ca: "L'adreça de la imatge no és vàlida",
		en: "The image address is not valid",
	},
	"La dirección del documento no es válida": {
		ca: "L'adreça del document no és vàlida",
		en: "The document address is not valid",
	},
	"La reacción no es válida": {
		ca: "La reacció no és vàlida",
		en: "The reaction is not valid",
	},

	// audit
	"Solo los administradores pueden ver el registro de actividad": {
		ca: "Només els administradors poden veure el registre d'activitat",
		en: "Only administrators can see the activity log",
	},
	"La acción no es válida": {
		ca: "L'acció no és vàlida",
		en: "The action is not valid",
	},

	// auth
	"El servidor está muy ocupado. Inténtalo de nuevo en unos segundos.": {
		ca: "El servidor està molt ocupat. Torna-ho a provar d'aquí a uns segons.",
		en: "The server is very busy. Try again in a few seconds.",
	},
	"La contraseña debe tener entre 8 y 72 caracteres, con mayúsculas, minúsculas y números": {
		ca: "La contrasenya ha de tenir entre 8 i 72 caràcters, amb majúscules, minúscules i números",
		en: "The password must have 8 to 72 characters, with upper-case and lower-case letters and numbers",
	},
	"La contraseña es demasiado larga": {
		ca: "La contrasenya és massa llarga",
		en: "The password is too long",
	},
	"La contraseña no cumple con los requisitos mínimos de seguridad": {
		ca: "La contrasenya no compleix els requisits mínims de seguretat",
		en: "The password does not meet the minimum security requirements",
	},
	"La contraseña debe tener al menos 6 caracteres": {
		ca: "La contrasenya ha de tenir almenys 6 caràcters",
		en: "The password must have at least 6 characters",
	},
	"Email demasiado largo": {
		ca: "Correu electrònic massa llarg",
		en: "The email is too long",
	},
	"Email inválido": {
		ca: "Correu electrònic no vàlid",
		en: "Invalid email",
	},

	// directory
	"El rol no es válido": {
		ca: "El rol no és vàlid",
		en: "The role is not valid",
	},

	// documents
	"Solo los administradores pueden gestionar los documentos": {
		ca: "Només els administradors poden gestionar els documents",
		en: "Only administrators can manage the documents",
	},
	"Solo los administradores pueden subir documentos a esta categoría": {
		ca: "Només els administradors poden pujar documents a aquesta categoria",
		en: "Only administrators can upload documents to this category",
	},
	"Solo un administrador o quien subió el documento puede subir una nueva versión": {
		ca: "Només un administrador o qui va pujar el document en pot pujar una versió nova",
		en: "Only an administrator or whoever uploaded the document can upload a new version",
	},
	"Elige una categoría": {
		ca: "Tria una categoria",
		en: "Choose a category",
	},
	"La fecha del documento es obligatoria": {
		ca: "La data del document és obligatòria",
		en: "The document's date is required",
	},
	"La fecha del documento no es válida": {
		ca: "La data del document no és vàlida",
		en: "The document's date is not valid",
	},
	"La visibilidad no es válida": {
		ca: "La visibilitat no és vàlida",
		en: "The visibility is not valid",
	},
	"El archivo está vacío": {
		ca: "El fitxer és buit",
		en: "The file is empty",
	},
	"Indica el motivo de la eliminación": {
		ca: "Indica el motiu de l'eliminació",
		en: "Say why it is deleted",
	},
	"El motivo no puede superar los %d caracteres": {
		ca: "El motiu no pot superar els %d caràcters",
		en: "The reason cannot be longer than %d characters",
	},
	"El nombre de la categoría es obligatorio": {
		ca: "El nom de la categoria és obligatori",
		en: "The category name is required",
	},
	"El nombre de la categoría no puede superar los %d caracteres": {
		ca: "El nom de la categoria no pot superar els %d caràcters",
		en: "The category name cannot be longer than %d characters",
	},
	"El año no es válido": {
		ca: "L'any no és vàlid",
		en: "The year is not valid",
	},
	"El documento no existe": {
		ca: "El document no existeix",
		en: "The document does not exist",
	},
	"Este documento debe conservarse hasta el %s": {
		ca: "Aquest document s'ha de conservar fins al %s",
		en: "This document must be kept until %s",
	},

	// domain
	"No perteneces a ninguna comunidad": {
		ca: "No pertanys a cap comunitat",
		en: "You don't belong to any community",
	},
	"Ocurrió un error inesperado": {
		ca: "S'ha produït un error inesperat",
		en: "An unexpected error occurred",
	},
	"El cursor de la página no es válido": {
		ca: "El cursor de la pàgina no és vàlid",
		en: "The page cursor is not valid",
	},
	"El coeficiente «%s» tiene más de 4 decimales": {
		ca: "El coeficient «%s» té més de 4 decimals",
		en: "The share “%s” has more than 4 decimal places",
	},
	"El coeficiente «%s» no es un número": {
		ca: "El coeficient «%s» no és un número",
		en: "The share “%s” is not a number",
	},
	"El coeficiente «%s» no puede ser mayor que 100": {
		ca: "El coeficient «%s» no pot ser més gran que 100",
		en: "The share “%s” cannot be greater than 100",
	},
	"Ya existe una unidad «%s»": {
		ca: "Ja existeix una unitat «%s»",
		en: "A unit “%s” already exists",
	},
	"El edificio no puede tener más de %d viviendas; añade el resto desde Viviendas y locales": {
		ca: "L'edifici no pot tenir més de %d habitatges; afegeix la resta des d'Habitatges i locals",
		en: "The building cannot have more than %d units; add the rest from Homes and premises",
	},
	"Indica si eres propietario, inquilino o familiar": {
		ca: "Indica si ets propietari, llogater o familiar",
		en: "Say whether you are the owner, a tenant or family",
	},

	// events
	"No tienes una comunidad asignada": {
		ca: "No tens cap comunitat assignada",
		en: "You have no community assigned",
	},
	"Solo el creador o un administrador puede editar este evento": {
		ca: "Només qui l'ha creat o un administrador pot editar aquest esdeveniment",
		en: "Only its creator or an administrator can edit this event",
	},
	"Solo el creador o un administrador puede eliminar este evento": {
		ca: "Només qui l'ha creat o un administrador pot eliminar aquest esdeveniment",
		en: "Only its creator or an administrator can delete this event",
	},
	"La ubicación no puede superar los %d caracteres": {
		ca: "La ubicació no pot superar els %d caràcters",
		en: "The location cannot be longer than %d characters",
	},
	"La fecha y la hora de inicio son obligatorias": {
		ca: "La data i l'hora d'inici són obligatòries",
		en: "The start date and time are required",
	},
	"La hora de fin no puede ser anterior a la de inicio": {
		ca: "L'hora de finalització no pot ser anterior a la d'inici",
		en: "The end time cannot be before the start time",
	},
	"Este calendario no existe o se ha revocado": {
		ca: "Aquest calendari no existeix o s'ha revocat",
		en: "This calendar does not exist or has been revoked",
	},

	// files
	"Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP": {
		ca: "Tipus de fitxer no vàlid. Només es permeten imatges JPG, PNG i WEBP",
		en: "Invalid file type. Only JPG, PNG and WEBP images are allowed",
	},
	"Tipo de archivo no válido. Solo se permiten PDF, JPG y PNG": {
		ca: "Tipus de fitxer no vàlid. Només es permeten PDF, JPG i PNG",
		en: "Invalid file type. Only PDF, JPG and PNG are allowed",
	},
	"Tipo de archivo no válido. Solo se permiten archivos PDF": {
		ca: "Tipus de fitxer no vàlid. Només es permeten fitxers PDF",
		en: "Invalid file type. Only PDF files are allowed",
	},
	"Tipo de archivo no válido. Solo se permiten PDF, JPG, PNG, WEBP, DOCX, XLSX, ODT y ODS": {
		ca: "Tipus de fitxer no vàlid. Només es permeten PDF, JPG, PNG, WEBP, DOCX, XLSX, ODT i ODS",
		en: "Invalid file type. Only PDF, JPG, PNG, WEBP, DOCX, XLSX, ODT and ODS are allowed",
	},
	"El archivo es demasiado grande. Tamaño máximo: %dMB": {
		ca: "El fitxer és massa gran. Mida màxima: %dMB",
		en: "The file is too large. Maximum size: %dMB",
	},
	"Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP, PDF y documentos de Office u OpenDocument": {
		ca: "Tipus de fitxer no vàlid. Només es permeten imatges JPG, PNG i WEBP, PDF i documents d'Office o OpenDocument",
		en: "Invalid file type. Only JPG, PNG and WEBP images, PDF and Office or OpenDocument documents are allowed",
	},
	"Las fotos HEIC del iPhone no se pueden enviar todavía. Elige la foto como JPG (en Ajustes > Cámara > Formatos, 'Más compatible') o haz una captura y envíala": {
		ca: "Les fotos HEIC de l'iPhone encara no es poden enviar. Tria la foto com a JPG (a Configuració > Càmera > Formats, 'Més compatible') o fes-ne una captura i envia-la",
		en: "iPhone HEIC photos cannot be sent yet. Choose the photo as JPG (in Settings > Camera > Formats, 'Most Compatible') or take a screenshot and send that",
	},
	"No se pudo leer la imagen. Prueba con otra foto": {
		ca: "No s'ha pogut llegir la imatge. Prova-ho amb una altra foto",
		en: "The image could not be read. Try another photo",
	},
	"La imagen tiene demasiados píxeles (máximo 50 megapíxeles)": {
		ca: "La imatge té massa píxels (màxim 50 megapíxels)",
		en: "The image has too many pixels (50 megapixels at most)",
	},

	// httpapi
	"Por favor, confirma tu email antes de continuar.": {
		ca: "Si us plau, confirma el teu correu electrònic abans de continuar.",
		en: "Please confirm your email before continuing.",
	},
	"La fecha de validez no es válida": {
		ca: "La data de validesa no és vàlida",
		en: "The expiry date is not valid",
	},
	"El canal no existe": {
		ca: "El canal no existeix",
		en: "The channel does not exist",
	},
	"El archivo tardó demasiado en llegar. Comprueba tu conexión e inténtalo de nuevo": {
		ca: "El fitxer ha trigat massa a arribar. Comprova la connexió i torna-ho a provar",
		en: "The file took too long to arrive. Check your connection and try again",
	},
	"No se pudo recibir el archivo": {
		ca: "No s'ha pogut rebre el fitxer",
		en: "The file could not be received",
	},
	"Has alcanzado el límite de subidas (%d archivos o %d MB por hora). Inténtalo de nuevo en 1 minuto.": {
		ca: "Has arribat al límit de pujades (%d fitxers o %d MB per hora). Torna-ho a provar d'aquí a 1 minut.",
		en: "You have reached the upload limit (%d files or %d MB an hour). Try again in 1 minute.",
	},
	"Has alcanzado el límite de subidas (%d archivos o %d MB por hora). Inténtalo de nuevo en %d minutos.": {
		ca: "Has arribat al límit de pujades (%d fitxers o %d MB per hora). Torna-ho a provar d'aquí a %d minuts.",
		en: "You have reached the upload limit (%d files or %d MB an hour). Try again in %d minutes.",
	},
	"Petición de otro origen rechazada": {
		ca: "S'ha rebutjat una petició d'un altre origen",
		en: "Request from another origin refused",
	},
	"Este proveedor de inicio de sesión no está configurado": {
		ca: "Aquest proveïdor d'inici de sessió no està configurat",
		en: "This sign-in provider is not configured",
	},
	"La petición no es válida": {
		ca: "La petició no és vàlida",
		en: "The request is not valid",
	},
	"Los datos enviados no son válidos": {
		ca: "Les dades enviades no són vàlides",
		en: "The data sent is not valid",
	},
	"No encontrado": {
		ca: "No s'ha trobat",
		en: "Not found",
	},
	"Método no permitido": {
		ca: "Mètode no permès",
		en: "Method not allowed",
	},
	"La petición es demasiado grande": {
		ca: "La petició és massa gran",
		en: "The request is too large",
	},
	"Tipo de contenido no admitido": {
		ca: "Tipus de contingut no admès",
		en: "Unsupported content type",
	},
	"Acción no permitida": {
		ca: "Acció no permesa",
		en: "Action not allowed",
	},
	"Usuario no autenticado": {
		ca: "Usuari no autenticat",
		en: "Not signed in",
	},
	"Esta dirección de la API no existe": {
		ca: "Aquesta adreça de l'API no existeix",
		en: "This API address does not exist",
	},
	"El texto contiene un carácter no válido": {
		ca: "El text conté un caràcter no vàlid",
		en: "The text contains an invalid character",
	},

	// incidents
	"Solo el creador o un administrador puede editar esta incidencia": {
		ca: "Només qui l'ha creada o un administrador pot editar aquesta incidència",
		en: "Only its creator or an administrator can edit this incident",
	},
	"Solo el creador o un administrador puede eliminar esta incidencia": {
		ca: "Només qui l'ha creada o un administrador pot eliminar aquesta incidència",
		en: "Only its creator or an administrator can delete this incident",
	},
	"La descripción es obligatoria": {
		ca: "La descripció és obligatòria",
		en: "The description is required",
	},
	"Debes asignar la incidencia a un miembro": {
		ca: "Has d'assignar la incidència a un membre",
		en: "You must assign the incident to a member",
	},

	// invitations
	"Solo los administradores pueden invitar a vecinos": {
		ca: "Només els administradors poden convidar veïns",
		en: "Only administrators can invite neighbours",
	},
	"Has alcanzado el límite de %d invitaciones al día. Podrás enviar más mañana.": {
		ca: "Has arribat al límit de %d invitacions al dia. En podràs enviar més demà.",
		en: "You have reached the limit of %d invitations a day. You can send more tomorrow.",
	},
	"No se encontró la vivienda": {
		ca: "No s'ha trobat l'habitatge",
		en: "The unit was not found",
	},
	"No se encontró el vecino": {
		ca: "No s'ha trobat el veí",
		en: "The neighbour was not found",
	},
	"Esta invitación ya se ha aceptado": {
		ca: "Aquesta invitació ja s'ha acceptat",
		en: "This invitation has already been accepted",
	},
	"Esta invitación está revocada. Invita de nuevo a esta dirección si quieres.": {
		ca: "Aquesta invitació està revocada. Torna a convidar aquesta adreça si vols.",
		en: "This invitation has been revoked. Invite this address again if you want.",
	},
	"La comunidad aún no tiene viviendas. Añádelas para imprimir las cartas.": {
		ca: "La comunitat encara no té habitatges. Afegeix-los per imprimir les cartes.",
		en: "The community has no units yet. Add them to print the letters.",
	},

	// messaging
	"Solo puedes modificar tus propios mensajes": {
		ca: "Només pots modificar els teus propis missatges",
		en: "You can only change your own messages",
	},
	"Solo puedes editar un mensaje durante los 15 minutos siguientes a enviarlo": {
		ca: "Només pots editar un missatge durant els 15 minuts següents a enviar-lo",
		en: "You can only edit a message within 15 minutes of sending it",
	},
	"Este mensaje ya se eliminó": {
		ca: "Aquest missatge ja s'ha eliminat",
		en: "This message has already been deleted",
	},
	"Puedes adjuntar como máximo %d archivos por mensaje": {
		ca: "Pots adjuntar com a màxim %d fitxers per missatge",
		en: "You can attach at most %d files to a message",
	},
	"Indica el motivo por el que eliminas el mensaje": {
		ca: "Indica el motiu pel qual elimines el missatge",
		en: "Say why you are deleting the message",
	},
	"Solo los administradores pueden retirar mensajes del chat comunitario": {
		ca: "Només els administradors poden retirar missatges del xat comunitari",
		en: "Only administrators can remove messages from the community chat",
	},
	"Los administradores solo retiran mensajes del chat comunitario": {
		ca: "Els administradors només retiren missatges del xat comunitari",
		en: "Administrators only remove messages from the community chat",
	},
	"Escribe entre 1 y %d caracteres para buscar": {
		ca: "Escriu entre 1 i %d caràcters per cercar",
		en: "Type between 1 and %d characters to search",
	},
	"Elige silenciar 8 horas, 1 semana o siempre": {
		ca: "Tria silenciar 8 hores, 1 setmana o sempre",
		en: "Choose to mute for 8 hours, 1 week or always",
	},
	"No puedes salir del chat comunitario": {
		ca: "No pots sortir del xat comunitari",
		en: "You cannot leave the community chat",
	},
	"El almacenamiento de archivos no está disponible": {
		ca: "L'emmagatzematge de fitxers no està disponible",
		en: "File storage is not available",
	},
	"La conversación no existe": {
		ca: "La conversa no existeix",
		en: "The conversation does not exist",
	},
	"Un archivo adjunto no es de esta conversación o ya se envió": {
		ca: "Un fitxer adjunt no és d'aquesta conversa o ja s'ha enviat",
		en: "An attachment does not belong to this conversation or has already been sent",
	},
	"Solo puedes responder a un mensaje de esta conversación": {
		ca: "Només pots respondre un missatge d'aquesta conversa",
		en: "You can only reply to a message in this conversation",
	},
	"El archivo no existe": {
		ca: "El fitxer no existeix",
		en: "The file does not exist",
	},
	"El mensaje no puede estar vacío": {
		ca: "El missatge no pot estar buit",
		en: "The message cannot be empty",
	},
	"El mensaje no puede superar los %d caracteres": {
		ca: "El missatge no pot superar els %d caràcters",
		en: "The message cannot be longer than %d characters",
	},
	"El identificador del mensaje no es válido": {
		ca: "L'identificador del missatge no és vàlid",
		en: "The message identifier is not valid",
	},
	"No puedes iniciar una conversación contigo mismo": {
		ca: "No pots iniciar una conversa amb tu mateix",
		en: "You cannot start a conversation with yourself",
	},
	"El nombre del canal es obligatorio": {
		ca: "El nom del canal és obligatori",
		en: "The channel name is required",
	},
	"El nombre del canal no puede superar los %d caracteres": {
		ca: "El nom del canal no pot superar els %d caràcters",
		en: "The channel name cannot be longer than %d characters",
	},
	"No puedes invitar a más de %d vecinos a la vez": {
		ca: "No pots convidar més de %d veïns alhora",
		en: "You cannot invite more than %d neighbours at once",
	},
	"El chat comunitario ya incluye a todos los vecinos": {
		ca: "El xat comunitari ja inclou tots els veïns",
		en: "The community chat already includes every neighbour",
	},

	// privacy
	"Las condiciones han cambiado mientras las leías. Vuelve a cargar la página para leer la versión vigente.": {
		ca: "Les condicions han canviat mentre les llegies. Torna a carregar la pàgina per llegir la versió vigent.",
		en: "The terms changed while you were reading them. Reload the page to read the current version.",
	},
	"Ya has descargado tus datos varias veces. Inténtalo de nuevo en %d minutos.": {
		ca: "Ja has descarregat les teves dades diverses vegades. Torna-ho a provar d'aquí a %d minuts.",
		en: "You have already downloaded your data several times. Try again in %d minutes.",
	},

	// profiles
	"Solo los administradores pueden acceder a esta sección": {
		ca: "Només els administradors poden accedir a aquesta secció",
		en: "Only administrators can access this section",
	},
	"Solo los propietarios pueden hacer esto": {
		ca: "Només els propietaris poden fer això",
		en: "Only owners can do this",
	},
	"Solo los propietarios pueden oponerse al acuerdo": {
		ca: "Només els propietaris es poden oposar a l'acord",
		en: "Only owners can object to the resolution",
	},
	"El nombre de la comunidad es obligatorio": {
		ca: "El nom de la comunitat és obligatori",
		en: "The community name is required",
	},
	"La dirección es obligatoria": {
		ca: "L'adreça és obligatòria",
		en: "The address is required",
	},
	"La ciudad es obligatoria": {
		ca: "La ciutat és obligatòria",
		en: "The city is required",
	},
	"El código postal es obligatorio": {
		ca: "El codi postal és obligatori",
		en: "The postal code is required",
	},
	"El texto es demasiado largo (máximo %d caracteres)": {
		ca: "El text és massa llarg (màxim %d caràcters)",
		en: "The text is too long (%d characters at most)",
	},
	"Rol desconocido": {
		ca: "Rol desconegut",
		en: "Unknown role",
	},
	"No puedes modificar tu propio rol": {
		ca: "No pots modificar el teu propi rol",
		en: "You cannot change your own role",
	},
	"Solo el propietario de la vivienda o un administrador pueden modificarla": {
		ca: "Només el propietari de l'habitatge o un administrador el poden modificar",
		en: "Only the unit's owner or an administrator can change it",
	},
	"El número de vivienda es obligatorio": {
		ca: "El número d'habitatge és obligatori",
		en: "The unit number is required",
	},
	"El número, la planta y el portal no pueden superar %d caracteres": {
		ca: "El número, la planta i el portal no poden superar els %d caràcters",
		en: "The number, floor and entrance cannot be longer than %d characters",
	},
	"Ya perteneces a otra comunidad": {
		ca: "Ja pertanys a una altra comunitat",
		en: "You already belong to another community",
	},
	"Debes seleccionar tu vivienda": {
		ca: "Has de seleccionar el teu habitatge",
		en: "You must select your unit",
	},
	"Indica planta y puerta": {
		ca: "Indica planta i porta",
		en: "Enter floor and door",
	},
	"La planta y la puerta no pueden superar 10 caracteres": {
		ca: "La planta i la porta no poden superar els 10 caràcters",
		en: "The floor and door cannot be longer than 10 characters",
	},
	"Ya perteneces a una comunidad": {
		ca: "Ja pertanys a una comunitat",
		en: "You already belong to a community",
	},
	"Busca tu comunidad antes de elegir tu vivienda": {
		ca: "Cerca la teva comunitat abans de triar el teu habitatge",
		en: "Find your community before choosing your unit",
	},
	"Indica si apruebas o rechazas la solicitud": {
		ca: "Indica si aproves o rebutges la sol·licitud",
		en: "Say whether you approve or reject the request",
	},
	"La nota es demasiado larga": {
		ca: "La nota és massa llarga",
		en: "The note is too long",
	},
	"Elige una vivienda de la lista": {
		ca: "Tria un habitatge de la llista",
		en: "Pick a unit from the list",
	},
	"Para confirmar a un propietario, el vecino debe indicar que es el propietario": {
		ca: "Per confirmar un propietari, el veí ha d'indicar que n'és el propietari",
		en: "To confirm an owner, the neighbour must say they are the owner",
	},
	"Ya has completado el registro": {
		ca: "Ja has completat el registre",
		en: "You have already completed the sign-up",
	},
	"Debes aceptar la política de privacidad para continuar": {
		ca: "Has d'acceptar la política de privacitat per continuar",
		en: "You must accept the privacy policy to continue",
	},
	"Idioma no admitido": {
		ca: "Idioma no admès",
		en: "Unsupported language",
	},
	"Indica tu relación con la comunidad": {
		ca: "Indica la teva relació amb la comunitat",
		en: "Say how you are related to the community",
	},
	"Paso del registro desconocido": {
		ca: "Pas del registre desconegut",
		en: "Unknown sign-up step",
	},
	"Introduce la referencia catastral": {
		ca: "Introdueix la referència cadastral",
		en: "Enter the cadastral reference",
	},
	"La provincia es obligatoria": {
		ca: "La província és obligatòria",
		en: "The province is required",
	},
	"El municipio es obligatorio": {
		ca: "El municipi és obligatori",
		en: "The municipality is required",
	},
	"El tipo de vía es obligatorio": {
		ca: "El tipus de via és obligatori",
		en: "The street type is required",
	},
	"El nombre de la calle es obligatorio": {
		ca: "El nom del carrer és obligatori",
		en: "The street name is required",
	},
	"El número es obligatorio": {
		ca: "El número és obligatori",
		en: "The number is required",
	},
	"El nombre de la calle es demasiado largo": {
		ca: "El nom del carrer és massa llarg",
		en: "The street name is too long",
	},
	"El número es demasiado largo": {
		ca: "El número és massa llarg",
		en: "The number is too long",
	},
	"La planta es demasiado larga": {
		ca: "La planta és massa llarga",
		en: "The floor is too long",
	},
	"Necesitas adjuntar un documento para verificar": {
		ca: "Has d'adjuntar un document per verificar",
		en: "You need to attach a document to verify",
	},
	"El código debe tener al menos 6 caracteres": {
		ca: "El codi ha de tenir almenys 6 caràcters",
		en: "The code must have at least 6 characters",
	},
	"Elige cómo verificarte": {
		ca: "Tria com vols verificar-te",
		en: "Choose how to verify yourself",
	},
	"El documento no es válido. Vuelve a adjuntarlo.": {
		ca: "El document no és vàlid. Torna'l a adjuntar.",
		en: "The document is not valid. Attach it again.",
	},
	"Debes aceptar las normas de la comunidad para continuar": {
		ca: "Has d'acceptar les normes de la comunitat per continuar",
		en: "You must accept the community rules to continue",
	},
	"El nombre es requerido": {
		ca: "El nom és obligatori",
		en: "The name is required",
	},
	"Número de teléfono inválido": {
		ca: "Número de telèfon no vàlid",
		en: "Invalid phone number",
	},
	"La URL de la imagen no es válida": {
		ca: "L'URL de la imatge no és vàlida",
		en: "The image URL is not valid",
	},

	// providers
	"El proveedor no existe": {
		ca: "El proveïdor no existeix",
		en: "The provider does not exist",
	},
	"Solo un administrador puede gestionar los proveedores": {
		ca: "Només un administrador pot gestionar els proveïdors",
		en: "Only an administrator can manage providers",
	},
	"Solo se pueden valorar los proveedores aprobados": {
		ca: "Només es poden valorar els proveïdors aprovats",
		en: "Only approved providers can be rated",
	},
	"Esta sugerencia ya se revisó": {
		ca: "Aquest suggeriment ja s'ha revisat",
		en: "This suggestion has already been reviewed",
	},
	"Indica el motivo del rechazo": {
		ca: "Indica el motiu del rebuig",
		en: "Give the reason for the rejection",
	},
	"El nombre es obligatorio": {
		ca: "El nom és obligatori",
		en: "The name is required",
	},
	"El nombre no puede superar los %d caracteres": {
		ca: "El nom no pot superar els %d caràcters",
		en: "The name cannot be longer than %d characters",
	},
	"La categoría no es válida": {
		ca: "La categoria no és vàlida",
		en: "The category is not valid",
	},
	"Indica un teléfono o un email de contacto": {
		ca: "Indica un telèfon o un correu electrònic de contacte",
		en: "Give a contact phone or email",
	},
	"El teléfono no es válido": {
		ca: "El telèfon no és vàlid",
		en: "The phone number is not valid",
	},
	"El email no es válido": {
		ca: "El correu electrònic no és vàlid",
		en: "The email is not valid",
	},
	"La dirección no puede superar los %d caracteres": {
		ca: "L'adreça no pot superar els %d caràcters",
		en: "The address cannot be longer than %d characters",
	},
	"La valoración debe ser de 1 a 5 estrellas": {
		ca: "La valoració ha de ser d'1 a 5 estrelles",
		en: "The rating must be from 1 to 5 stars",
	},
	"El comentario no puede superar los %d caracteres": {
		ca: "El comentari no pot superar els %d caràcters",
		en: "The comment cannot be longer than %d characters",
	},

	// push
	"La dirección del servicio de notificaciones no es válida": {
		ca: "L'adreça del servei de notificacions no és vàlida",
		en: "The notification service address is not valid",
	},
	"La dirección del servicio de notificaciones debe empezar por https://": {
		ca: "L'adreça del servei de notificacions ha de començar per https://",
		en: "The notification service address must start with https://",
	},
	"La dirección del servicio de notificaciones debe ser pública, no de una red interna": {
		ca: "L'adreça del servei de notificacions ha de ser pública, no d'una xarxa interna",
		en: "The notification service address must be public, not on an internal network",
	},
	"Este servidor no envía notificaciones a ese servicio": {
		ca: "Aquest servidor no envia notificacions a aquest servei",
		en: "This server does not send notifications to that service",
	},
	"Las claves de la suscripción no son válidas": {
		ca: "Les claus de la subscripció no són vàlides",
		en: "The subscription keys are not valid",
	},
	"Ese tipo de notificación no existe": {
		ca: "Aquest tipus de notificació no existeix",
		en: "That kind of notification does not exist",
	},
	"Este dispositivo no tiene las notificaciones activadas": {
		ca: "Aquest dispositiu no té les notificacions activades",
		en: "This device does not have notifications turned on",
	},

	// reservations
	"Solo se puede reservar con hasta %d días de antelación (hasta el %s)": {
		ca: "Només es pot reservar amb fins a %d dies d'antelació (fins al %s)",
		en: "Bookings can be made at most %d days ahead (until %s)",
	},
	"Los días de antelación para reservar deben estar entre 1 y %d": {
		ca: "Els dies d'antelació per reservar han d'estar entre 1 i %d",
		en: "The days ahead for booking must be between 1 and %d",
	},
	"El mes no es válido": {
		ca: "El mes no és vàlid",
		en: "The month is not valid",
	},
	"La fecha no es válida": {
		ca: "La data no és vàlida",
		en: "The date is not valid",
	},
	"La hora no es válida": {
		ca: "L'hora no és vàlida",
		en: "The time is not valid",
	},
	"Solo un administrador puede gestionar las instalaciones": {
		ca: "Només un administrador pot gestionar les instal·lacions",
		en: "Only an administrator can manage the facilities",
	},
	"Las normas no pueden superar los %d caracteres": {
		ca: "Les normes no poden superar els %d caràcters",
		en: "The rules cannot be longer than %d characters",
	},
	"La foto debe ser una imagen subida a Vecinos": {
		ca: "La foto ha de ser una imatge pujada a Vecinos",
		en: "The photo must be an image uploaded to Vecinos",
	},
	"El aforo debe estar entre 1 y %d": {
		ca: "L'aforament ha de ser entre 1 i %d",
		en: "The capacity must be between 1 and %d",
	},
	"Los turnos deben durar entre 15 minutos y 24 horas, en cuartos de hora": {
		ca: "Els torns han de durar entre 15 minuts i 24 hores, en quarts d'hora",
		en: "Slots must last between 15 minutes and 24 hours, in quarters of an hour",
	},
	"La duración mínima y máxima deben ir de 15 minutos a 24 horas, en cuartos de hora": {
		ca: "La durada mínima i la màxima han d'anar de 15 minuts a 24 hores, en quarts d'hora",
		en: "The minimum and maximum durations must be from 15 minutes to 24 hours, in quarters of an hour",
	},
	"El máximo de reservas al mes debe estar entre 1 y 100": {
		ca: "El màxim de reserves al mes ha de ser entre 1 i 100",
		en: "The maximum of bookings a month must be between 1 and 100",
	},
	"El plazo de cancelación debe estar entre 0 y 720 horas": {
		ca: "El termini de cancel·lació ha de ser entre 0 i 720 hores",
		en: "The cancellation period must be between 0 and 720 hours",
	},
	"La fianza no es válida": {
		ca: "La fiança no és vàlida",
		en: "The deposit is not valid",
	},
	"El horario no es válido: la apertura debe ser anterior al cierre, en cuartos de hora": {
		ca: "L'horari no és vàlid: l'obertura ha de ser anterior al tancament, en quarts d'hora",
		en: "The opening hours are not valid: opening must come before closing, in quarters of an hour",
	},
	"La instalación debe abrir al menos un día a la semana": {
		ca: "La instal·lació ha d'obrir almenys un dia a la setmana",
		en: "The facility must open at least one day a week",
	},
	"Indica el motivo del cierre (hasta %d caracteres)": {
		ca: "Indica el motiu del tancament (fins a %d caràcters)",
		en: "Give the reason for the closure (up to %d characters)",
	},
	"Solo un administrador puede cambiar la zona horaria": {
		ca: "Només un administrador pot canviar la zona horària",
		en: "Only an administrator can change the time zone",
	},
	"La zona horaria no es válida": {
		ca: "La zona horària no és vàlida",
		en: "The time zone is not valid",
	},
	"Necesitas una vivienda asignada para reservar": {
		ca: "Necessites un habitatge assignat per reservar",
		en: "You need an assigned unit to book",
	},
	"Ese horario ya está reservado": {
		ca: "Aquest horari ja està reservat",
		en: "That time is already booked",
	},
	"Ya no quedan plazas en ese horario": {
		ca: "Ja no queden places en aquest horari",
		en: "There are no places left at that time",
	},
	"La instalación está cerrada ese día": {
		ca: "La instal·lació està tancada aquell dia",
		en: "The facility is closed that day",
	},
	"Esta instalación ya no admite reservas": {
		ca: "Aquesta instal·lació ja no admet reserves",
		en: "This facility no longer takes bookings",
	},
	"No se puede reservar en el pasado": {
		ca: "No es pot reservar en el passat",
		en: "You cannot book in the past",
	},
	"Esta reserva ya no está activa": {
		ca: "Aquesta reserva ja no està activa",
		en: "This booking is no longer active",
	},
	"Solo quien hizo la reserva o un administrador puede cambiarla o cancelarla": {
		ca: "Només qui va fer la reserva o un administrador la pot canviar o cancel·lar",
		en: "Only whoever made the booking or an administrator can change or cancel it",
	},
	"Indica el motivo": {
		ca: "Indica el motiu",
		en: "Give the reason",
	},
	"Solo un administrador puede aprobar o rechazar reservas": {
		ca: "Només un administrador pot aprovar o rebutjar reserves",
		en: "Only an administrator can approve or reject bookings",
	},
	"Solo un administrador puede registrar la fianza": {
		ca: "Només un administrador pot registrar la fiança",
		en: "Only an administrator can record the deposit",
	},
	"Esta reserva no está pendiente de aprobación": {
		ca: "Aquesta reserva no està pendent d'aprovació",
		en: "This booking is not awaiting approval",
	},
	"Ese paso de la fianza no es válido": {
		ca: "Aquest pas de la fiança no és vàlid",
		en: "That deposit step is not valid",
	},
	"Solo un administrador puede ver todas las reservas": {
		ca: "Només un administrador pot veure totes les reserves",
		en: "Only an administrator can see all the bookings",
	},
	"La cancelación gratuita termina %d h antes": {
		ca: "La cancel·lació gratuïta acaba %d h abans",
		en: "Free cancellation ends %d h before",
	},
	"Has alcanzado el máximo de %d reservas este mes para tu vivienda": {
		ca: "Has arribat al màxim de %d reserves aquest mes per al teu habitatge",
		en: "You have reached the maximum of %d bookings this month for your unit",
	},
	"La hora de fin debe ser posterior a la de inicio": {
		ca: "L'hora de finalització ha de ser posterior a la d'inici",
		en: "The end time must be after the start time",
	},
	"Solo se puede reservar entre las %s y las %s": {
		ca: "Només es pot reservar entre les %s i les %s",
		en: "You can only book between %s and %s",
	},
	"Esta instalación se reserva por turnos de %d minutos desde las %s": {
		ca: "Aquesta instal·lació es reserva per torns de %d minuts des de les %s",
		en: "This facility is booked in slots of %d minutes from %s",
	},
	"Las horas van de cuarto en cuarto de hora": {
		ca: "Les hores van de quart en quart d'hora",
		en: "Times go in quarters of an hour",
	},
	"La reserva debe durar entre %d y %d minutos": {
		ca: "La reserva ha de durar entre %d i %d minuts",
		en: "The booking must last between %d and %d minutes",
	},

	// store
	"Usuario ya registrado": {
		ca: "Usuari ja registrat",
		en: "User already registered",
	},
	"No se encontró la dirección de email. Inicia sesión o regístrate de nuevo.": {
		ca: "No s'ha trobat l'adreça de correu. Inicia sessió o registra't de nou.",
		en: "The email address was not found. Sign in or sign up again.",
	},
	"El comunicado no existe": {
		ca: "El comunicat no existeix",
		en: "The announcement does not exist",
	},
	"Solo puedes invitar a vecinos de tu comunidad": {
		ca: "Només pots convidar veïns de la teva comunitat",
		en: "You can only invite neighbours from your community",
	},
	"Has salido de este canal: ya no puedes leerlo ni escribir en él": {
		ca: "Has sortit d'aquest canal: ja no el pots llegir ni hi pots escriure",
		en: "You have left this channel: you can no longer read it or write in it",
	},
	"El mensaje no existe": {
		ca: "El missatge no existeix",
		en: "The message does not exist",
	},
	"Este vecino no pertenece a tu comunidad": {
		ca: "Aquest veí no pertany a la teva comunitat",
		en: "This neighbour does not belong to your community",
	},
	"Este identificador de mensaje ya se usó en otra conversación": {
		ca: "Aquest identificador de missatge ja s'ha fet servir en una altra conversa",
		en: "This message identifier has already been used in another conversation",
	},
	"La categoría no existe en tu comunidad": {
		ca: "La categoria no existeix a la teva comunitat",
		en: "The category does not exist in your community",
	},
	"Ya existe una categoría con ese nombre": {
		ca: "Ja existeix una categoria amb aquest nom",
		en: "A category with that name already exists",
	},
	"Este cambio de email ya no está pendiente: se confirmó o caducó.": {
		ca: "Aquest canvi de correu ja no està pendent: es va confirmar o va caducar.",
		en: "This email change is no longer pending: it was confirmed or it expired.",
	},
	"La cuenta ya estaba confirmada": {
		ca: "El compte ja estava confirmat",
		en: "The account was already confirmed",
	},
	"El evento no existe": {
		ca: "L'esdeveniment no existeix",
		en: "The event does not exist",
	},
	"La incidencia no existe": {
		ca: "La incidència no existeix",
		en: "The incident does not exist",
	},
	"El miembro asignado no pertenece a tu comunidad": {
		ca: "El membre assignat no pertany a la teva comunitat",
		en: "The assigned member does not belong to your community",
	},
	"No se encontró la invitación": {
		ca: "No s'ha trobat la invitació",
		en: "The invitation was not found",
	},
	"Esta dirección ya pertenece a un miembro de la comunidad": {
		ca: "Aquesta adreça ja pertany a un membre de la comunitat",
		en: "This address already belongs to a member of the community",
	},
	"Ya hay una invitación pendiente para esta dirección. Puedes reenviarla desde la lista.": {
		ca: "Ja hi ha una invitació pendent per a aquesta adreça. La pots tornar a enviar des de la llista.",
		en: "There is already a pending invitation for this address. You can resend it from the list.",
	},
	"La comunidad ya tiene %d invitaciones pendientes. Espera a que se acepten o revoca alguna.": {
		ca: "La comunitat ja té %d invitacions pendents. Espera que s'acceptin o revoca'n alguna.",
		en: "The community already has %d pending invitations. Wait for them to be accepted or revoke some.",
	},
	"La búsqueda ha caducado. Vuelve a buscar tu comunidad.": {
		ca: "La cerca ha caducat. Torna a cercar la teva comunitat.",
		en: "The search has expired. Search for your community again.",
	},
	"No se encontró la solicitud": {
		ca: "No s'ha trobat la sol·licitud",
		en: "The request was not found",
	},
	"Esta solicitud ya se ha revisado": {
		ca: "Aquesta sol·licitud ja s'ha revisat",
		en: "This request has already been reviewed",
	},
	"Esta persona ya pertenece a una comunidad": {
		ca: "Aquesta persona ja pertany a una comunitat",
		en: "This person already belongs to a community",
	},
	"La vivienda ya tiene propietario": {
		ca: "L'habitatge ja té propietari",
		en: "The unit already has an owner",
	},
	"No se encontró la vivienda por aceptar": {
		ca: "No s'ha trobat l'habitatge pendent d'acceptar",
		en: "The unit awaiting acceptance was not found",
	},
	"Ya existe una comunidad con esta referencia catastral": {
		ca: "Ja existeix una comunitat amb aquesta referència cadastral",
		en: "A community with this cadastral reference already exists",
	},
	"No se pudo obtener la comunidad": {
		ca: "No s'ha pogut obtenir la comunitat",
		en: "Could not get the community",
	},
	"La dirección de email no es válida": {
		ca: "L'adreça de correu no és vàlida",
		en: "The email address is not valid",
	},
	"La instalación no existe": {
		ca: "La instal·lació no existeix",
		en: "The facility does not exist",
	},
	"La reserva no existe": {
		ca: "La reserva no existeix",
		en: "The booking does not exist",
	},
	"La comunidad no existe": {
		ca: "La comunitat no existeix",
		en: "The community does not exist",
	},
	"No puedes modificar usuarios de otras comunidades": {
		ca: "No pots modificar usuaris d'altres comunitats",
		en: "You cannot change users of other communities",
	},
	"No puede haber más de %d administradores en la comunidad": {
		ca: "No hi pot haver més de %d administradors a la comunitat",
		en: "There cannot be more than %d administrators in the community",
	},
	"La tarea no existe": {
		ca: "La tasca no existeix",
		en: "The task does not exist",
	},
	"El proveedor no está en el directorio de tu comunidad": {
		ca: "El proveïdor no és al directori de la teva comunitat",
		en: "The provider is not in your community's directory",
	},
	"La incidencia no existe en tu comunidad": {
		ca: "La incidència no existeix a la teva comunitat",
		en: "The incident does not exist in your community",
	},
	"El miembro no pertenece a tu comunidad": {
		ca: "El membre no pertany a la teva comunitat",
		en: "The member does not belong to your community",
	},
	"Esa vivienda ya figura entre las tuyas": {
		ca: "Aquest habitatge ja figura entre els teus",
		en: "That unit is already among yours",
	},
	"La vivienda ya tiene propietario; si es un error, habla con un administrador": {
		ca: "L'habitatge ja té propietari; si és un error, parla amb un administrador",
		en: "The unit already has an owner; if that is a mistake, talk to an administrator",
	},
	"Esa vivienda no está entre tus otras viviendas": {
		ca: "Aquest habitatge no és entre els teus altres habitatges",
		en: "That unit is not among your other units",
	},
	"El código no es válido o ha caducado": {
		ca: "El codi no és vàlid o ha caducat",
		en: "The code is not valid or has expired",
	},
	"No se encontró la solicitud de verificación": {
		ca: "No s'ha trobat la sol·licitud de verificació",
		en: "The verification request was not found",
	},
	"No se encontró la votación": {
		ca: "No s'ha trobat la votació",
		en: "The vote was not found",
	},
	"Esa persona no es miembro de tu comunidad": {
		ca: "Aquesta persona no és membre de la teva comunitat",
		en: "That person is not a member of your community",
	},
	"Ya se ha votado": {
		ca: "Ja s'ha votat",
		en: "The vote has already been cast",
	},
	"La publicación no existe": {
		ca: "La publicació no existeix",
		en: "The post does not exist",
	},
	"El comentario no existe": {
		ca: "El comentari no existeix",
		en: "The comment does not exist",
	},
	"El evento no existe en tu comunidad": {
		ca: "L'esdeveniment no existeix a la teva comunitat",
		en: "The event does not exist in your community",
	},
	"La consulta no existe en tu comunidad": {
		ca: "La consulta no existeix a la teva comunitat",
		en: "The poll does not exist in your community",
	},

	// tasks
	"Solo un administrador o un miembro autorizado puede gestionar las tareas": {
		ca: "Només un administrador o un membre autoritzat pot gestionar les tasques",
		en: "Only an administrator or an authorised member can manage the tasks",
	},
	"Solo un administrador puede dar permiso para gestionar las tareas": {
		ca: "Només un administrador pot donar permís per gestionar les tasques",
		en: "Only an administrator can give permission to manage the tasks",
	},
	"Indica a quién se asigna la tarea": {
		ca: "Indica a qui s'assigna la tasca",
		en: "Say who the task is assigned to",
	},
	"Elige el proveedor del directorio": {
		ca: "Tria el proveïdor del directori",
		en: "Choose the provider from the directory",
	},
	"La repetición no es válida": {
		ca: "La repetició no és vàlida",
		en: "The repetition is not valid",
	},
	"Una tarea que se repite necesita una fecha límite": {
		ca: "Una tasca que es repeteix necessita una data límit",
		en: "A repeating task needs a due date",
	},
	"La fecha límite no es válida": {
		ca: "La data límit no és vàlida",
		en: "The due date is not valid",
	},
	"El responsable no es válido": {
		ca: "El responsable no és vàlid",
		en: "The person in charge is not valid",
	},

	// units
	"El CSV tiene un error; no se ha importado nada": {
		ca: "El CSV té un error; no s'ha importat res",
		en: "The CSV has an error; nothing was imported",
	},
	"El CSV tiene %d errores; no se ha importado nada": {
		ca: "El CSV té %d errors; no s'ha importat res",
		en: "The CSV has %d errors; nothing was imported",
	},
	"El CSV no puede superar 1 MB": {
		ca: "El CSV no pot superar 1 MB",
		en: "The CSV cannot be larger than 1 MB",
	},
	"El CSV está vacío": {
		ca: "El CSV és buit",
		en: "The CSV is empty",
	},
	"El CSV no tiene ninguna unidad": {
		ca: "El CSV no té cap unitat",
		en: "The CSV has no units",
	},
	"El archivo no está en UTF-8: guárdalo como «CSV UTF-8» e inténtalo de nuevo": {
		ca: "El fitxer no és en UTF-8: desa'l com a «CSV UTF-8» i torna-ho a provar",
		en: "The file is not in UTF-8: save it as “CSV UTF-8” and try again",
	},
	"No se puede leer el CSV": {
		ca: "No es pot llegir el CSV",
		en: "The CSV cannot be read",
	},
	// A faulty line of an import. The CSV's column names and kinds are its Spanish words in every language.
	"Línea %d: la columna «%s» no existe (usa %s)": {
		ca: "Línia %d: la columna «%s» no existeix (fes servir %s)",
		en: "Line %d: there is no column “%s” (use %s)",
	},
	"Línea %d: falta la columna «nombre» (o «puerta»)": {
		ca: "Línia %d: falta la columna «nombre» (o «puerta»)",
		en: "Line %d: the column “nombre” (or “puerta”) is missing",
	},
	"Línea %d: el CSV no puede tener más de %d unidades": {
		ca: "Línia %d: el CSV no pot tenir més de %d unitats",
		en: "Line %d: the CSV cannot have more than %d units",
	},
	"Línea %d: «%s» ya está en la línea %d": {
		ca: "Línia %d: «%s» ja és a la línia %d",
		en: "Line %d: “%s” is already on line %d",
	},
	"Línea %d: falta el nombre (o la puerta) de la unidad": {
		ca: "Línia %d: falta el nom (o la porta) de la unitat",
		en: "Line %d: the unit's name (or door) is missing",
	},
	"Línea %d: «%s» supera %d caracteres": {
		ca: "Línia %d: «%s» supera els %d caràcters",
		en: "Line %d: “%s” is longer than %d characters",
	},
	"Línea %d: el tipo «%s» no es válido (vivienda, local o garaje)": {
		ca: "Línia %d: el tipus «%s» no és vàlid (vivienda, local o garaje)",
		en: "Line %d: the type “%s” is not valid (vivienda, local or garaje)",
	},
	"Línea %d: %s": {
		ca: "Línia %d: %s",
		en: "Line %d: %s",
	},
	"Línea %d: hay unas comillas sin cerrar": {
		ca: "Línia %d: hi ha unes cometes sense tancar",
		en: "Line %d: a quotation mark is not closed",
	},
	"Línea %d: no se puede leer": {
		ca: "Línia %d: no es pot llegir",
		en: "Line %d: it cannot be read",
	},
	"El tipo debe ser vivienda, local o garaje": {
		ca: "El tipus ha de ser habitatge, local o garatge",
		en: "The type must be home, premises or garage",
	},
	"El nombre de la unidad es obligatorio": {
		ca: "El nom de la unitat és obligatori",
		en: "The unit's name is required",
	},
	"El nombre, la planta, el portal y la escalera no pueden superar %d caracteres": {
		ca: "El nom, la planta, el portal i l'escala no poden superar els %d caràcters",
		en: "The name, floor, entrance and staircase cannot be longer than %d characters",
	},
	"No se puede eliminar «%s»: tiene vecinos o propietario. Fusiónala con otra unidad para trasladarlos": {
		ca: "No es pot eliminar «%s»: té veïns o propietari. Fusiona-la amb una altra unitat per traslladar-los",
		en: "“%s” cannot be removed: it has residents or an owner. Merge it into another unit to move them",
	},
	"Elige otra unidad con la que fusionarla": {
		ca: "Tria una altra unitat amb què fusionar-la",
		en: "Choose another unit to merge it into",
	},
	"«%s» y «%s» tienen propietarios distintos: no se pueden fusionar": {
		ca: "«%s» i «%s» tenen propietaris diferents: no es poden fusionar",
		en: "“%s” and “%s” have different owners: they cannot be merged",
	},
	"Los coeficientes de «%s» y «%s» suman más de 100": {
		ca: "Els coeficients de «%s» i «%s» sumen més de 100",
		en: "The shares of “%s” and “%s” add up to more than 100",
	},

	// voting
	"El acta estará disponible cuando se cierre la votación": {
		ca: "L'acta estarà disponible quan es tanqui la votació",
		en: "The minutes will be available when the vote closes",
	},
	"Solo los administradores pueden crear, editar, abrir o cerrar votaciones": {
		ca: "Només els administradors poden crear, editar, obrir o tancar votacions",
		en: "Only administrators can create, edit, open or close votes",
	},
	"Solo se puede modificar una votación en borrador": {
		ca: "Només es pot modificar una votació en esborrany",
		en: "Only a draft vote can be changed",
	},
	"La votación no está activa": {
		ca: "La votació no està activa",
		en: "The vote is not open",
	},
	"En una votación de junta solo votan los propietarios": {
		ca: "En una votació de junta només voten els propietaris",
		en: "In an owners' meeting vote only owners vote",
	},
	"Tu vivienda está privada del voto en esta votación (art. 15.2 LPH)": {
		ca: "El teu habitatge està privat del vot en aquesta votació (art. 15.2 LPH)",
		en: "Your unit is deprived of its vote in this vote (art. 15.2 LPH)",
	},
	"Ya has votado en esta votación": {
		ca: "Ja has votat en aquesta votació",
		en: "You have already voted in this vote",
	},
	"No representas a ese propietario en esta votación": {
		ca: "No representes aquest propietari en aquesta votació",
		en: "You do not represent that owner in this vote",
	},
	"Elige una de las opciones de la votación": {
		ca: "Tria una de les opcions de la votació",
		en: "Choose one of the vote's options",
	},
	"Para cambiar un voto secreto indica el justificante que recibiste al votar": {
		ca: "Per canviar un vot secret indica el justificant que vas rebre en votar",
		en: "To change a secret vote, give the receipt you got when you voted",
	},
	"La representación y la privación del voto son propias de las votaciones de junta": {
		ca: "La representació i la privació del vot són pròpies de les votacions de junta",
		en: "Proxies and deprivation of the vote only apply to owners' meeting votes",
	},
	"Ya se ha votado: la representación no se puede cambiar": {
		ca: "Ja s'ha votat: la representació no es pot canviar",
		en: "The vote has already been cast: the proxy cannot be changed",
	},
	"El tipo de votación no es válido": {
		ca: "El tipus de votació no és vàlid",
		en: "The kind of vote is not valid",
	},
	"Una votación necesita al menos %d opciones": {
		ca: "Una votació necessita almenys %d opcions",
		en: "A vote needs at least %d options",
	},
	"Una votación no puede tener más de %d opciones": {
		ca: "Una votació no pot tenir més de %d opcions",
		en: "A vote cannot have more than %d options",
	},
	"El quórum debe estar entre 1 y %d votos": {
		ca: "El quòrum ha de ser entre 1 i %d vots",
		en: "The quorum must be between 1 and %d votes",
	},
	"El cierre de la votación debe ser posterior a este momento": {
		ca: "El tancament de la votació ha de ser posterior a aquest moment",
		en: "The vote must close later than now",
	},
	"La apertura debe ser anterior al cierre": {
		ca: "L'obertura ha de ser anterior al tancament",
		en: "The opening must come before the closing",
	},
	"Las opciones no pueden estar vacías": {
		ca: "Les opcions no poden estar buides",
		en: "The options cannot be empty",
	},
	"Una opción no puede superar los %d caracteres": {
		ca: "Una opció no pot superar els %d caràcters",
		en: "An option cannot be longer than %d characters",
	},
	"La opción «%s» está repetida": {
		ca: "L'opció «%s» està repetida",
		en: "The option “%s” is repeated",
	},
	"La mayoría requerida no es válida": {
		ca: "La majoria requerida no és vàlida",
		en: "The required majority is not valid",
	},
	"La convocatoria debe ser primera o segunda": {
		ca: "La convocatòria ha de ser primera o segona",
		en: "The call must be the first or the second",
	},
	"Indica la fecha de la junta": {
		ca: "Indica la data de la junta",
		en: "Give the date of the owners' meeting",
	},
	"Indica si la opción «%s» es a favor, en contra o abstención": {
		ca: "Indica si l'opció «%s» és a favor, en contra o abstenció",
		en: "Say whether the option “%s” is in favour, against or an abstention",
	},
	"Una votación de junta necesita al menos una opción a favor y otra en contra del acuerdo": {
		ca: "Una votació de junta necessita almenys una opció a favor i una altra en contra de l'acord",
		en: "An owners' meeting vote needs at least one option in favour of the resolution and one against it",
	},
	"Solo se puede eliminar una votación en borrador": {
		ca: "Només es pot eliminar una votació en esborrany",
		en: "Only a draft vote can be deleted",
	},
	"El cierre de la votación ya ha pasado: cambia la fecha de cierre": {
		ca: "El tancament de la votació ja ha passat: canvia la data de tancament",
		en: "The vote's closing time has passed: change the closing date",
	},
	"Los coeficientes de las viviendas suman %s %%: deben sumar 100 %% para abrir una votación de junta": {
		ca: "Els coeficients dels habitatges sumen %s %%: han de sumar 100 %% per obrir una votació de junta",
		en: "The units' shares add up to %s%%: they must add up to 100%% to open an owners' meeting vote",
	},
	"Solo un propietario puede delegar su voto": {
		ca: "Només un propietari pot delegar el seu vot",
		en: "Only an owner can delegate their vote",
	},
	"No puedes delegar el voto en ti mismo": {
		ca: "No pots delegar el vot en tu mateix",
		en: "You cannot delegate your vote to yourself",
	},
	"Indica el motivo de la privación del voto": {
		ca: "Indica el motiu de la privació del vot",
		en: "Give the reason for depriving the vote",
	},
	"La votación está cerrada: ya no se puede cambiar la privación del voto": {
		ca: "La votació està tancada: ja no es pot canviar la privació del vot",
		en: "The vote is closed: the deprivation of the vote can no longer be changed",
	},
	"Esa vivienda no vota en esta votación": {
		ca: "Aquest habitatge no vota en aquesta votació",
		en: "That unit does not vote in this vote",
	},
	"El propietario de %s ya ha votado: su voto no se puede retirar ni volver a pesar, así que la privación del voto ya no se puede cambiar en esta votación": {
		ca: "El propietari de %s ja ha votat: el seu vot no es pot retirar ni tornar a ponderar, així que la privació del vot ja no es pot canviar en aquesta votació",
		en: "The owner of %s has already voted: their vote cannot be withdrawn or weighed again, so the deprivation of the vote can no longer be changed in this vote",
	},
	"El plazo para oponerse a este acuerdo no está abierto": {
		ca: "El termini per oposar-se a aquest acord no està obert",
		en: "The period to object to this resolution is not open",
	},
	"Solo los propietarios ausentes pueden oponerse al acuerdo": {
		ca: "Només els propietaris absents es poden oposar a l'acord",
		en: "Only absent owners can object to the resolution",
	},

	// wall
	"Solo su autor puede editar esta publicación": {
		ca: "Només el seu autor pot editar aquesta publicació",
		en: "Only its author can edit this post",
	},
	"Solo su autor o un administrador puede eliminar esta publicación": {
		ca: "Només el seu autor o un administrador pot eliminar aquesta publicació",
		en: "Only its author or an administrator can delete this post",
	},
	"Solo un administrador puede ocultar publicaciones": {
		ca: "Només un administrador pot amagar publicacions",
		en: "Only an administrator can hide posts",
	},
	"Solo su autor o un administrador puede eliminar este comentario": {
		ca: "Només el seu autor o un administrador pot eliminar aquest comentari",
		en: "Only its author or an administrator can delete this comment",
	},
	"Una publicación de tipo Evento no puede abrir una consulta": {
		ca: "Una publicació de tipus Esdeveniment no pot obrir una consulta",
		en: "An Event post cannot open a poll",
	},
	"Una consulta del muro puede durar como máximo %d días": {
		ca: "Una consulta del mur pot durar com a màxim %d dies",
		en: "A wall poll can last %d days at most",
	},
	"Ya tienes %d consultas abiertas: espera a que cierre alguna para abrir otra": {
		ca: "Ja tens %d consultes obertes: espera que se'n tanqui alguna per obrir-ne una altra",
		en: "You already have %d open polls: wait for one to close before opening another",
	},
	"El tipo de publicación no es válido": {
		ca: "El tipus de publicació no és vàlid",
		en: "The kind of post is not valid",
	},
	"Escribe algo para publicar": {
		ca: "Escriu alguna cosa per publicar",
		en: "Write something to post",
	},
	"La publicación no puede superar los %d caracteres": {
		ca: "La publicació no pot superar els %d caràcters",
		en: "The post cannot be longer than %d characters",
	},
	"Solo una publicación de tipo Evento puede enlazar un evento": {
		ca: "Només una publicació de tipus Esdeveniment pot enllaçar un esdeveniment",
		en: "Only an Event post can link an event",
	},
	"El comentario no puede estar vacío": {
		ca: "El comentari no pot estar buit",
		en: "The comment cannot be empty",
	},
	// money (issue #36)
	"Cada partida necesita un concepto": {
		ca: "Cada partida necessita un concepte",
		en: "Each line needs a concept",
	},
	"El año del presupuesto no es válido": {
		ca: "L'any del pressupost no és vàlid",
		en: "The budget's year is not valid",
	},
	"El concepto de una partida no puede superar los %d caracteres": {
		ca: "El concepte d'una partida no pot superar els %d caràcters",
		en: "A line's concept cannot be longer than %d characters",
	},
	"El fondo de reserva es demasiado grande": {
		ca: "El fons de reserva és massa gran",
		en: "The reserve fund is too large",
	},
	"El fondo de reserva no puede ser menor que el 10 %% del presupuesto ordinario (%s)": {
		ca: "El fons de reserva no pot ser inferior al 10 %% del pressupost ordinari (%s)",
		en: "The reserve fund cannot be less than 10%% of the ordinary budget (%s)",
	},
	"El grupo General no se puede borrar": {
		ca: "El grup General no es pot esborrar",
		en: "The General group cannot be deleted",
	},
	"El grupo General reparte por coeficiente entre todas las viviendas: cambia los coeficientes en el registro": {
		ca: "El grup General reparteix per coeficient entre tots els habitatges: canvia els coeficients al registre",
		en: "The General group shares by the units' shares among every unit: change the shares in the registry",
	},
	"El grupo de reparto no existe": {
		ca: "El grup de repartiment no existeix",
		en: "The cost-sharing group does not exist",
	},
	"El grupo «%s» no tiene viviendas que paguen": {
		ca: "El grup «%s» no té habitatges que paguin",
		en: "The group '%s' has no units that pay",
	},
	"El grupo «%s» tiene partidas en un presupuesto: quítalas antes de borrarlo": {
		ca: "El grup «%s» té partides en un pressupost: treu-les abans d'esborrar-lo",
		en: "The group '%s' has lines in a budget: remove them before deleting it",
	},
	"El importe de la corrección es demasiado grande": {
		ca: "L'import de la correcció és massa gran",
		en: "The correction's amount is too large",
	},
	"El importe de la corrección no puede ser cero": {
		ca: "L'import de la correcció no pot ser zero",
		en: "The correction's amount cannot be zero",
	},
	"El importe del pago debe ser mayor que cero": {
		ca: "L'import del pagament ha de ser més gran que zero",
		en: "The payment's amount must be more than zero",
	},
	"El importe fijo de cada vivienda no puede ser negativo": {
		ca: "L'import fix de cada habitatge no pot ser negatiu",
		en: "A unit's fixed amount cannot be negative",
	},
	"El nombre del grupo es obligatorio": {
		ca: "El nom del grup és obligatori",
		en: "The group's name is required",
	},
	"El nombre del grupo no puede superar los %d caracteres": {
		ca: "El nom del grup no pot superar els %d caràcters",
		en: "The group's name cannot be longer than %d characters",
	},
	"El pago (%s) es mayor que lo que queda por pagar del recibo (%s)": {
		ca: "El pagament (%s) és més gran que el que queda per pagar del rebut (%s)",
		en: "The payment (%s) is more than what is left to pay of the receipt (%s)",
	},
	"El periodo debe estar entre 1 y %d": {
		ca: "El període ha d'estar entre 1 i %d",
		en: "The period must be between 1 and %d",
	},
	"El porcentaje de cada vivienda debe estar entre 0 y 100": {
		ca: "El percentatge de cada habitatge ha d'estar entre 0 i 100",
		en: "Each unit's percentage must be between 0 and 100",
	},
	"El presupuesto acaba de cambiar: vuelve a intentarlo": {
		ca: "El pressupost acaba de canviar: torna-ho a provar",
		en: "The budget has just changed: try again",
	},
	"El presupuesto no existe": {
		ca: "El pressupost no existeix",
		en: "The budget does not exist",
	},
	"El presupuesto no tiene partidas": {
		ca: "El pressupost no té partides",
		en: "The budget has no lines",
	},
	"El recibo %s ya está pagado": {
		ca: "El rebut %s ja està pagat",
		en: "The receipt %s is already paid",
	},
	"El recibo no existe": {
		ca: "El rebut no existeix",
		en: "The receipt does not exist",
	},
	"El reparto debe ser por coeficiente, por porcentaje, a partes iguales o por importe fijo": {
		ca: "El repartiment ha de ser per coeficient, per percentatge, a parts iguals o per import fix",
		en: "The sharing must be by share, by percentage, in equal parts or by a fixed amount",
	},
	"Elige las viviendas del grupo": {
		ca: "Tria els habitatges del grup",
		en: "Choose the group's units",
	},
	"Este presupuesto ya está aprobado": {
		ca: "Aquest pressupost ja està aprovat",
		en: "This budget is already approved",
	},
	"Explica el motivo de la corrección": {
		ca: "Explica el motiu de la correcció",
		en: "Explain the reason for the correction",
	},
	"Indica la fecha de la junta que aprobó el presupuesto": {
		ca: "Indica la data de la junta que va aprovar el pressupost",
		en: "Give the date of the owners' meeting that approved the budget",
	},
	"Indica si el pago fue por transferencia o en efectivo": {
		ca: "Indica si el pagament va ser per transferència o en efectiu",
		en: "Say whether the payment was by bank transfer or in cash",
	},
	"La fecha de cargo no es válida": {
		ca: "La data de càrrec no és vàlida",
		en: "The due date is not valid",
	},
	"La fecha de la corrección no es válida": {
		ca: "La data de la correcció no és vàlida",
		en: "The correction's date is not valid",
	},
	"La fecha de la junta no puede ser futura": {
		ca: "La data de la junta no pot ser futura",
		en: "The owners' meeting date cannot be in the future",
	},
	"La fecha del pago no es válida": {
		ca: "La data del pagament no és vàlida",
		en: "The payment's date is not valid",
	},
	"La fecha del pago no puede ser futura": {
		ca: "La data del pagament no pot ser futura",
		en: "The payment's date cannot be in the future",
	},
	"La fecha inicial del extracto es posterior a la final": {
		ca: "La data inicial de l'extracte és posterior a la final",
		en: "The statement's start date is after its end date",
	},
	"La partida «%s» es de un grupo que ya no existe": {
		ca: "La partida «%s» és d'un grup que ja no existeix",
		en: "The line '%s' belongs to a group that no longer exists",
	},
	"La partida «%s» es demasiado grande": {
		ca: "La partida «%s» és massa gran",
		en: "The line '%s' is too large",
	},
	"La partida «%s» no puede ser negativa": {
		ca: "La partida «%s» no pot ser negativa",
		en: "The line '%s' cannot be negative",
	},
	"La periodicidad acaba de cambiar: vuelve a intentarlo": {
		ca: "La periodicitat acaba de canviar: torna-ho a provar",
		en: "The payment frequency has just changed: try again",
	},
	"La periodicidad debe ser mensual, trimestral, semestral o anual": {
		ca: "La periodicitat ha de ser mensual, trimestral, semestral o anual",
		en: "The frequency must be monthly, quarterly, half-yearly or yearly",
	},
	"La referencia no puede superar los %d caracteres": {
		ca: "La referència no pot superar els %d caràcters",
		en: "The reference cannot be longer than %d characters",
	},
	"La vivienda %s del grupo «%s» no tiene coeficiente": {
		ca: "L'habitatge %s del grup «%s» no té coeficient",
		en: "The unit %s of the group '%s' has no share",
	},
	"La vivienda no existe": {
		ca: "L'habitatge no existeix",
		en: "The unit does not exist",
	},
	"Las cuotas fijas del grupo «%s» suman %s al año y sus partidas %s: deben coincidir": {
		ca: "Les quotes fixes del grup «%s» sumen %s l'any i les seves partides %s: han de coincidir",
		en: "The fixed amounts of the group '%s' add up to %s a year and its lines to %s: they must match",
	},
	"Las fechas del extracto no son válidas": {
		ca: "Les dates de l'extracte no són vàlides",
		en: "The statement's dates are not valid",
	},
	"Las partes del grupo «%s» no pueden ser negativas": {
		ca: "Les parts del grup «%s» no poden ser negatives",
		en: "The shares of the group '%s' cannot be negative",
	},
	"Las partes del grupo «%s» suman %s %%: deben sumar 100 %%": {
		ca: "Les parts del grup «%s» sumen %s %%: han de sumar 100 %%",
		en: "The shares of the group '%s' add up to %s%%: they must add up to 100%%",
	},
	"Los recibos de este periodo ya están generados": {
		ca: "Els rebuts d'aquest període ja estan generats",
		en: "This period's receipts have already been issued",
	},
	"Ninguna vivienda paga cuota en este periodo": {
		ca: "Cap habitatge paga quota en aquest període",
		en: "No unit pays a fee in this period",
	},
	"No hay un presupuesto aprobado de %d": {
		ca: "No hi ha cap pressupost aprovat de %d",
		en: "There is no approved budget for %d",
	},
	"Solo el propietario de la vivienda y los administradores pueden ver sus cuentas": {
		ca: "Només el propietari de l'habitatge i els administradors poden veure'n els comptes",
		en: "Only the unit's owner and the administrators can see its account",
	},
	"Solo los administradores pueden gestionar las cuentas de la comunidad": {
		ca: "Només els administradors poden gestionar els comptes de la comunitat",
		en: "Only administrators can manage the community's accounts",
	},
	"Solo se crea una nueva versión del presupuesto en vigor": {
		ca: "Només es crea una nova versió del pressupost en vigor",
		en: "A new version can only be made of the budget in force",
	},
	"Un presupuesto aprobado no se modifica: crea una nueva versión": {
		ca: "Un pressupost aprovat no es modifica: crea una nova versió",
		en: "An approved budget is not changed: make a new version",
	},
	"Un presupuesto no puede tener más de %d partidas": {
		ca: "Un pressupost no pot tenir més de %d partides",
		en: "A budget cannot have more than %d lines",
	},
	"Una vivienda está dos veces en el grupo": {
		ca: "Un habitatge és dues vegades al grup",
		en: "A unit is twice in the group",
	},
	"Ya existe un grupo «%s»": {
		ca: "Ja existeix un grup «%s»",
		en: "A group '%s' already exists",
	},
	"Ya hay un presupuesto de %d: modifícalo o crea una nueva versión": {
		ca: "Ja hi ha un pressupost de %d: modifica'l o crea'n una nova versió",
		en: "There is already a budget for %d: change it or make a new version",
	},
	"Ya hay una versión en borrador del presupuesto de %d": {
		ca: "Ja hi ha una versió en esborrany del pressupost de %d",
		en: "There is already a draft version of the budget for %d",
	},
}
