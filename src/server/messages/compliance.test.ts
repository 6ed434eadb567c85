import { describe, expect, it } from 'vitest';
import { complianceMessages } from './compliance';

describe('complianceMessages.dataRequestText', () => {
  it('elides "de" before a shop domain that starts with a vowel, with the sentence’s typographic apostrophe', () => {
    expect(complianceMessages.dataRequestText('atelier-nova.myshopify.com', '555', 'https://x.test/e')).toContain(
      'aux données d’un client d’atelier-nova.myshopify.com (demande 555)',
    );
    expect(complianceMessages.dataRequestText('maison.myshopify.com', '555', 'https://x.test/e')).toContain('d’un client de maison.myshopify.com (demande 555)');
  });
});
