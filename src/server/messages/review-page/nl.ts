/** The review page in Dutch (the French catalogue, fr.ts, is the reference: same keys). */
import { countIn, longDateIn } from '#core/customer-format';
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import type { ReviewPageCatalogue } from './index';

export const nl: ReviewPageCatalogue = {
  /** The page's `lang`. */
  lang: 'nl',
  /** A date in a sentence (« 1 april 2026 » reads « rond 1 april 2026 »); `locale` is the request's. */
  date: (date: Date, locale: string, timeZone: string) => longDateIn(locale, date, timeZone),
  invalidLink: 'Ongeldige of verlopen link',
  storeNotFound: 'Winkel niet gevonden',
  loadError: 'Fout bij het laden',
  submitError: 'Fout bij het versturen',
  alreadyUsed: 'Je hebt met deze link al een review achtergelaten. Bedankt!',
  ratingRequired: 'Kies een score',
  nameEmailRequired: 'Vul je naam en e-mailadres in',
  emailInvalid: 'Vul een geldig e-mailadres in',
  nameTooLong: 'De naam mag niet langer zijn dan 120 tekens',
  commentTooLong: 'De toelichting mag niet langer zijn dan 5.000 tekens',
  tooMany: 'Te veel pogingen. Probeer het over een paar minuten opnieuw.',
  /** The shared link's limits (decision 044, SHARED_LINK_LIMITS): nothing was stored. */
  sharedLinkBusy: `Deze reviewlink heeft het maximale aantal reviews bereikt (${SHARED_LINK_LIMITS.perHour} per uur, ${SHARED_LINK_LIMITS.perDay} per dag). Je review is niet opgeslagen: probeer het later opnieuw.`,
  defaultTitle: 'Jouw mening telt',
  defaultDescription: (store: string) => `Hoe was je bestelling bij ${store}?`,
  defaultThankYou: 'Bedankt voor je review!',
  defaultButton: 'VOLGENDE',
  ratingLegend: 'Je score',
  stars: (n: number) => countIn('nl', n, 'ster', 'sterren'),
  name: 'Je naam',
  email: 'Je e-mailadres',
  comment: 'Je toelichting (optioneel)',
  sending: 'Versturen…',
  publicInvite: 'Je kunt je review ook openbaar delen:',
  publicButton: 'Plaats een openbare review',
  continueToSite: 'Verder naar de reviewpagina',
  poweredBy: (store: string) => `Reviews verzameld voor ${store}`,
  /** EU Omnibus directive: say how reviews are collected (the short line where the store's settings are not read: the merchant's preview). */
  howCollected: 'Reviews worden na de bestelling bij klanten verzameld, ongeacht de score die ze geven.',
  /** 'How we collect reviews': generated from the store's real settings (reviews/notice.ts). */
  notice: {
    heading: 'Zo verzamelen we reviews',
    /** "de betaling", "de verzending", "de levering" of the order. */
    events: { order_paid: 'de betaling', order_fulfilled: 'de verzending', order_delivered: 'de levering' } as Record<string, string>,
    soon: {
      order_paid: 'zodra de bestelling is betaald',
      order_fulfilled: 'zodra de bestelling is verzonden',
      order_delivered: 'zodra de bestelling is geleverd',
    } as Record<string, string>,
    after: (days: number, event: string) => `${countIn('nl', days, 'dag', 'dagen')} na ${event}`,
    minimum: (amount: string) => `voor bestellingen vanaf ${amount}`,
    whoFlows: (moments: string) => `We sturen elke klant die een bestelling heeft geplaatst een uitnodiging per e-mail, ${moments}.`,
    /** Several flows, one ask (decision 024): the moment that comes latest in the order's life wins. */
    whoFlowsOnce: (moments: string) =>
      `We sturen elke klant die een bestelling heeft geplaatst per e-mail één uitnodiging per bestelling: ${moments}, waarbij het moment geldt dat het dichtst bij de ontvangst van de bestelling ligt.`,
    whoNoFlow: 'De uitnodigingen worden door de winkel verstuurd naar klanten die een bestelling hebben geplaatst.',
    or: ' of ',
    reminder: (days: string) => `Er wordt maar één herinnering verstuurd, ${days} na de uitnodiging, en alleen naar wie nog geen review heeft achtergelaten.`,
    reminderDays: (days: number) => countIn('nl', days, 'dag', 'dagen'),
    samePathPublic: 'Ongeacht de score doorloopt elke klant dezelfde stappen, en iedereen krijgt de mogelijkheid om de review op onze openbare reviewpagina te plaatsen.',
    samePath: 'Ongeacht de score doorloopt elke klant dezelfde stappen.',
    byRating:
      'Wat er gebeurt nadat je je review hebt verstuurd, hangt af van de gekozen score: een uitnodiging om een openbare review te plaatsen, een privébericht aan de winkel of een melding aan de winkel.',
    kept: 'Alle reviews worden bewaard, ongeacht de score. Voor geen enkele review wordt een vergoeding of beloning gegeven.',
    verifiedOrder:
      'Deze uitnodiging hoort bij een echte bestelling: alleen klanten die iets hebben besteld, ontvangen haar. Zo controleren we dat reviews van kopers komen, en je review krijgt in de webshop het label ‘Geverifieerde aankoop’.',
    sharedLink:
      'Deze link wordt door de winkel gedeeld: reviews die hier worden achtergelaten, zijn niet aan een bestelling gekoppeld, dus we kunnen niet controleren of ze van kopers komen.',
    noOrder: 'Deze uitnodiging is rechtstreeks door de winkel naar je gestuurd: je review wordt niet aan een geverifieerde bestelling gekoppeld.',
    /** After the shared link's or a request without order's sentence: what the storefront does with such a review (decision 044). */
    unverifiedKept: 'Een review zonder geverifieerde aankoop wordt doorgestuurd naar de winkel, maar niet in de webshop getoond.',
    unverifiedShown: 'Een review zonder geverifieerde aankoop kan in de webshop worden getoond, met het label ‘Niet-geverifieerde aankoop’.',
  },
  /** "I haven't received my order yet" (reminders.ts postponeRequest). */
  postpone: {
    question: 'Is je bestelling nog niet aangekomen?',
    button: 'Ik heb mijn bestelling nog niet ontvangen',
    done: (date: string) => `Genoteerd. We nemen rond ${date} opnieuw contact met je op. Je kunt ook nu al een review achterlaten.`,
    reviewed: 'Je hebt voor deze bestelling al een review achtergelaten. Bedankt!',
    followUpSent:
      'We hebben je voor deze bestelling al een herinnering gestuurd: we nemen geen contact meer met je op. Met deze link kun je een review achterlaten wanneer je wilt.',
    unsubscribed: 'Je ontvangt geen e-mails meer van ons: we nemen geen contact meer met je op. Je kunt hieronder nog steeds een review achterlaten.',
    notSent: 'Dit verzoek kan niet worden uitgesteld. Je kunt hieronder een review achterlaten wanneer je wilt.',
    withdrawn: 'De winkel is niet meer van plan om voor deze bestelling contact met je op te nemen. Je kunt hieronder nog steeds een review achterlaten als je dat wilt.',
  },
  /** Photos with the review (decision 058); `{n}`, `{total}`, `{name}`, `{reason}` are filled by the page. */
  photos: {
    label: 'Foto’s toevoegen (optioneel)',
    hint: 'Maximaal 3 foto’s in JPEG, PNG of WebP, elk hoogstens 10 MB. Ze worden gepubliceerd zonder hun metadata (locatie, camera).',
    thumbnail: 'Foto {n}: {name}',
    remove: 'Foto {n} verwijderen',
    tooMany: 'Maximaal drie foto’s: de andere zijn niet toegevoegd.',
    sending: 'Foto {n} van {total} wordt geüpload…',
    progress: 'Foto {n} wordt geüpload',
    failed: 'Foto {n} kon niet worden toegevoegd: {reason}',
    reviewSaved: 'Je review is opgeslagen.',
    continue: 'Doorgaan',
    reasons: {
      too_large: 'hij is groter dan 10 MB.',
      unsupported_type: 'het is geen JPEG-, PNG- of WebP-foto.',
      unreadable: 'het bestand is onleesbaar of beschadigd.',
      too_many_pixels: 'hij is te groot (meer dan 50 miljoen pixels).',
      too_many_photos: 'je review heeft al drie foto’s.',
      upload_closed: 'de tijd om foto’s aan deze review toe te voegen is verstreken.',
      rate_limited: 'te veel uploads in korte tijd, probeer het over een paar minuten opnieuw.',
      failed: 'de verbinding is verbroken.',
    },
  },
};
