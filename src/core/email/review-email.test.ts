import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE, defaultTemplateIn, renderReviewEmail, safeColor, safeImageUrl, safeUrl, TemplateError } from './review-email';
import { REMINDER_DEFAULTS } from './reminder';

const variables = { customer_name: 'Léa', store_name: 'Maison Lumière', order_number: '#1001', review_link: 'https://avis.test/review/abc' };

describe('renderReviewEmail', () => {
  it('renders the spec’s default template: subject, button, colour, footer, 600 px', () => {
    const email = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables, unsubscribeUrl: 'https://avis.test/unsubscribe/abc' });
    expect(email.subject).toBe('Votre avis compte pour nous\u202f! 🌟');
    expect(email.html).toContain('>Laisser un avis</a>');
    expect(email.html).toContain('background:#10b981');
    expect(email.html).toContain('Merci de votre confiance\u202f!');
    expect(email.html).toContain('max-width:600px');
    expect(email.html).toContain('href="https://avis.test/review/abc"');
    expect(email.html).toContain('href="https://avis.test/unsubscribe/abc"');
    expect(email.html).toContain('Bonjour Léa,');
    expect(email.text).toContain('Bonjour Léa,');
    expect(email.text).toContain('Laisser un avis\u202f: https://avis.test/review/abc');
    expect(email.text).toContain('https://avis.test/unsubscribe/abc');
    expect(Buffer.byteLength(email.html)).toBeLessThan(100_000);
  });

  it('elides "de" before a store name that starts with a vowel sound, in both parts', () => {
    const unsubscribeUrl = 'https://avis.test/unsubscribe/abc';
    const elided = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables: { ...variables, store_name: 'Atelier Nova' }, unsubscribeUrl });
    expect(elided.text).toContain('Vous ne souhaitez plus recevoir de demandes d’avis d’Atelier Nova\u202f? https://avis.test/unsubscribe/abc');
    expect(elided.html).toContain('Vous ne souhaitez plus recevoir de demandes d’avis d’Atelier Nova\u202f?');
    const kept = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables, unsubscribeUrl });
    expect(kept.text).toContain('Vous ne souhaitez plus recevoir de demandes d’avis de Maison Lumière\u202f?');
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

  it('renders a reminder: its own subject and first line (defaults when blank), the same body and link', () => {
    const email = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables, reminder: true });
    expect(email.subject).toBe('Petit rappel\u202f: votre avis sur la commande #1001');
    const greeting = email.text.indexOf('Bonjour Léa,');
    const firstLine = email.text.indexOf(REMINDER_DEFAULTS.firstLine);
    const body = email.text.indexOf('Merci pour votre commande #1001');
    expect(greeting).toBeGreaterThanOrEqual(0);
    expect(firstLine).toBeGreaterThan(greeting);
    expect(body).toBeGreaterThan(firstLine);
    expect(email.html).toContain('href="https://avis.test/review/abc"');

    const own = renderReviewEmail({
      template: { ...DEFAULT_TEMPLATE, reminderSubject: '{{ customer_name }}, un mot sur {{ order_number }} ?', reminderFirstLine: 'Un petit rappel de {{ store_name }}.' },
      variables,
      reminder: true,
    });
    expect(own.subject).toBe('Léa, un mot sur #1001 ?');
    expect(own.text).toContain('Un petit rappel de Maison Lumière.');
    expect(own.text).not.toContain(REMINDER_DEFAULTS.firstLine);
    // The first e-mail ignores the reminder's texts.
    const first = renderReviewEmail({ template: { ...DEFAULT_TEMPLATE, reminderFirstLine: 'Un petit rappel.' }, variables });
    expect(first.subject).toBe(DEFAULT_TEMPLATE.subject);
    expect(first.text).not.toContain('Un petit rappel.');
  });

  it('keeps a body’s own salutation line first in a reminder', () => {
    const email = renderReviewEmail({
      template: { ...DEFAULT_TEMPLATE, bodyContent: 'Bonjour {{ customer_name }},\nVotre commande {{ order_number }} est arrivée.', reminderFirstLine: 'Petit rappel.' },
      variables,
      reminder: true,
    });
    expect(email.text.indexOf('Bonjour Léa,')).toBeLessThan(email.text.indexOf('Petit rappel.'));
    expect(email.text.indexOf('Petit rappel.')).toBeLessThan(email.text.indexOf('Votre commande #1001'));
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

describe('renderReviewEmail: greeting and closing', () => {
  const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

  it('opens with the default greeting, once: the default body no longer greets', () => {
    const email = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables });
    expect(DEFAULT_TEMPLATE.bodyContent).not.toMatch(/bonjour/i);
    expect(email.text.startsWith('Bonjour Léa,\n\nMerci pour votre commande #1001 chez Maison Lumière\u202f!')).toBe(true);
    expect(count(email.text, 'Bonjour')).toBe(1);
    expect(count(email.html, 'Bonjour')).toBe(1);
    expect(email.html).toContain('<p style="margin:0 0 16px 0;">Bonjour Léa,</p>\n<p style="margin:0 0 16px 0;">Merci pour votre commande #1001');
  });

  it('takes the default greeting for a null or blank one, and adds no closing by default', () => {
    const plain = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables });
    for (const greeting of [null, undefined, '', '  \n ']) {
      expect(renderReviewEmail({ template: DEFAULT_TEMPLATE, variables, greeting, closing: greeting })).toEqual(plain);
    }
    // Without a closing, the body's last paragraph comes right before the button.
    expect(plain.text).toContain('Cela nous aide beaucoup.\n\nLaisser un avis\u202f: https://avis.test/review/abc');
  });

  it('renders a custom greeting first and a closing last before the button, with the variables, in both parts', () => {
    const email = renderReviewEmail({
      template: DEFAULT_TEMPLATE,
      variables,
      greeting: 'Chère {{ customer_name }},',
      closing: "À très vite,\nL'équipe {{ store_name }}",
    });
    expect(email.text.startsWith('Chère Léa,\n\nMerci pour votre commande')).toBe(true);
    expect(email.text).not.toContain('Bonjour');
    expect(email.text).toContain("Cela nous aide beaucoup.\n\nÀ très vite,\nL'équipe Maison Lumière\n\nLaisser un avis\u202f: https://avis.test/review/abc");
    expect(email.html).toContain('<p style="margin:0 0 16px 0;">Chère Léa,</p>');
    expect(email.html).toContain('<p style="margin:0 0 16px 0;">À très vite,<br>L&#39;équipe Maison Lumière</p>\n</td></tr>\n<tr><td align="center"');
  });

  it('escapes the greeting and closing like the body: typed markup is shown as text, and so are values', () => {
    const email = renderReviewEmail({
      template: { ...DEFAULT_TEMPLATE, bodyContent: 'Un <i>merci</i> & {{ store_name }}' },
      variables: { ...variables, customer_name: '<img src=x onerror=alert(1)>' },
      greeting: '<b>Salut</b> {{ customer_name }}',
      closing: '<a href="https://evil.test">clic</a>',
    });
    expect(email.html).toContain('&lt;b&gt;Salut&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('Un &lt;i&gt;merci&lt;/i&gt; &amp; Maison Lumière');
    expect(email.html).toContain('&lt;a href=&quot;https://evil.test&quot;&gt;clic&lt;/a&gt;');
    expect(email.html).not.toMatch(/<b>|<i>|<img src=x|href="https:\/\/evil/);
    expect(email.text).toContain('<b>Salut</b> <img src=x onerror=alert(1)>');
  });

  it('refuses a greeting or closing that is not valid Liquid, like the body', () => {
    expect(() => renderReviewEmail({ template: DEFAULT_TEMPLATE, variables, greeting: '{% if %}' })).toThrow(TemplateError);
    expect(() => renderReviewEmail({ template: DEFAULT_TEMPLATE, variables, closing: "{% include 'x' %}" })).toThrow(TemplateError);
  });

  it('adds no default greeting to a body that already greets the customer', () => {
    const email = renderReviewEmail({ template: { ...DEFAULT_TEMPLATE, bodyContent: 'Bonjour {{ customer_name }} !\n\nUn avis ?' }, variables });
    expect(email.text.startsWith('Bonjour Léa !\n\nUn avis ?')).toBe(true);
    expect(email.text.split('Bonjour')).toHaveLength(2);
    // A merchant's own greeting is theirs: it is shown whatever the body says.
    const both = renderReviewEmail({ template: { ...DEFAULT_TEMPLATE, bodyContent: 'Bonjour !' }, variables, greeting: 'Hello {{ customer_name }}' });
    expect(both.text.startsWith('Hello Léa\n\nBonjour !')).toBe(true);
    // 'Bonjourno' is no salutation.
    expect(renderReviewEmail({ template: { ...DEFAULT_TEMPLATE, bodyContent: 'Bonjournal du jour' }, variables }).text.startsWith('Bonjour Léa,')).toBe(true);
  });

  it('keeps the unsubscribe line and the open pixel of a review request, under the card, in that order', () => {
    const email = renderReviewEmail({
      template: DEFAULT_TEMPLATE,
      variables,
      unsubscribeUrl: 'https://avis.test/unsubscribe/abc',
      openPixelUrl: 'https://avis.test/review/abc/open.gif',
    });
    expect(email.html).toContain(
      '</table>\n<p style="font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#6b7280;margin:16px 0 0 0;">Vous ne souhaitez plus recevoir de demandes d’avis de Maison Lumière\u202f? <a href="https://avis.test/unsubscribe/abc" style="color:#6b7280;">Se désabonner</a></p>\n<img src="https://avis.test/review/abc/open.gif" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;">\n</td></tr>',
    );
    expect(
      email.text.endsWith('Merci de votre confiance\u202f!\n\nVous ne souhaitez plus recevoir de demandes d’avis de Maison Lumière\u202f? https://avis.test/unsubscribe/abc'),
    ).toBe(true);
    expect(email.text).not.toContain('open.gif');
    // A preview has neither.
    const preview = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables });
    expect(preview.html).not.toContain('Se désabonner');
    expect(preview.html).not.toContain('width="1" height="1"');
  });

  it('shows the template logo, else the store’s PNG, never an SVG, with the primary colour on top', () => {
    const png = 'https://cdn.test/branding/logo-email.png';
    const branded = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables, branding: { logoUrl: png, primaryColor: '#ff0000' } });
    expect(branded.html).toContain(`<img src="${png}" alt="Maison Lumière" width="200"`);
    expect(branded.html).toContain('border-top:4px solid #ff0000');
    const own = renderReviewEmail({ template: { ...DEFAULT_TEMPLATE, logoUrl: 'https://cdn.test/t.jpg' }, variables, branding: { logoUrl: png } });
    expect(own.html).toContain('src="https://cdn.test/t.jpg"');
    expect(own.html).not.toContain(png);
    const svgTemplate = renderReviewEmail({ template: { ...DEFAULT_TEMPLATE, logoUrl: 'https://cdn.test/t.svg' }, variables, branding: { logoUrl: png } });
    expect(svgTemplate.html).toContain(`src="${png}"`);
    const svgOnly = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables, branding: { logoUrl: 'https://cdn.test/logo.SVG?v=2' } });
    expect(svgOnly.html).not.toContain('<img src="https://cdn.test');
    expect(svgOnly.html).toContain('>Maison Lumière</div>');
  });

  it('uses the branding’s button text colour only where it stays legible on the button', () => {
    const dark = renderReviewEmail({ template: { ...DEFAULT_TEMPLATE, buttonColor: '#123456' }, variables, branding: { buttonTextColor: '#ffff00' } });
    expect(dark.html).toContain('background:#123456;color:#ffff00;');
    const unreadable = renderReviewEmail({ template: { ...DEFAULT_TEMPLATE, buttonColor: '#123456' }, variables, branding: { buttonTextColor: '#123457' } });
    expect(unreadable.html).toContain('background:#123456;color:#ffffff;');
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
    expect(safeImageUrl('https://x.test/logo.png')).toBe('https://x.test/logo.png');
    expect(safeImageUrl('https://x.test/logo.svg')).toBeNull();
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
  });
});

