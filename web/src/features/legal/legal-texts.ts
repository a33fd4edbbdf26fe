// The terms of use and the privacy notice (RGPD art. 13), in each language. They live in this lazily
// loaded module, not in the catalogues, so that /login and /register do not download them.
import type { Language } from '@/lib/app-settings'

export interface LegalSection {
  heading: string
  paragraphs: string[]
}

export interface LegalText {
  title: string
  intro: string
  sections: LegalSection[]
  /** Where to write: {{email}} is the installation's support address. */
  contact: string
  /** When there is no support address. */
  contactNoEmail: string
}

type Texts = Record<Language, { terms: LegalText; privacy: LegalText }>

export const LEGAL: Texts = {
  es: {
    terms: {
      title: 'Términos y condiciones',
      intro:
        'Vecinos es la aplicación con la que tu comunidad de propietarios organiza su día a día. Al registrarte aceptas estas condiciones.',
      sections: [
        {
          heading: 'Quién la ofrece',
          paragraphs: [
            'Cada comunidad de propietarios usa Vecinos para sus vecinos. El operador de esta instalación presta el servicio a la comunidad.',
          ],
        },
        {
          heading: 'Tu cuenta',
          paragraphs: [
            'Eres responsable de tu contraseña y de lo que se hace con tu cuenta. Usa tu nombre real: tus vecinos deben saber quién escribe.',
            'Puedes eliminar tu cuenta cuando quieras desde Ajustes > Gestión de la cuenta.',
          ],
        },
        {
          heading: 'Uso correcto',
          paragraphs: [
            'No publiques contenido ilegal, ofensivo ni datos personales de otras personas sin su permiso. Los administradores de la comunidad pueden retirar contenidos que incumplan estas normas.',
            'Las votaciones consultivas no sustituyen a los acuerdos de la junta de propietarios salvo cuando la ley y la comunidad así lo prevén.',
          ],
        },
        {
          heading: 'Cambios',
          paragraphs: [
            'Si estas condiciones o la política de privacidad cambian, te pediremos que aceptes la nueva versión antes de seguir usando la aplicación.',
          ],
        },
      ],
      contact: 'Dudas: escribe a {{email}}.',
      contactNoEmail: 'Dudas: escribe a la administración de tu comunidad.',
    },
    privacy: {
      title: 'Política de privacidad',
      intro:
        'Esta información se te da conforme al artículo 13 del Reglamento General de Protección de Datos (RGPD) y a la Ley Orgánica 3/2018 (LOPDGDD).',
      sections: [
        {
          heading: 'Responsable del tratamiento',
          paragraphs: [
            'El responsable de tus datos es tu comunidad de propietarios, representada por su presidente o su administrador. El operador de esta instalación de Vecinos trata los datos por cuenta de la comunidad, como encargado del tratamiento (art. 28 RGPD), y solo según sus instrucciones.',
          ],
        },
        {
          heading: 'Qué datos y para qué',
          paragraphs: [
            'Tu nombre, email, teléfono si lo das, tu vivienda y tu relación con ella (propietario o inquilino), tu foto de perfil, y lo que publicas: incidencias, mensajes, reservas, votos, documentos y archivos.',
            'Los usamos para gestionar la vida de la comunidad: comunicaciones entre vecinos y con la administración, incidencias, reservas de zonas comunes, votaciones y documentos, y para mantener la seguridad de la aplicación (registros de acceso y límites contra abusos).',
          ],
        },
        {
          heading: 'Base jurídica',
          paragraphs: [
            'La ejecución del servicio que solicitas al registrarte (art. 6.1.b RGPD); el cumplimiento de obligaciones legales de la comunidad, como las actas y votaciones de la junta (art. 6.1.c, Ley de Propiedad Horizontal); el interés legítimo en la seguridad de la aplicación (art. 6.1.f); y tu consentimiento para lo opcional, como las notificaciones en el dispositivo, que puedes retirar en cualquier momento (art. 6.1.a).',
          ],
        },
        {
          heading: 'Cuánto tiempo',
          paragraphs: [
            'Mientras tengas cuenta. Al eliminarla se borran tus datos personales; la comunidad conserva solo lo que la ley le obliga a guardar (actas y resultados de votaciones de junta) durante los plazos legales. Los registros técnicos se borran en pocas semanas.',
          ],
        },
        {
          heading: 'Quién los ve',
          paragraphs: [
            'Los vecinos de tu comunidad ven lo que publicas para ellos y tu perfil en el directorio, según tus ajustes; los administradores de la comunidad, lo necesario para gestionarla. No se ceden datos a terceros salvo obligación legal. El operador puede usar proveedores de alojamiento, correo y almacenamiento, con contrato de encargo, dentro del Espacio Económico Europeo o con garantías adecuadas.',
          ],
        },
        {
          heading: 'Tus derechos',
          paragraphs: [
            'Puedes ejercer tus derechos de acceso, rectificación, supresión, oposición, limitación del tratamiento y portabilidad. Desde la aplicación: «Descargar mis datos» (Ajustes > Gestión de la cuenta) te da una copia de todo lo que guardamos sobre ti; en tu perfil corriges tus datos; y «Eliminar cuenta» los suprime.',
            'Para lo demás, escribe a la administración de tu comunidad o al soporte de esta instalación. Si crees que no se han atendido tus derechos, puedes reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).',
          ],
        },
      ],
      contact: 'Soporte de esta instalación: {{email}}.',
      contactNoEmail: 'Para ejercer tus derechos, escribe a la administración de tu comunidad.',
    },
  },
  ca: {
    terms: {
      title: 'Termes i condicions',
      intro:
        'Vecinos és l’aplicació amb què la teva comunitat de propietaris organitza el dia a dia. En registrar-te acceptes aquestes condicions.',
      sections: [
        {
          heading: 'Qui l’ofereix',
          paragraphs: [
            'Cada comunitat de propietaris fa servir Vecinos per als seus veïns. L’operador d’aquesta instal·lació presta el servei a la comunitat.',
          ],
        },
        {
          heading: 'El teu compte',
          paragraphs: [
            'Ets responsable de la teva contrasenya i del que es fa amb el teu compte. Fes servir el teu nom real: els veïns han de saber qui escriu.',
            'Pots eliminar el compte quan vulguis des d’Ajustos > Gestió del compte.',
          ],
        },
        {
          heading: 'Ús correcte',
          paragraphs: [
            'No publiquis contingut il·legal, ofensiu ni dades personals d’altres persones sense el seu permís. Els administradors de la comunitat poden retirar continguts que incompleixin aquestes normes.',
            'Les votacions consultives no substitueixen els acords de la junta de propietaris llevat que la llei i la comunitat ho prevegin.',
          ],
        },
        {
          heading: 'Canvis',
          paragraphs: [
            'Si aquestes condicions o la política de privacitat canvien, et demanarem que acceptis la nova versió abans de continuar fent servir l’aplicació.',
          ],
        },
      ],
      contact: 'Dubtes: escriu a {{email}}.',
      contactNoEmail: 'Dubtes: escriu a l’administració de la teva comunitat.',
    },
    privacy: {
      title: 'Política de privacitat',
      intro:
        'Aquesta informació se’t dona d’acord amb l’article 13 del Reglament general de protecció de dades (RGPD) i la Llei orgànica 3/2018 (LOPDGDD).',
      sections: [
        {
          heading: 'Responsable del tractament',
          paragraphs: [
            'La responsable de les teves dades és la teva comunitat de propietaris, representada pel president o l’administrador. L’operador d’aquesta instal·lació de Vecinos tracta les dades per compte de la comunitat, com a encarregat del tractament (art. 28 RGPD), i només segons les seves instruccions.',
          ],
        },
        {
          heading: 'Quines dades i per a què',
          paragraphs: [
            'El teu nom, email, telèfon si el dones, el teu habitatge i la teva relació amb ell (propietari o llogater), la foto de perfil, i el que publiques: incidències, missatges, reserves, vots, documents i fitxers.',
            'Les fem servir per gestionar la vida de la comunitat: comunicacions entre veïns i amb l’administració, incidències, reserves d’espais comuns, votacions i documents, i per mantenir la seguretat de l’aplicació (registres d’accés i límits contra abusos).',
          ],
        },
        {
          heading: 'Base jurídica',
          paragraphs: [
            'L’execució del servei que sol·licites en registrar-te (art. 6.1.b RGPD); el compliment d’obligacions legals de la comunitat, com les actes i votacions de la junta (art. 6.1.c, Llei de propietat horitzontal); l’interès legítim en la seguretat de l’aplicació (art. 6.1.f); i el teu consentiment per a allò opcional, com les notificacions al dispositiu, que pots retirar en qualsevol moment (art. 6.1.a).',
          ],
        },
        {
          heading: 'Quant de temps',
          paragraphs: [
            'Mentre tinguis compte. En eliminar-lo s’esborren les teves dades personals; la comunitat conserva només el que la llei l’obliga a guardar (actes i resultats de votacions de junta) durant els terminis legals. Els registres tècnics s’esborren en poques setmanes.',
          ],
        },
        {
          heading: 'Qui les veu',
          paragraphs: [
            'Els veïns de la teva comunitat veuen el que publiques per a ells i el teu perfil al directori, segons els teus ajustos; els administradors de la comunitat, el necessari per gestionar-la. No se cedeixen dades a tercers llevat d’obligació legal. L’operador pot fer servir proveïdors d’allotjament, correu i emmagatzematge, amb contracte d’encàrrec, dins de l’Espai Econòmic Europeu o amb garanties adequades.',
          ],
        },
        {
          heading: 'Els teus drets',
          paragraphs: [
            'Pots exercir els drets d’accés, rectificació, supressió, oposició, limitació del tractament i portabilitat. Des de l’aplicació: «Descarregar les meves dades» (Ajustos > Gestió del compte) et dona una còpia de tot el que guardem sobre tu; al perfil corregeixes les dades; i «Eliminar el compte» les suprimeix.',
            'Per a la resta, escriu a l’administració de la teva comunitat o al suport d’aquesta instal·lació. Si creus que no s’han atès els teus drets, pots reclamar davant l’Agència Espanyola de Protecció de Dades (www.aepd.es).',
          ],
        },
      ],
      contact: 'Suport d’aquesta instal·lació: {{email}}.',
      contactNoEmail: 'Per exercir els teus drets, escriu a l’administració de la teva comunitat.',
    },
  },
  en: {
    terms: {
      title: 'Terms and conditions',
      intro:
        'Vecinos is the app your homeowners’ association (comunidad de propietarios) runs its daily life with. By signing up you accept these terms.',
      sections: [
        {
          heading: 'Who offers it',
          paragraphs: [
            'Each homeowners’ association uses Vecinos for its residents. The operator of this installation provides the service to the association.',
          ],
        },
        {
          heading: 'Your account',
          paragraphs: [
            'You are responsible for your password and for what is done with your account. Use your real name: your neighbours should know who is writing.',
            'You can delete your account at any time from Settings > Account management.',
          ],
        },
        {
          heading: 'Fair use',
          paragraphs: [
            'Do not post illegal or offensive content, nor other people’s personal data without their permission. The association’s admins may remove content that breaks these rules.',
            'Advisory polls do not replace the resolutions of the owners’ meeting unless the law and the association provide for it.',
          ],
        },
        {
          heading: 'Changes',
          paragraphs: [
            'If these terms or the privacy policy change, we will ask you to accept the new version before you go on using the app.',
          ],
        },
      ],
      contact: 'Questions: write to {{email}}.',
      contactNoEmail: 'Questions: write to your association’s administration.',
    },
    privacy: {
      title: 'Privacy policy',
      intro:
        'This information is given under Article 13 of the General Data Protection Regulation (GDPR) and Spain’s Organic Law 3/2018 (LOPDGDD).',
      sections: [
        {
          heading: 'Data controller',
          paragraphs: [
            'The controller of your data is your homeowners’ association, represented by its president or its administrator. The operator of this Vecinos installation processes the data on the association’s behalf, as processor (Art. 28 GDPR), and only on its instructions.',
          ],
        },
        {
          heading: 'What data and why',
          paragraphs: [
            'Your name, email, phone if you give it, your home and your relation to it (owner or tenant), your profile photo, and what you post: incidents, messages, bookings, votes, documents and files.',
            'We use them to run the life of the association: communication between neighbours and with the administration, incidents, bookings of common areas, votes and documents, and to keep the app secure (access logs and limits against abuse).',
          ],
        },
        {
          heading: 'Legal basis',
          paragraphs: [
            'Performance of the service you request when you sign up (Art. 6(1)(b) GDPR); the association’s legal obligations, such as the minutes and votes of the owners’ meeting (Art. 6(1)(c), Spanish Horizontal Property Act); the legitimate interest in keeping the app secure (Art. 6(1)(f)); and your consent for optional features, such as notifications on your device, which you can withdraw at any time (Art. 6(1)(a)).',
          ],
        },
        {
          heading: 'How long',
          paragraphs: [
            'As long as you have an account. When you delete it your personal data are erased; the association keeps only what the law obliges it to keep (minutes and results of the owners’ meeting votes) for the legal periods. Technical logs are erased within a few weeks.',
          ],
        },
        {
          heading: 'Who sees them',
          paragraphs: [
            'Your neighbours see what you post for them and your profile in the directory, according to your settings; the association’s admins, what they need to run it. No data are disclosed to third parties unless the law requires it. The operator may use hosting, email and storage providers, under a processing agreement, within the European Economic Area or with appropriate safeguards.',
          ],
        },
        {
          heading: 'Your rights',
          paragraphs: [
            'You have the rights of access, rectification, erasure, objection, restriction of processing and portability. In the app: ‘Download my data’ (Settings > Account management) gives you a copy of everything we keep about you; you correct your data in your profile; and ‘Delete account’ erases them.',
            'For anything else, write to your association’s administration or to this installation’s support. If you believe your rights have not been respected, you may lodge a complaint with the Spanish Data Protection Agency (AEPD, www.aepd.es).',
          ],
        },
      ],
      contact: 'This installation’s support: {{email}}.',
      contactNoEmail: 'To exercise your rights, write to your association’s administration.',
    },
  },
}
