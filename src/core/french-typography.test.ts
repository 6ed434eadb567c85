import { describe, expect, it } from 'vitest';
import { findTypographyIssues, looksPlural, type TypographyRule } from './french-typography';

const rules = (text: string): TypographyRule[] => findTypographyIssues(text).map((issue) => issue.rule);

describe('findTypographyIssues', () => {
  it('finds nothing in well-set French', () => {
    expect(rules('Merci\u202f! Que s’est-il passé\u202f? Remarque\u202f: «\u202fMême parcours\u202f»\u202f; l’avis.')).toEqual([]);
    expect(rules('1 demande d’avis programmée, {#} avis plus tard')).toEqual([]);
  });

  it('refuses an ordinary or a no-break space before ! ? ; :', () => {
    expect(rules('Merci !')).toEqual(['space-before-punctuation']);
    expect(rules('Pourquoi ?')).toEqual(['space-before-punctuation']);
    expect(rules('un ; deux')).toEqual(['space-before-punctuation']);
    expect(rules('Recommandé : attendre le scan')).toEqual(['space-before-punctuation']);
    expect(rules('Recommandé\u00a0: attendre le scan')).toEqual(['space-before-punctuation']);
  });

  it('refuses ! ? ; glued to a word, and a colon glued to a word before a space', () => {
    expect(rules('1 demandes d’avis programmées!')).toContain('missing-space-before-punctuation');
    expect(rules('Vraiment?')).toEqual(['missing-space-before-punctuation']);
    expect(rules('Note: lisez')).toEqual(['missing-space-before-punctuation']);
    expect(rules('Bravo {{ customer_name }}!')).toEqual(['missing-space-before-punctuation']);
  });

  it('leaves URLs, paths, times, Liquid and HTML entities alone', () => {
    expect(rules('Ouvrez https://example.com/a?b=1 ou /app/settings?tab=1, à 10:30.')).toEqual([]);
    expect(rules('{{ customer_name | default: "client" }} et &nbsp;')).toEqual([]);
    expect(rules('Ajoutez include:spf.example.com (v=spf1)')).toEqual([]);
  });

  it('wants the narrow no-break space inside « »', () => {
    expect(rules('le réglage « Même parcours »')).toEqual(['guillemet-spacing', 'guillemet-spacing']);
    expect(rules('le réglage «Même parcours»')).toEqual(['guillemet-spacing', 'guillemet-spacing']);
    expect(rules('le réglage «\u00a0Même parcours\u00a0»')).toEqual(['guillemet-spacing', 'guillemet-spacing']);
  });

  it('refuses the straight apostrophe inside a word', () => {
    expect(rules("demande d'avis")).toEqual(['straight-apostrophe']);
    expect(rules("l'{shop}")).toEqual(['straight-apostrophe']);
    expect(rules("d'«\u202fAtelier\u202f»")).toEqual(['straight-apostrophe']);
    expect(rules("le mot 'client'")).toEqual([]);
  });

  it('refuses « 1 » before a plural noun, and a run-time count before one', () => {
    expect(rules('1 demandes')).toEqual(['one-with-plural']);
    expect(rules('Il reste 1 e-mails.')).toEqual(['one-with-plural']);
    expect(rules('1 avis, 1 mois, 11 demandes, 1\u202f000 demandes, 2,1 jours')).toEqual([]);
    expect(rules('{#} demandes d’avis programmées')).toEqual(['count-without-agreement']);
    expect(rules('{#} avis reçus')).toEqual([]);
    expect(rules('{…} demandes')).toEqual([]);
  });

  it('wants a space on each side of a middle dot', () => {
    expect(rules('Publié · Lien partagé')).toEqual([]);
    expect(rules('Publié\u00a0· Lien partagé')).toEqual([]);
    expect(rules('· {…}')).toEqual([]);
    expect(rules('Publié·Lien partagé')).toEqual(['middle-dot-spacing']);
    expect(rules('Publié· Lien partagé')).toEqual(['middle-dot-spacing']);
    expect(rules('Publié ·Lien partagé')).toEqual(['middle-dot-spacing']);
    expect(rules('{…}· {…}')).toEqual(['middle-dot-spacing']);
  });

  it('tells where each fault is', () => {
    const [issue] = findTypographyIssues('Tout va bien. Merci !');
    expect(issue?.index).toBe(19);
    expect(issue?.excerpt).toContain('Merci !');
  });
});

describe('looksPlural', () => {
  it('reads a final s or x as plural, invariable nouns aside', () => {
    expect(looksPlural('demandes')).toBe(true);
    expect(looksPlural('jeux')).toBe(true);
    expect(looksPlural('avis')).toBe(false);
    expect(looksPlural('Mois')).toBe(false);
    expect(looksPlural('demande')).toBe(false);
  });
});
