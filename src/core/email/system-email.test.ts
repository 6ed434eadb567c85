import { describe, expect, it } from 'vitest';
import { renderEmailLayout } from './layout';
import { renderSystemEmail } from './system-email';

const PRODUCT = '#0f766e';

describe('renderSystemEmail', () => {
  it('a password reset: greeting, intro, the button, then the small print; product colours, no store, no unsubscribe', () => {
    const link = 'https://app.test/reset-password?token=a%2Bb';
    const email = renderSystemEmail({
      subject: 'Réinitialisation de votre mot de passe',
      paragraphs: ['Bonjour Léa,', 'Vous avez demandé à réinitialiser le mot de passe de votre compte Avis Clients.'],
      button: { text: 'Choisir un nouveau mot de passe', url: link },
      footer: 'Ce lien est valable une heure.\nSinon, ignorez cet e-mail.',
    });
    expect(email.subject).toBe('Réinitialisation de votre mot de passe');
    expect(email.text).toBe(
      `Bonjour Léa,\n\nVous avez demandé à réinitialiser le mot de passe de votre compte Avis Clients.\n\nChoisir un nouveau mot de passe\u202f: ${link}\n\nCe lien est valable une heure.\nSinon, ignorez cet e-mail.`,
    );
    expect(email.html).toContain('<title>Réinitialisation de votre mot de passe</title>');
    expect(email.html).toContain(`border-top:4px solid ${PRODUCT}`);
    expect(email.html).toContain(`<div style="font-size:20px;font-weight:bold;color:${PRODUCT};">Avis Clients</div>`);
    expect(email.html).toContain('<p style="margin:0 0 16px 0;">Bonjour Léa,</p>');
    expect(email.html).toContain(`<a href="${link}" style="display:inline-block;background:${PRODUCT};color:#ffffff;`);
    expect(email.html).toContain('>Choisir un nouveau mot de passe</a>');
    expect(email.html).toContain('Ce lien est valable une heure.<br>Sinon, ignorez cet e-mail.</td></tr>');
    expect(email.html).toContain('max-width:600px');
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toMatch(/désabonner/i);
  });

  it('a review alert: the details as a table in HTML and as lines in text, values escaped, line breaks kept', () => {
    const email = renderSystemEmail({
      subject: 'Nouvel avis 1/5 pour Maison & Fils',
      paragraphs: ['Un client vient de laisser un avis pour Maison & Fils.'],
      details: [
        { label: 'Note', value: '★☆☆☆☆ (1/5)' },
        { label: 'Client', value: 'Louis <b>' },
        { label: 'Commentaire', value: 'Jamais reçu\nTrès déçu' },
      ],
      button: { text: 'Voir les avis', url: 'https://app.test/app/feedback' },
      footer: 'Vous recevez cet e-mail parce que cette note déclenche une alerte.',
    });
    expect(email.text).toBe(
      'Un client vient de laisser un avis pour Maison & Fils.\n\nNote\u202f: ★☆☆☆☆ (1/5)\nClient\u202f: Louis <b>\nCommentaire\u202f: Jamais reçu\nTrès déçu\n\nVoir les avis\u202f: https://app.test/app/feedback\n\nVous recevez cet e-mail parce que cette note déclenche une alerte.',
    );
    expect(email.html).toContain('<title>Nouvel avis 1/5 pour Maison &amp; Fils</title>');
    expect(email.html).toMatch(/<th scope="row"[^>]*>Client<\/th><td[^>]*>Louis &lt;b&gt;<\/td><\/tr>/);
    expect(email.html).toMatch(/<th scope="row"[^>]*>Commentaire<\/th><td[^>]*>Jamais reçu<br>Très déçu<\/td><\/tr>/);
    expect(email.html).not.toContain('<b>');
    // The table comes between the paragraphs and the button.
    expect(email.html.indexOf('Un client vient')).toBeLessThan(email.html.indexOf('<th scope="row"'));
    expect(email.html.indexOf('<th scope="row"')).toBeLessThan(email.html.indexOf('>Voir les avis</a>'));
  });

  it('a privacy request: text and HTML from the same paragraphs, the link as the button', () => {
    const link = 'https://app.test/api/compliance/exports/0b4c';
    const email = renderSystemEmail({
      subject: 'Demande de données client reçue de Shopify',
      paragraphs: ['Shopify nous a transmis une demande (demande 555).', 'L’export est prêt.'],
      button: { text: 'Télécharger l’export', url: link },
    });
    expect(email.text).toBe(`Shopify nous a transmis une demande (demande 555).\n\nL’export est prêt.\n\nTélécharger l’export\u202f: ${link}`);
    expect(email.html).toContain(`href="${link}"`);
    expect(email.html).toContain('<p style="margin:0 0 16px 0;">L’export est prêt.</p>');
  });

  it('keeps the subject on one line and refuses a button that leads nowhere', () => {
    expect(renderSystemEmail({ subject: 'Quota\r\nBcc: x@y.z', paragraphs: ['x'] }).subject).toBe('Quota Bcc: x@y.z');
    expect(() => renderSystemEmail({ subject: 's', paragraphs: ['x'], button: { text: 'Voir', url: 'javascript:alert(1)' } })).toThrow(/http/);
    expect(() => renderSystemEmail({ subject: 's', paragraphs: ['x'], button: { text: 'Voir', url: '/app/feedback' } })).toThrow(/http/);
  });
});

describe('renderEmailLayout', () => {
  const base = { title: 't', header: { name: 'Boutique' }, paragraphs: ['Un.\n\n\nDeux\nlignes', '', null, '  '] } as const;

  it('splits paragraphs on blank lines and drops empty blocks, in both parts', () => {
    const { html, text } = renderEmailLayout({ ...base, header: { name: 'Boutique', color: '#000000' }, accentColor: '#000000' });
    expect(text).toBe('Un.\n\nDeux\nlignes');
    expect(html).toContain('<p style="margin:0 0 16px 0;">Un.</p>\n<p style="margin:0 0 16px 0;">Deux<br>lignes</p>\n</td></tr>');
  });

  it('shows the name in near-black where the colour is too pale to read, and never trusts a colour or URL', () => {
    const pale = renderEmailLayout({ ...base, header: { name: 'Boutique', color: '#56dadc' }, accentColor: '#56dadc' }).html;
    expect(pale).toContain('border-top:4px solid #56dadc');
    expect(pale).toContain('color:#111827;">Boutique</div>');
    const hostile = renderEmailLayout({
      ...base,
      header: { name: '<Boutique>', color: 'red;x:y', logoUrl: 'data:image/png;base64,AAAA' },
      accentColor: 'url(x)',
      button: { text: 'Go', url: 'javascript:x', background: '#000', color: '#fff' },
      unsubscribe: { text: 'Stop', linkText: 'ici', url: 'mailto:x@y.z' },
      openPixelUrl: 'ftp://x',
    });
    expect(hostile.html).toContain('&lt;Boutique&gt;</div>');
    expect(hostile.html).not.toMatch(/red;x|url\(x\)|javascript:|mailto:|ftp:|data:image/);
    expect(hostile.text).toBe('Un.\n\nDeux\nlignes');
  });
});
