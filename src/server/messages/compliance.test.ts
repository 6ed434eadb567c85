import { describe, expect, it } from 'vitest';
import { complianceMessages } from './compliance';

describe('complianceMessages.dataRequest.intro', () => {
  it('elides "de" before a shop domain that starts with a vowel, with the sentence’s typographic apostrophe', () => {
    expect(complianceMessages.dataRequest.intro('atelier-nova.myshopify.com', '555')).toContain('aux données d’un client d’atelier-nova.myshopify.com (demande 555)');
    expect(complianceMessages.dataRequest.intro('maison.myshopify.com', '555')).toContain('d’un client de maison.myshopify.com (demande 555)');
  });
});
