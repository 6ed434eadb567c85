import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE, renderReviewEmail, safeColor, safeUrl, TemplateError } from './review-email';

const variables = { customer_name: 'Léa', store_name: 'Maison Lumière', order_number: '#1001', review_link: 'https://avis.test/review/abc' };

describe('renderReviewEmail', () => {
  it('renders the spec’s default template: subject, button, colour, footer, 600 px', () => {
    const email = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables, unsubscribeUrl: 'https://avis.test/unsubscribe/abc' });
    expect(email.subject).toBe('Votre avis compte pour nous ! 🌟');
    expect(email.html).toContain('>Laisser un avis</a>');
    expect(email.html).toContain('background:#10b981');
    expect(email.html).toContain('Merci de votre confiance !');
    expect(email.html).toContain('max-width:600px');
    expect(email.html).toContain('href="https://avis.test/review/abc"');
    expect(email.html).toContain('href="https://avis.test/unsubscribe/abc"');
    expect(email.html).toContain('Bonjour Léa,');
    expect(email.text).toContain('Bonjour Léa,');
    expect(email.text).toContain('Laisser un avis : https://avis.test/review/abc');
    expect(email.text).toContain('https://avis.test/unsubscribe/abc');
    expect(Buffer.byteLength(email.html)).toBeLessThan(100_000);
  });

  it('elides "de" before a store name that starts with a vowel sound, in both parts', () => {
    const unsubscribeUrl = 'https://avis.test/unsubscribe/abc';
    const elided = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables: { ...variables, store_name: 'Atelier Nova' }, unsubscribeUrl });
    expect(elided.text).toContain("Vous ne souhaitez plus recevoir de demandes d'avis d'Atelier Nova ? https://avis.test/unsubscribe/abc");
    expect(elided.html).toContain('Vous ne souhaitez plus recevoir de demandes d&#39;avis d&#39;Atelier Nova ?');
    const kept = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables, unsubscribeUrl });
    expect(kept.text).toContain("Vous ne souhaitez plus recevoir de demandes d'avis de Maison Lumière ?");
  });

  it('escapes every variable in the HTML part, not in the text part', () => {
    const email = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables: { ...variables, customer_name: '<img src=x onerror=alert(1)>' } });
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.text).toContain('<img src=x onerror=alert(1)>');
  });

  it('never lets a template reach the file system or produce a non-http link or style injection', () => {
    expect(() => renderReviewEmail({ template: { ...DEFAULT_TEMPLATE, bodyContent: "{% include '/etc/passwd' %}" }, variables })).toThrow(TemplateError);
    const email = renderReviewEmail({
      template: { ...DEFAULT_TEMPLATE, buttonUrlTemplate: 'javascript:alert(1)', buttonColor: 'red;background:url(x)', logoUrl: 'javascript:x' },
      variables,
    });
    expect(email.html).toContain('href="https://avis.test/review/abc"');
    expect(email.html).not.toContain('javascript:');
    expect(email.html).toContain('background:#10b981');
  });

  it('keeps the subject on one line', () => {
    const email = renderReviewEmail({ template: { ...DEFAULT_TEMPLATE, subject: 'Avis\r\nBcc: x@y.z {{ customer_name }}' }, variables });
    expect(email.subject).toBe('Avis Bcc: x@y.z Léa');
  });

  it('caps the logo at 200 px and falls back to the store name without one', () => {
    expect(renderReviewEmail({ template: DEFAULT_TEMPLATE, variables, branding: { logoUrl: 'https://cdn.test/l.png' } }).html).toMatch(
      /<img src="https:\/\/cdn.test\/l.png"[^>]*max-width:200px/,
    );
    expect(renderReviewEmail({ template: DEFAULT_TEMPLATE, variables }).html).toContain('>Maison Lumière</div>');
  });
});

describe('safe values', () => {
  it('accept only hex colours and http(s) URLs', () => {
    expect(safeColor('#abc', '#000')).toBe('#abc');
    expect(safeColor('#a1b2c3', '#000')).toBe('#a1b2c3');
    expect(safeColor('expression(x)', '#000')).toBe('#000');
    expect(safeUrl('https://x.test/a?b=1')).toBe('https://x.test/a?b=1');
    expect(safeUrl('data:text/html,x')).toBeNull();
    expect(safeUrl('not a url')).toBeNull();
  });
});
