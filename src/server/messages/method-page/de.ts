/** The « how we collect reviews » page in German (the French one, ./fr.ts, is the reference: same keys). */
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import type { MethodPageCatalogue } from './index';

export const de: MethodPageCatalogue = {
  lang: 'de',
  title: 'So sammeln wir Bewertungen',
  paragraphs: (shopName: string, unverifiedShown: boolean) => [
    `Nach einer Bestellung bittet ${shopName} die Kundin oder den Kunden per E-Mail um eine Bewertung. Niemand wird danach ausgewählt, was er darüber sagen könnte.`,
    unverifiedShown
      ? `Eine Bewertung, die über den persönlichen Link dieser Einladung abgegeben wird, ist mit einer Bestellung verknüpft und trägt den Hinweis „Verifizierter Kauf“. Der Shop kann außerdem einen Bewertungslink teilen, den alle nutzen können. Darüber abgegebene Bewertungen sind mit keiner Bestellung verknüpft, daher können wir nicht prüfen, ob sie von Käufern stammen; sie tragen den Hinweis „Nicht verifizierter Kauf“. Ein geteilter Link nimmt höchstens ${SHARED_LINK_LIMITS.perHour} Bewertungen pro Stunde und ${SHARED_LINK_LIMITS.perDay} pro Tag an.`
      : 'Hier werden nur Bewertungen verifizierter Käufe angezeigt, mit dem Hinweis „Verifizierter Kauf“: Jede wurde über den persönlichen Link dieser Einladung abgegeben, der mit einer Bestellung verknüpft ist. Bewertungen über einen Bewertungslink, den der Shop teilt, sind mit keiner Bestellung verknüpft und werden hier nicht angezeigt.',
    'Keine Bewertung wird wegen ihrer Note zurückgehalten: Von 1 bis 5 Sternen werden alle gleich veröffentlicht.',
    'Eine Bewertung wird nur aus einem dieser Gründe ausgeblendet, die der Händler angibt und die gespeichert werden: beleidigende oder hasserfüllte Äußerungen, personenbezogene Daten, kein Bezug zum Thema oder eine Bewertung, die nicht von einem Kunden stammt. Ausgeblendete Bewertungen werden unter der Durchschnittsbewertung öffentlich gezählt.',
    // Photos (decision 058) follow the same rule: content only, never the rating.
    'Fotos zu Bewertungen werden ebenso moderiert, nur nach ihrem Inhalt und nie nach der Bewertung: Ein Foto wird nur aus einem dieser Gründe ausgeblendet, und ausgeblendete Fotos werden öffentlich gezählt.',
  ],
};
