/**
 * /app/settings, section 'Délivrabilité' (issue 18, decision 017): the store's own sending address,
 * the DNS records to publish for it (DKIM, SPF, DMARC), 'Vérifier', and the self-test's checklist.
 * Sentences that insert an address put it after a colon, so no elision is needed.
 */
import type { DnsRecordKind, SelfTestCheckId } from '#core/api/deliverability';

import { count, plural } from '#core/french-format';

const kindNames: Record<DnsRecordKind, string> = { dkim: 'DKIM', spf: 'SPF', dmarc: 'DMARC' };

export const deliverability = {
  heading: 'Délivrabilité',
  loading: 'Chargement de la délivrabilité…',
  loadError: 'Impossible de charger l’adresse d’expédition.',
  intro:
    'Vos e-mails arrivent plus souvent en boîte de réception quand ils partent de votre propre domaine, signés (DKIM) et annoncés par vos enregistrements DNS (SPF et DMARC), comme l’exigent Gmail, Yahoo et Outlook.',
  current: {
    heading: 'Aujourd’hui',
    appAddress: (address: string) => `Vos e-mails partent de l’adresse de l’application\u202f: ${address}.`,
    replyTo: (address: string) => `Les réponses de vos clients arrivent à votre adresse\u202f: ${address}.`,
    untilVerified: 'Une fois votre domaine vérifié, ils partiront de votre propre adresse, signés (DKIM).',
    ownAddress: (address: string) => `Vos e-mails partent de votre adresse\u202f: ${address}, signés (DKIM) pour votre domaine.`,
  },
  form: {
    label: 'Adresse d’expédition de la boutique',
    address: 'Adresse d’expédition',
    placeholder: 'avis@votre-boutique.fr',
    // Not the bare 'Enregistrer' of the settings form above: two buttons of one name on a page are ambiguous.
    save: 'Enregistrer l’adresse',
    hint: 'Une adresse de votre propre domaine (pas une adresse Gmail, Outlook ou Yahoo). Nous créons une clé de signature pour ce domaine.',
    domainChange: (domain: string) =>
      `Vous changez de domaine (${domain})\u202f: une nouvelle clé DKIM sera créée, il faudra publier les nouveaux enregistrements DNS puis vérifier le domaine à nouveau. D’ici là, vos e-mails partiront de l’adresse de l’application.`,
    saved: 'Adresse enregistrée',
    savedPublish: 'Adresse enregistrée. Publiez les enregistrements DNS ci-dessous, puis cliquez sur «\u202fVérifier\u202f».',
  },
  status: {
    verified: (date: string) => `Vérifié le ${date}`,
    unverified: 'Non vérifié',
    lastChecked: (date: string) => `Dernière vérification\u202f: ${date}`,
    neverChecked: 'Aucune vérification pour l’instant',
    sender: (address: string) => `Adresse\u202f: ${address}`,
  },
  records: {
    heading: 'Enregistrements DNS à publier',
    intro: (domain: string) =>
      `Ajoutez ces trois enregistrements TXT dans la zone DNS du domaine ${domain}, chez votre hébergeur de domaine (OVH, Gandi, GoDaddy, Cloudflare…), puis cliquez sur «\u202fVérifier\u202f». La propagation peut prendre quelques heures.`,
    hostHint: (domain: string) => `Si votre hébergeur ajoute le domaine de lui-même, saisissez le nom sans «\u202f.${domain}\u202f».`,
    spfExisting:
      'Si votre domaine a déjà un enregistrement SPF (commençant par «\u202fv=spf1\u202f»), ajoutez-y notre «\u202finclude\u202f» plutôt que d’en créer un second\u202f: un domaine ne peut en avoir qu’un.',
    regionLabel: 'Enregistrements DNS à publier (défilement horizontal)',
    caption: 'Enregistrements DNS à publier',
    columns: { record: 'Enregistrement', type: 'Type', name: 'Nom', value: 'Valeur', status: 'État' },
    kind: kindNames,
    statuses: { unchecked: 'À vérifier', ok: 'Correct', missing: 'Absent', wrong: 'Incorrect' },
    copy: 'Copier',
    copied: 'Copié',
    copyLabel: (kind: DnsRecordKind) => `Copier la valeur ${kindNames[kind]}`,
    copiedAnnouncement: (kind: DnsRecordKind) => `Valeur ${kindNames[kind]} copiée`,
    copyFailed: 'Copie impossible\u202f: sélectionnez la valeur et copiez-la à la main.',
  },
  verify: {
    action: 'Vérifier',
    busy: 'Vérification…',
    verified: (address: string) => `Domaine vérifié\u202f: vos e-mails partent désormais de votre adresse, ${address}, signés.`,
    partial: (ok: number, total: number) =>
      `Vérification terminée\u202f: ${ok} ${plural(ok, 'enregistrement correct', 'enregistrements corrects')} sur ${total}. Corrigez les autres puis vérifiez à nouveau.`,
  },
  remove: {
    action: 'Supprimer l’adresse',
    title: 'Supprimer l’adresse d’expédition\u202f?',
    body: (appAddress: string) =>
      `Vos e-mails partiront de nouveau de l’adresse de l’application\u202f: ${appAddress}. La clé DKIM sera effacée\u202f: si vous enregistrez à nouveau cette adresse, il faudra publier un nouvel enregistrement DKIM.`,
    confirm: 'Supprimer',
    busy: 'Suppression…',
    cancel: 'Annuler',
    done: 'Adresse supprimée\u202f: vos e-mails partent de l’adresse de l’application.',
  },
  selfTest: {
    heading: 'Tester la délivrabilité',
    intro:
      'Envoie un e-mail identique à ceux que reçoivent vos clients vers une boîte de l’application, puis contrôle ce qui est arrivé\u202f: signature, alignement du domaine, désinscription en un clic, version texte et taille.',
    action: 'Tester la délivrabilité',
    busy: 'Test en cours…',
    resultHeading: 'Résultat du test',
    sentTo: (address: string) => `Envoyé à\u202f: ${address}`,
    from: (address: string) => `Expéditeur\u202f: ${address}`,
    allPassed: 'Tous les contrôles sont réussis.',
    failed: (n: number) => `${count(n, 'contrôle en échec', 'contrôles en échec')}.`,
    listLabel: 'Contrôles du test',
    passed: 'Réussi',
    notPassed: 'Échec',
    checks: {
      dkim_valid: 'Signature DKIM valide',
      alignment: 'Alignement du domaine',
      one_click_unsubscribe: 'Désinscription en un clic présente et signée',
      text_part: 'Version texte présente',
      html_size: 'HTML de moins de 100 Ko',
    } satisfies Record<SelfTestCheckId, string>,
  },
};
