import { describe, expect, it } from 'vitest';
import { accountDisplayName, personName } from './account-name';

describe('the name an account goes by', () => {
  it('is the person’s name once given, else the e-mail', () => {
    expect(accountDisplayName({ name: ' Zoé Martin ', email: 'zoe@boutique.fr' })).toBe('Zoé Martin');
    expect(accountDisplayName({ name: '', email: 'zoe@boutique.fr', companyName: 'Maison Lumière' })).toBe('zoe@boutique.fr');
    expect(accountDisplayName({ name: '   ', email: 'zoe@boutique.fr' })).toBe('zoe@boutique.fr');
    expect(accountDisplayName({ name: null, email: 'zoe@boutique.fr' })).toBe('zoe@boutique.fr');
  });

  it('never takes the company for the person (accounts the onboarding named after the company before issue 29)', () => {
    const user = { name: 'Maison Lumière', email: 'zoe@boutique.fr', companyName: 'maison lumière ' };
    expect(personName(user)).toBe('');
    expect(accountDisplayName(user)).toBe('zoe@boutique.fr');
    expect(accountDisplayName({ ...user, name: 'Zoé Martin' })).toBe('Zoé Martin');
  });
});
