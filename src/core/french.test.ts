import { describe, expect, it } from 'vitest';
import { elide, startsWithVowelSound } from './french';

describe('elide', () => {
  it('keeps the full word before a consonant', () => {
    expect(elide('de', 'Marie Dupont')).toBe('de Marie Dupont');
    expect(elide('le', 'Bon Marché')).toBe('le Bon Marché');
    expect(elide('que', 'Paul')).toBe('que Paul');
    expect(elide('la', 'Boutique')).toBe('la Boutique');
  });

  it('elides before a vowel, lower or upper case, accented or not', () => {
    expect(elide('de', 'Atelier Nova')).toBe('d’Atelier Nova');
    expect(elide('de', 'Arthur Robert')).toBe('d’Arthur Robert');
    expect(elide('de', 'Avis Clients')).toBe('d’Avis Clients');
    expect(elide('de', 'épicerie fine')).toBe('d’épicerie fine');
    expect(elide('de', 'Écrin')).toBe('d’Écrin');
    expect(elide('que', 'Inès Roy')).toBe('qu’Inès Roy');
    expect(elide('le', 'Œil du lynx')).toBe('l’Œil du lynx');
    expect(elide('la', 'Usine')).toBe('l’Usine');
    expect(elide('de', 'Île')).toBe('d’Île');
    expect(elide('que', 'alice@example.com')).toBe('qu’alice@example.com');
  });

  it('keeps the capital of a sentence-initial word', () => {
    expect(elide('De', 'Olivia')).toBe('D’Olivia');
    expect(elide('Que', 'Olivia')).toBe('Qu’Olivia');
    expect(elide('Le', 'Marais')).toBe('Le Marais');
  });

  it('writes the one typographic apostrophe, never the straight one', () => {
    expect(elide('de', 'atelier-nova.myshopify.com')).toBe('d’atelier-nova.myshopify.com');
    expect(elide('de', 'Marie')).toBe('de Marie');
    expect(elide('que', 'Inès')).not.toContain("'");
  });

  it('takes an h as mute, except at the start of a common aspirated-h word', () => {
    expect(elide('de', 'Hugo Blanc')).toBe('d’Hugo Blanc');
    expect(elide('de', 'Hélène')).toBe('d’Hélène');
    expect(elide('de', 'HERMÈS')).toBe('d’HERMÈS');
    expect(elide('le', 'Hangar')).toBe('le Hangar');
    expect(elide('de', 'Haute Couture')).toBe('de Haute Couture');
    expect(elide('de', 'Hautes-Alpes Bio')).toBe('de Hautes-Alpes Bio');
    expect(elide('de', 'Héros du jour')).toBe('de Héros du jour');
  });

  it('elides before a y that sounds as a vowel only', () => {
    expect(elide('de', 'Yves Martin')).toBe('d’Yves Martin');
    expect(elide('de', 'Ypres')).toBe('d’Ypres');
    expect(elide('de', 'Yann')).toBe('de Yann');
    expect(elide('de', 'Yoga Studio')).toBe('de Yoga Studio');
    expect(elide('de', 'Y')).toBe('de Y');
  });

  it('does not elide before a digit or a symbol', () => {
    expect(elide('de', '3 Suisses')).toBe('de 3 Suisses');
    expect(elide('de', '8 Avenue')).toBe('de 8 Avenue');
    expect(elide('de', '@home')).toBe('de @home');
    expect(elide('de', '#1001')).toBe('de #1001');
  });

  it('follows the sound past opening quotation marks, and inserts the name trimmed', () => {
    expect(elide('de', '« Atelier »')).toBe('d’« Atelier »');
    expect(elide('de', '"Orange Bleue"')).toBe('d’"Orange Bleue"');
    expect(elide('de', '“Maison”')).toBe('de “Maison”');
    expect(elide('de', ' Atelier ')).toBe('d’Atelier');
    expect(elide('de', ' Marie')).toBe('de Marie');
  });

  it('gives the word alone for an empty or blank name', () => {
    expect(elide('de', '')).toBe('de');
    expect(elide('que', '   ')).toBe('que');
  });
});

describe('startsWithVowelSound', () => {
  it('is false for empty text and non-letters', () => {
    expect(startsWithVowelSound('')).toBe(false);
    expect(startsWithVowelSound('«  »')).toBe(false);
    expect(startsWithVowelSound('1 an')).toBe(false);
  });

  it('is true for a bare h word not on the aspirated list', () => {
    expect(startsWithVowelSound('Horizon')).toBe(true);
    expect(startsWithVowelSound('Hors-série')).toBe(false);
  });
});
