/** The review page in German (the French catalogue, fr.ts, is the reference: same keys). */
import { countIn, longDateIn } from '#core/customer-format';
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import type { ReviewPageCatalogue } from './index';

export const de: ReviewPageCatalogue = {
  /** The page's `lang`. */
  lang: 'de',
  /** A date in a sentence (« 1. April 2026 » reads « um den 1. April 2026 »); `locale` is the request's. */
  date: (date: Date, locale: string, timeZone: string) => longDateIn(locale, date, timeZone),
  invalidLink: 'Ungültiger oder abgelaufener Link',
  storeNotFound: 'Shop nicht gefunden',
  loadError: 'Fehler beim Laden',
  submitError: 'Fehler beim Senden',
  alreadyUsed: 'Sie haben über diesen Link bereits eine Bewertung abgegeben. Vielen Dank!',
  ratingRequired: 'Bitte wählen Sie eine Bewertung aus',
  nameEmailRequired: 'Bitte geben Sie Ihren Namen und Ihre E-Mail-Adresse an',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  nameTooLong: 'Der Name darf höchstens 120 Zeichen lang sein',
  commentTooLong: 'Der Kommentar darf höchstens 5.000 Zeichen lang sein',
  tooMany: 'Zu viele Versuche. Bitte versuchen Sie es in ein paar Minuten erneut.',
  /** The shared link's limits (decision 044, SHARED_LINK_LIMITS): nothing was stored. */
  sharedLinkBusy: `Über diesen Bewertungslink sind bereits so viele Bewertungen eingegangen wie möglich (${SHARED_LINK_LIMITS.perHour} pro Stunde, ${SHARED_LINK_LIMITS.perDay} pro Tag). Ihre Bewertung wurde nicht gespeichert. Bitte versuchen Sie es später erneut.`,
  defaultTitle: 'Ihre Meinung ist uns wichtig',
  defaultDescription: (store: string) => `Wie zufrieden sind Sie mit Ihrer Bestellung bei ${store}?`,
  defaultThankYou: 'Vielen Dank für Ihre Bewertung!',
  defaultButton: 'WEITER',
  ratingLegend: 'Ihre Bewertung',
  stars: (n: number) => countIn('de', n, 'Stern', 'Sterne'),
  name: 'Ihr Name',
  email: 'Ihre E-Mail-Adresse',
  comment: 'Ihr Kommentar (optional)',
  sending: 'Wird gesendet…',
  publicInvite: 'Sie können Ihre Bewertung auch öffentlich teilen:',
  publicButton: 'Öffentliche Bewertung abgeben',
  continueToSite: 'Weiter zur Bewertungsseite',
  poweredBy: (store: string) => `Bewertungen gesammelt im Auftrag von ${store}`,
  /** EU Omnibus directive: say how reviews are collected (the short line where the store's settings are not read: the merchant's preview). */
  howCollected: 'Bewertungen werden nach der Bestellung bei den Kunden eingeholt – unabhängig davon, wie sie ausfallen.',
  /** 'So sammeln wir Bewertungen': generated from the store's real settings (reviews/notice.ts). */
  notice: {
    heading: 'So sammeln wir Bewertungen',
    /** "der Zahlung", "dem Versand", "der Lieferung" of the order: the dative that follows "nach" in `after`. */
    events: { order_paid: 'der Zahlung', order_fulfilled: 'dem Versand', order_delivered: 'der Lieferung' } as Record<string, string>,
    soon: {
      order_paid: 'sobald die Bestellung bezahlt ist',
      order_fulfilled: 'sobald die Bestellung versandt ist',
      order_delivered: 'sobald die Bestellung zugestellt ist',
    } as Record<string, string>,
    after: (days: number, event: string) => `${countIn('de', days, 'Tag', 'Tage')} nach ${event}`,
    minimum: (amount: string) => `bei Bestellungen ab ${amount}`,
    whoFlows: (moments: string) => `Jeder Kunde, der bei uns bestellt hat, erhält per E-Mail eine Einladung zur Bewertung, ${moments}.`,
    /** Several flows, one ask (decision 024): the moment that comes latest in the order's life wins. */
    whoFlowsOnce: (moments: string) =>
      `Jeder Kunde, der bei uns bestellt hat, erhält pro Bestellung nur eine einzige Einladung zur Bewertung per E-Mail: ${moments}, und zwar zu dem Zeitpunkt, der dem Erhalt der Bestellung am nächsten liegt.`,
    whoNoFlow: 'Die Einladungen zur Bewertung verschickt der Shop an Kunden, die dort bestellt haben.',
    or: ' oder ',
    reminder: (days: string) => `${days} nach der Einladung wird eine einzige Erinnerung verschickt – und nur an Kunden, die noch keine Bewertung abgegeben haben.`,
    reminderDays: (days: number) => countIn('de', days, 'Tag', 'Tage'),
    samePathPublic:
      'Unabhängig von der Sternebewertung durchläuft jeder Kunde denselben Ablauf und erhält das Angebot, seine Bewertung auf unserer öffentlichen Bewertungsseite zu veröffentlichen.',
    samePath: 'Unabhängig von der Sternebewertung durchläuft jeder Kunde denselben Ablauf.',
    byRating:
      'Was nach dem Absenden Ihrer Bewertung geschieht, hängt von der gewählten Sternezahl ab: eine Einladung, eine öffentliche Bewertung abzugeben, eine private Nachricht an den Shop oder eine Benachrichtigung an den Shop.',
    kept: 'Alle Bewertungen werden unabhängig von ihrer Sternezahl aufbewahrt. Keine Bewertung wird vergütet oder belohnt.',
    verifiedOrder:
      'Diese Einladung ist an eine tatsächliche Bestellung geknüpft: Nur Kunden, die bestellt haben, erhalten sie. So stellen wir sicher, dass die Bewertungen von Käufern stammen, und Ihre Bewertung wird im Onlineshop als „Verifizierter Kauf“ gekennzeichnet.',
    sharedLink: 'Dieser Link wird vom Shop geteilt: Hier abgegebene Bewertungen sind keiner Bestellung zugeordnet, daher können wir nicht prüfen, ob sie von Käufern stammen.',
    noOrder: 'Diese Einladung hat Ihnen der Shop direkt geschickt: Ihre Bewertung wird keiner verifizierten Bestellung zugeordnet.',
    /** After the shared link's or a request without order's sentence: what the storefront does with such a review (decision 044). */
    unverifiedKept: 'Eine Bewertung ohne verifizierten Kauf wird an den Shop weitergeleitet, aber nicht im Onlineshop angezeigt.',
    unverifiedShown: 'Eine Bewertung ohne verifizierten Kauf kann im Onlineshop mit dem Hinweis „Nicht verifizierter Kauf“ angezeigt werden.',
  },
  /** « Ich habe meine Bestellung noch nicht erhalten » (reminders.ts postponeRequest). */
  postpone: {
    question: 'Ihre Bestellung ist noch nicht angekommen?',
    button: 'Ich habe meine Bestellung noch nicht erhalten',
    done: (date: string) => `Vielen Dank für Ihre Rückmeldung. Wir melden uns um den ${date} noch einmal bei Ihnen. Sie können Ihre Bewertung aber auch schon jetzt abgeben.`,
    reviewed: 'Sie haben für diese Bestellung bereits eine Bewertung abgegeben. Vielen Dank!',
    followUpSent: 'Wir haben Sie zu dieser Bestellung bereits erinnert und melden uns nicht noch einmal. Über diesen Link können Sie Ihre Bewertung jederzeit abgeben.',
    unsubscribed: 'Sie erhalten keine E-Mails mehr von uns, daher melden wir uns nicht noch einmal. Ihre Bewertung können Sie aber weiterhin unten abgeben.',
    notSent: 'Diese Anfrage kann nicht verschoben werden. Sie können Ihre Bewertung jederzeit unten abgeben.',
    withdrawn: 'Der Shop wird sich zu dieser Bestellung nicht mehr bei Ihnen melden. Wenn Sie möchten, können Sie Ihre Bewertung weiterhin unten abgeben.',
  },
  /** Photos with the review (decision 058); `{n}`, `{total}`, `{name}`, `{reason}` are filled by the page. */
  photos: {
    label: 'Fotos hinzufügen (optional)',
    hint: 'Bis zu 3 Fotos im Format JPEG, PNG oder WebP, je höchstens 10 MB. Sie werden ohne ihre Metadaten (Ort, Kamera) veröffentlicht.',
    thumbnail: 'Foto {n}: {name}',
    remove: 'Foto {n} entfernen',
    tooMany: 'Höchstens drei Fotos: Die übrigen wurden nicht hinzugefügt.',
    sending: 'Foto {n} von {total} wird hochgeladen …',
    progress: 'Foto {n} wird hochgeladen',
    failed: 'Foto {n} konnte nicht hinzugefügt werden: {reason}',
    reviewSaved: 'Ihre Bewertung wurde gespeichert.',
    continue: 'Weiter',
    reasons: {
      too_large: 'Es ist größer als 10 MB.',
      unsupported_type: 'Es ist kein Foto im Format JPEG, PNG oder WebP.',
      unreadable: 'Die Datei ist nicht lesbar oder beschädigt.',
      too_many_pixels: 'Es ist zu groß (mehr als 50 Millionen Pixel).',
      too_many_photos: 'Ihre Bewertung hat bereits drei Fotos.',
      upload_closed: 'Die Zeit, um dieser Bewertung Fotos hinzuzufügen, ist abgelaufen.',
      rate_limited: 'Zu viele Uploads in kurzer Zeit. Bitte versuchen Sie es in ein paar Minuten erneut.',
      failed: 'Die Verbindung wurde unterbrochen.',
    },
  },
};
