/** The « how we collect reviews » page in Dutch (the French one, ./fr.ts, is the reference: same keys). */
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import type { MethodPageCatalogue } from './index';

export const nl: MethodPageCatalogue = {
  lang: 'nl',
  title: 'Zo verzamelen we reviews',
  paragraphs: (shopName: string, unverifiedShown: boolean) => [
    `Na een bestelling vraagt ${shopName} de klant per e-mail om een review. Niemand wordt gekozen op basis van wat die erover zou kunnen zeggen.`,
    unverifiedShown
      ? `Een review die via de persoonlijke link in die uitnodiging is geplaatst, is gekoppeld aan een bestelling en krijgt het label ‘Geverifieerde aankoop’. De winkel kan ook een reviewlink delen die voor iedereen openstaat. Reviews via die link zijn niet aan een bestelling gekoppeld, dus we kunnen niet controleren of ze van kopers komen; ze krijgen het label ‘Niet-geverifieerde aankoop’. Een gedeelde link accepteert maximaal ${SHARED_LINK_LIMITS.perHour} reviews per uur en ${SHARED_LINK_LIMITS.perDay} per dag.`
      : 'Hier staan alleen reviews van geverifieerde aankopen, met het label ‘Geverifieerde aankoop’: elke review is geplaatst via de persoonlijke link in die uitnodiging, die aan een bestelling is gekoppeld. Reviews via een reviewlink die de winkel deelt, zijn niet aan een bestelling gekoppeld en staan hier niet.',
    'Geen enkele review wordt weggelaten vanwege de score: van 1 tot 5 sterren worden ze allemaal op dezelfde manier gepubliceerd.',
    'Een review wordt alleen verborgen om een van deze redenen, die de verkoper opgeeft en die worden vastgelegd: beledigende of haatdragende inhoud, persoonsgegevens, niet ter zake, of een review die niet van een klant komt. Verborgen reviews worden openbaar geteld onder de gemiddelde score.',
    // Photos (decision 058) follow the same rule: content only, never the rating.
    'Foto’s bij reviews worden op dezelfde manier gemodereerd, alleen op hun inhoud en nooit op basis van de score: een foto wordt alleen om een van deze redenen verborgen, en verborgen foto’s worden openbaar geteld.',
  ],
};