describe('a greeting in the customer’s language', () => {
  const variables = { customer_name: 'Anna', store_name: 'Atelier Nova', order_number: '#1042', review_link: 'https://avis.test/review/abc' };
  const withBody = (bodyContent: string, language: 'de' | 'nl') => renderReviewEmail({ template: { ...defaultTemplateIn(language), bodyContent }, variables, language }).text;

  it('takes a body’s own first line for its greeting only when it greets (a comma ends it), not a sentence that starts alike', () => {
    expect(withBody('Beste Anna,\nBedankt voor je bestelling.', 'nl')).not.toContain('Beste Anna,\n\nBeste Anna,');
    expect(withBody('Beste Anna,\nBedankt voor je bestelling.', 'nl').match(/Beste Anna,/g)).toHaveLength(1);
    // « Beste producten » is no greeting: the default one comes first.
    expect(withBody('Beste producten, snelle levering.\nBedankt!', 'nl').startsWith('Beste Anna,')).toBe(true);
    expect(withBody('Liebe ist unser Handwerk.', 'de').startsWith('Hallo Anna,')).toBe(true);
  });

  it('starts the body anew after the reminder’s first line, where the first e-mail goes on after the greeting’s comma', () => {
    const first = renderReviewEmail({ template: defaultTemplateIn('de'), variables, language: 'de' }).text;
    expect(first).toContain('Hallo Anna,\n\nvielen Dank für Ihre Bestellung');
    const reminder = renderReviewEmail({ template: defaultTemplateIn('de'), variables, language: 'de', reminder: true }).text;
    expect(reminder).toContain('ganz gleich, wie sie ausfällt.\n\nVielen Dank für Ihre Bestellung');
  });
});
