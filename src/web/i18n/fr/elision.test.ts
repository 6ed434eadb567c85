import { describe, expect, it } from 'vitest';
import { shopifyOnboarding } from './shopify-onboarding';
import { unsubscribe } from './unsubscribe';

// The sentences that insert a name after de/que elide before a vowel sound (src/core/french.ts).
describe('names after de/que in the catalogue', () => {
  it('unsubscribe page: "de" before the store name', () => {
    expect(unsubscribe.intro('Atelier Nova')).toBe('Vous ne souhaitez plus recevoir de demandes d’avis d’Atelier Nova\u202f?');
    expect(unsubscribe.intro('Ma boutique')).toBe('Vous ne souhaitez plus recevoir de demandes d’avis de Ma boutique\u202f?');
  });

  it('onboarding: "que" before the signed-in address', () => {
    expect(shopifyOnboarding.signedInAs('alice@example.com')).toBe('Vous êtes connecté en tant qu’alice@example.com.');
    expect(shopifyOnboarding.signedInAs('zoe@boutique.fr')).toBe('Vous êtes connecté en tant que zoe@boutique.fr.');
  });
});
