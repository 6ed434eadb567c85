/** The « how we collect reviews » page in Italian (the French one, ./fr.ts, is the reference: same keys). */
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import type { MethodPageCatalogue } from './index';

export const it: MethodPageCatalogue = {
  lang: 'it',
  title: 'Come raccogliamo le recensioni',
  paragraphs: (shopName: string, unverifiedShown: boolean) => [
    `Dopo un ordine, ${shopName} invita il cliente via e-mail a lasciare una recensione: nessuno viene scelto in base a ciò che potrebbe dire.`,
    unverifiedShown
      ? `Una recensione lasciata tramite il link personale di questo invito, collegato a un ordine, riporta la dicitura «Acquisto verificato». Il negozio può anche condividere un link per le recensioni aperto a tutti: le recensioni lasciate tramite questo link non sono collegate a un ordine, quindi non possiamo verificare che provengano da acquirenti, e riportano la dicitura «Acquisto non verificato». Un link condiviso accetta al massimo ${SHARED_LINK_LIMITS.perHour} recensioni all’ora e ${SHARED_LINK_LIMITS.perDay} al giorno.`
      : 'Qui sono mostrate solo le recensioni di acquisti verificati, con la dicitura «Acquisto verificato»: ognuna è stata lasciata tramite il link personale di questo invito, collegato a un ordine. Le recensioni lasciate tramite un link per le recensioni condiviso dal negozio non sono collegate a un ordine e non sono mostrate qui.',
    'Nessuna recensione viene esclusa per il suo voto: da 1 a 5 stelle, sono tutte pubblicate allo stesso modo.',
    'Una recensione viene nascosta solo per uno di questi motivi, indicati dal commerciante e registrati: contenuti offensivi o d’odio, dati personali, contenuti fuori tema o una recensione che non proviene da un cliente. Le recensioni nascoste sono conteggiate pubblicamente sotto la valutazione media.',
    // Photos (decision 058) follow the same rule: content only, never the rating.
    'Le foto allegate alle recensioni sono moderate allo stesso modo, solo per il loro contenuto e mai in base alla valutazione: una foto viene nascosta solo per uno di questi motivi, e le foto nascoste sono conteggiate pubblicamente.',
  ],
};
