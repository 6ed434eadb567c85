/** French sentences of the 'Délivrabilité' settings: errors, what 'Vérifier' found, the self-test's checklist. */
import type { DELIVERABILITY_ERRORS } from '#core/api/deliverability';
import type { MessagesOf } from './types';
import { count } from '#core/french-format';

export const deliverabilityErrorMessages: MessagesOf<typeof DELIVERABILITY_ERRORS> = {
  sender_domain_not_set: 'Enregistrez d’abord une adresse d’expédition sur votre nom de domaine.',
  self_test_failed: 'L’e-mail de test n’a pas pu être envoyé ou relu. Réessayez dans quelques minutes.',
};

/** What a DNS check says when a record is not right (shown under the record). */
export const dnsCheckMessages = {
  notFound: 'Aucun enregistrement TXT trouvé à ce nom. Publiez la valeur indiquée puis réessayez (la propagation DNS peut prendre jusqu’à quelques heures).',
  lookupFailed: (code: string) => `La recherche DNS a échoué (${code}). Réessayez dans quelques minutes.`,
  dkimOtherKey: (seen: string) => `Un enregistrement DKIM est publié, mais avec une autre clé publique\u202f: ${seen}`,
  dkimNoKey: (seen: string) => `L’enregistrement trouvé ne contient pas de clé publique (p=)\u202f: ${seen}`,
  spfNone: (seen: string) => `Aucun enregistrement SPF (v=spf1) parmi les TXT du domaine\u202f: ${seen}`,
  spfMultiple: (n: number) =>
    `${count(n, 'enregistrement SPF est publié', 'enregistrements SPF sont publiés')}\u202f: un domaine ne doit en avoir qu’un seul (sinon SPF échoue pour tous les e-mails). Fusionnez-les en un seul enregistrement.`,
  spfNoInclude: (include: string, seen: string) => `L’enregistrement SPF n’autorise pas notre serveur d’envoi (include:${include} manquant)\u202f: ${seen}`,
  dmarcNone: (seen: string) => `Aucun enregistrement DMARC (v=DMARC1) à ce nom\u202f: ${seen}`,
  dmarcMultiple: (n: number) => `${count(n, 'enregistrement DMARC est publié', 'enregistrements DMARC sont publiés')}\u202f: il n’en faut qu’un seul.`,
  dmarcNoPolicy: (seen: string) => `L’enregistrement DMARC n’a pas de politique valide (p=none, quarantine ou reject)\u202f: ${seen}`,
};

/** The self-test's checklist: one sentence per check, passed or not. */
export const selfTestMessages = {
  dkimValid: (domain: string, selector: string) => `Signature DKIM valide pour ${domain} (sélecteur ${selector}).`,
  dkimUnsigned: 'Aucune signature DKIM\u202f: tant que votre domaine n’est pas vérifié, les e-mails partent de l’adresse de l’application, sans votre signature.',
  dkimInvalid: (domain: string, reason: string) => `La signature DKIM pour ${domain} ne se vérifie pas (${reason}). Vérifiez l’enregistrement DKIM publié.`,
  aligned: (domain: string) => `Le domaine de la signature correspond à celui de l’expéditeur (${domain})\u202f: DMARC est satisfait.`,
  notAligned: (from: string) => `Aucune signature valide ne correspond au domaine de l’expéditeur (${from}).`,
  unsubscribeSigned: 'Les en-têtes List-Unsubscribe et List-Unsubscribe-Post sont présents et couverts par la signature.',
  unsubscribeMissing: (missing: string) => `En-tête de désinscription en un clic absent\u202f: ${missing}.`,
  unsubscribeUnsigned: (unsigned: string) => `En-tête de désinscription présent mais non couvert par une signature valide\u202f: ${unsigned}.`,
  textPart: 'L’e-mail contient une version texte, lue par les messageries qui n’affichent pas le HTML.',
  noTextPart: 'L’e-mail n’a pas de version texte\u202f: certains filtres anti-spam le pénalisent.',
  htmlSize: (kb: string) => `HTML de ${kb} Ko, sous la limite de 100 Ko (Gmail coupe les messages au-delà de 102 Ko).`,
  htmlTooLarge: (kb: string) => `HTML de ${kb} Ko\u202f: au-delà de 100 Ko, Gmail coupe le message et masque la fin (dont le lien de désinscription).`,
  noHtml: 'L’e-mail n’a pas de partie HTML.',
};
