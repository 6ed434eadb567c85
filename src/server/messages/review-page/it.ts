/** The review page in Italian (the French catalogue, fr.ts, is the reference: same keys). */
import { countIn, longDateIn } from '#core/customer-format';
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import type { ReviewPageCatalogue } from './index';

export const it: ReviewPageCatalogue = {
  /** The page's `lang`. */
  lang: 'it',
  /** A date in a sentence («1 aprile 2026» reads «intorno al giorno 1 aprile 2026»); `locale` is the request's. */
  date: (date: Date, locale: string, timeZone: string) => longDateIn(locale, date, timeZone),
  invalidLink: 'Link non valido o scaduto',
  storeNotFound: 'Negozio non trovato',
  loadError: 'Errore durante il caricamento',
  submitError: 'Errore durante l’invio',
  alreadyUsed: 'Hai già lasciato una recensione con questo link. Grazie!',
  ratingRequired: 'Scegli una valutazione',
  nameEmailRequired: 'Inserisci il tuo nome e la tua e-mail',
  emailInvalid: 'Inserisci un indirizzo e-mail valido',
  nameTooLong: 'Il nome non può superare i 120 caratteri',
  commentTooLong: 'Il commento non può superare i 5.000 caratteri',
  tooMany: 'Troppi tentativi. Riprova tra qualche minuto.',
  /** The shared link's limits (decision 044, SHARED_LINK_LIMITS): nothing was stored. */
  sharedLinkBusy: `Questo link ha raggiunto il numero massimo di recensioni (${SHARED_LINK_LIMITS.perHour} all’ora, ${SHARED_LINK_LIMITS.perDay} al giorno). La tua recensione non è stata salvata: riprova più tardi.`,
  defaultTitle: 'La tua opinione conta per noi',
  defaultDescription: (store: string) => `Com’è andato il tuo ordine da ${store}?`,
  defaultThankYou: 'Grazie per la tua recensione!',
  defaultButton: 'AVANTI',
  ratingLegend: 'La tua valutazione',
  stars: (n: number) => countIn('it', n, 'stella', 'stelle'),
  name: 'Il tuo nome',
  email: 'Il tuo indirizzo e-mail',
  comment: 'Il tuo commento (facoltativo)',
  sending: 'Invio…',
  publicInvite: 'Puoi anche condividere la tua recensione pubblicamente:',
  publicButton: 'Lascia una recensione pubblica',
  continueToSite: 'Vai alla pagina delle recensioni',
  poweredBy: (store: string) => `Recensioni raccolte per ${store}`,
  /** EU Omnibus directive: say how reviews are collected (the short line where the store's settings are not read: the merchant's preview). */
  howCollected: 'Le recensioni vengono richieste ai clienti dopo il loro ordine, qualunque sia la loro valutazione.',
  /** 'Come raccogliamo le recensioni': generated from the store's real settings (reviews/notice.ts). */
  notice: {
    heading: 'Come raccogliamo le recensioni',
    /** "il pagamento", "la spedizione", "la consegna" of the order (they follow «dopo»). */
    events: { order_paid: 'il pagamento', order_fulfilled: 'la spedizione', order_delivered: 'la consegna' },
    soon: {
      order_paid: 'non appena l’ordine è pagato',
      order_fulfilled: 'non appena l’ordine è spedito',
      order_delivered: 'non appena l’ordine è consegnato',
    },
    after: (days: number, event: string) => `${countIn('it', days, 'giorno', 'giorni')} dopo ${event}`,
    minimum: (amount: string) => `per gli ordini di almeno ${amount}`,
    whoFlows: (moments: string) => `Invitiamo via e-mail a lasciare una recensione ogni cliente che ha effettuato un ordine, ${moments}.`,
    /** Several flows, one ask (decision 024): the moment that comes latest in the order's life wins. */
    whoFlowsOnce: (moments: string) =>
      `Invitiamo via e-mail a lasciare una recensione ogni cliente che ha effettuato un ordine, una sola volta per ordine: ${moments}, nel momento più vicino alla ricezione dell’ordine.`,
    whoNoFlow: 'Gli inviti vengono mandati dal negozio ai clienti che hanno effettuato un ordine.',
    or: ' o ',
    reminder: (days: string) => `Viene inviato un solo promemoria ${days} dopo l’invito, e solo a chi non ha ancora lasciato una recensione.`,
    reminderDays: (days: number) => countIn('it', days, 'giorno', 'giorni'),
    samePathPublic:
      'Qualunque sia la valutazione, ogni cliente segue lo stesso percorso e riceve l’invito a pubblicare la propria recensione sulla nostra pagina pubblica delle recensioni.',
    samePath: 'Qualunque sia la valutazione, ogni cliente segue lo stesso percorso.',
    byRating:
      'Cosa succede dopo l’invio della tua recensione dipende dalla valutazione che scegli: un invito a pubblicare una recensione pubblica, un messaggio privato al negozio o una segnalazione al negozio.',
    kept: 'Tutte le recensioni vengono conservate, qualunque sia la valutazione. Nessuna recensione è retribuita né ricompensata.',
    verifiedOrder:
      'Questo invito è legato a un ordine reale: lo ricevono solo i clienti che hanno effettuato un ordine. È così che verifichiamo che le recensioni provengano da acquirenti, e la tua recensione riporta la dicitura «Acquisto verificato» sul negozio online.',
    sharedLink: 'Questo link è condiviso dal negozio: le recensioni lasciate qui non sono collegate a un ordine, quindi non possiamo verificare che provengano da acquirenti.',
    noOrder: 'Questo invito ti è stato inviato direttamente dal negozio: la tua recensione non sarà collegata a un ordine verificato.',
    /** After the shared link's or a request without order's sentence: what the storefront does with such a review (decision 044). */
    unverifiedKept: 'Una recensione senza acquisto verificato viene trasmessa al negozio, ma non viene mostrata sul suo negozio online.',
    unverifiedShown: 'Una recensione senza acquisto verificato può essere mostrata sul negozio online, con la dicitura «Acquisto non verificato».',
  },
  /** «Non ho ancora ricevuto il mio ordine» (reminders.ts postponeRequest). */
  postpone: {
    question: 'Il tuo ordine non è ancora arrivato?',
    button: 'Non ho ancora ricevuto il mio ordine',
    done: (date: string) => `Ne abbiamo preso nota. Ti ricontatteremo verso questa data: ${date}. Puoi anche lasciare la tua recensione fin da ora.`,
    reviewed: 'Hai già lasciato una recensione per questo ordine. Grazie!',
    followUpSent: 'Ti abbiamo già ricontattato per questo ordine: non ti scriveremo più. Puoi lasciare la tua recensione quando vuoi con questo link.',
    unsubscribed: 'Non ricevi più le nostre e-mail: non ti ricontatteremo. Puoi comunque lasciare la tua recensione qui sotto.',
    notSent: 'Questa richiesta non può essere rimandata. Puoi lasciare la tua recensione qui sotto quando vuoi.',
    withdrawn: 'Il negozio non prevede più di ricontattarti per questo ordine. Puoi comunque lasciare la tua recensione qui sotto, se lo desideri.',
  },
  /** Photos with the review (decision 058); `{n}`, `{total}`, `{name}`, `{reason}` are filled by the page. */
  photos: {
    label: 'Aggiungi foto (facoltativo)',
    hint: 'Fino a 3 foto in formato JPEG, PNG o WebP, massimo 10 MB ciascuna. Vengono pubblicate senza i loro metadati (luogo, fotocamera).',
    thumbnail: 'Foto {n}: {name}',
    remove: 'Rimuovi la foto {n}',
    tooMany: 'Al massimo tre foto: le altre non sono state aggiunte.',
    sending: 'Caricamento della foto {n} di {total}…',
    progress: 'Caricamento della foto {n}',
    failed: 'Non è stato possibile aggiungere la foto {n}: {reason}',
    reviewSaved: 'La tua recensione è stata salvata.',
    continue: 'Continua',
    reasons: {
      too_large: 'supera i 10 MB.',
      unsupported_type: 'non è una foto JPEG, PNG o WebP.',
      unreadable: 'il file è illeggibile o danneggiato.',
      too_many_pixels: 'è troppo grande (oltre 50 milioni di pixel).',
      too_many_photos: 'la tua recensione ha già tre foto.',
      upload_closed: 'il tempo per aggiungere foto a questa recensione è scaduto.',
      rate_limited: 'troppi caricamenti in poco tempo, riprova tra qualche minuto.',
      failed: 'la connessione si è interrotta.',
    },
  },
};
