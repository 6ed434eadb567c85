import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { type EmailTemplateConfig, readEmailTemplate, saveEmailTemplate, sendTestEmail, TEMPLATE_LIMITS, type TemplateBody, uploadTemplateLogo } from '#core/api/email-templates';
import { REMINDER_DEFAULTS } from '#core/email/reminder';
import type { StoredLogo } from '#core/api/branding';
import { apiError, jsonResponse, renderRoute, testUser } from '#web/test/render';
import { callsTo, mockSignedInApi, on, type Route, sentBodyTo } from '#web/test/endpoints';

const defaultBody =
  'Merci pour votre commande {{ order_number }} chez {{ store_name }}\u202f! Nous espérons que vous en êtes satisfait(e).\n\nPourriez-vous prendre une minute pour partager votre avis\u202f? Cela nous aide beaucoup.';

/** What the server answers before anything is saved (docs/product/limits.md, default template). */
const defaults: EmailTemplateConfig = {
  store_name: 'Atelier Nova',
  saved: false,
  template: {
    subject: 'Votre avis compte pour nous\u202f! 🌟',
    from_name: null,
    logo: null,
    body_content: defaultBody,
    button_text: 'Laisser un avis',
    button_url_template: '{{ review_link }}',
    button_color: '#10b981',
    footer_text: 'Merci de votre confiance\u202f!',
    reminder_subject: null,
    reminder_first_line: null,
  },
  page_texts: { email_greeting: 'Chère {{ customer_name }},', email_closing: 'À très vite chez {{ store_name }}\u202f!' },
  branding: { logo_email_url: null, primary_color: '#56dadc' },
  test_recipient: testUser.email,
  sample: { customer_name: 'Marie Dupont', store_name: 'Atelier Nova', order_number: '#1042', review_link: 'https://avis.exemple.test/review/exemple' },
  warnings: [],
};

const uploaded: StoredLogo = {
  key: 'email-logos/u1/1767225600000.png',
  url: 'https://cdn.exemple.test/email-logos/u1/1767225600000.png',
  email_url: 'https://cdn.exemple.test/email-logos/u1/1767225600000-email.png',
  content_type: 'image/png',
};

type FetchMock = ReturnType<typeof mockSignedInApi>;

/** An in-memory template API: PUT keeps the body (the logo by its key) and answers it saved. */
function templateApi(initial: EmailTemplateConfig = defaults, overrides: Route[] = []): FetchMock {
  let current = initial;
  return mockSignedInApi([
    on(readEmailTemplate, () => jsonResponse(current)),
    on(saveEmailTemplate, ({ body: sent }) => {
      const body = sent as TemplateBody;
      const logo = body.logo_key === undefined ? current.template.logo : body.logo_key === uploaded.key ? uploaded : null;
      current = {
        ...current,
        saved: true,
        template: {
          subject: body.subject,
          from_name: body.from_name ?? null,
          logo,
          body_content: body.body_content,
          button_text: body.button_text,
          button_url_template: body.button_url_template,
          button_color: body.button_color,
          footer_text: body.footer_text ?? null,
          reminder_subject: body.reminder_subject ?? null,
          reminder_first_line: body.reminder_first_line ?? null,
        },
      };
      return jsonResponse(current);
    }),
    on(uploadTemplateLogo, () => jsonResponse(uploaded, 201)),
    on(sendTestEmail, () => jsonResponse({ sent_to: testUser.email })),
    ...overrides,
  ]);
}

async function open() {
  renderRoute('/app/email-templates');
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Templates d’emails' }, { timeout: 5_000 });
}

async function editor() {
  return (await screen.findByLabelText('Objet', {}, { timeout: 5_000 })) as HTMLInputElement;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const body = () => field('Contenu') as HTMLTextAreaElement;
const frame = () => screen.getByTitle('Aperçu de l’e-mail') as HTMLIFrameElement;
const srcdoc = () => frame().getAttribute('srcdoc') ?? '';

function type(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
}

/** The live warnings region (a status, never an alert). */
function liveWarnings() {
  return screen.getByRole('status', { name: 'Points à vérifier avant d’enregistrer' });
}

async function axeViolations() {
  const result = await axe.run(document.body, { iframes: false, rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.html) }));
}

describe('/app/email-templates loading', () => {
  it('shows a spinner, then the default template, the page texts and a preview rendered from them', async () => {
    let answer: (response: Response) => void = () => {};
    mockSignedInApi([on(readEmailTemplate, () => new Promise<Response>((resolve) => (answer = resolve)))]);
    await open();
    const spinner = await screen.findByText('Chargement de votre template…');
    expect(spinner.closest('[role="status"]')).not.toBeNull();
    answer(jsonResponse(defaults));

    const subject = await editor();
    expect(subject.value).toBe('Votre avis compte pour nous\u202f! 🌟');
    const fromName = field('Nom de l’expéditeur') as HTMLInputElement;
    expect(fromName.value).toBe('');
    expect(fromName.placeholder).toBe('Atelier Nova');
    expect(body().value).toBe(defaultBody);
    expect(body().tagName).toBe('TEXTAREA');
    expect(field('Texte du bouton').value).toBe('Laisser un avis');
    expect(field('Lien du bouton').value).toBe('{{ review_link }}');
    expect(field('Couleur du bouton').value).toBe('#10b981');
    expect(field('Choisir la couleur du bouton').value).toBe('#10b981');
    expect(field('Pied de page').value).toBe('Merci de votre confiance\u202f!');
    expect(screen.getByText('Template par défaut, pas encore enregistré')).toBeTruthy();

    // The greeting and closing come from Branding & Pages, which the note links to.
    expect(screen.getByText('« Chère {{ customer_name }}, »')).toBeTruthy();
    expect(screen.getByText('« À très vite chez {{ store_name }} ! »')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Modifier dans Branding & Pages' }).getAttribute('href')).toBe('/app/branding');

    // The preview: a sandboxed frame of the rendered e-mail, the sender and subject above it.
    const iframe = frame();
    expect(iframe.getAttribute('sandbox')).toBe('');
    expect(srcdoc()).toContain('Merci pour votre commande #1042 chez Atelier Nova');
    expect(srcdoc()).toContain('Chère Marie Dupont,');
    expect(srcdoc()).toContain('À très vite chez Atelier Nova\u202f!');
    expect(srcdoc()).toContain('href="https://avis.exemple.test/review/exemple"');
    expect(srcdoc()).toContain('Se désabonner');
    expect(screen.getByTestId('preview-subject').textContent).toBe('Votre avis compte pour nous\u202f! 🌟');
    expect(screen.getByText('Atelier Nova', { selector: 'dd' })).toBeTruthy();

    // The test button says where the test goes before anything is sent.
    expect(screen.getByRole('button', { name: `Envoyer un test à ${testUser.email}` })).toBeTruthy();
    // No warning for the default template.
    expect(liveWarnings().textContent).toBe('');
    expect(await axeViolations()).toEqual([]);
  });

  it("says 'Aucune boutique Shopify connectée' with a link to the integrations when there is no store", async () => {
    mockSignedInApi([on(readEmailTemplate, () => apiError(404, 'Aucune boutique Shopify connectée', 'no_store'))]);
    await open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Aucune boutique Shopify connectée' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller aux intégrations' }).getAttribute('href')).toBe('/app/integrations');
    expect(screen.queryByLabelText('Objet')).toBeNull();
    expect(screen.queryByTitle('Aperçu de l’e-mail')).toBeNull();
  });

  it('shows a load error with the reason and a retry button that loads again', async () => {
    let fail = true;
    mockSignedInApi([on(readEmailTemplate, () => (fail ? apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.') : jsonResponse(defaults)))]);
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger votre template.');
    expect(alert.textContent).toContain('Une erreur interne est survenue. Veuillez réessayer.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await editor()).toBeTruthy();
  });

  it("falls back to the branding's e-mail logo in the preview", async () => {
    templateApi({ ...defaults, branding: { logo_email_url: 'https://cdn.exemple.test/branding/st1/logo-email.png', primary_color: '#123456' } });
    await open();
    await editor();
    expect(srcdoc()).toContain('src="https://cdn.exemple.test/branding/st1/logo-email.png"');
    expect(srcdoc()).toContain('#123456');
  });
});

describe('/app/email-templates variables', () => {
  it('inserts each variable at the cursor of the last focused field, keeping the focus after it', async () => {
    templateApi();
    await open();
    const subject = await editor();

    // Nothing focused yet: the body takes it, at its cursor.
    const content = body();
    content.setSelectionRange(0, 0);
    fireEvent.click(screen.getByRole('button', { name: 'Insérer la variable numéro de commande' }));
    expect(content.value).toBe(`{{ order_number }}${defaultBody}`);
    expect(document.activeElement).toBe(content);
    expect(content.selectionStart).toBe('{{ order_number }}'.length);

    // The subject, with a selection: the variable replaces it.
    fireEvent.focus(subject);
    expect(screen.getByText('Insérée dans le champ « Objet », à la position du curseur.')).toBeTruthy();
    subject.setSelectionRange(6, 10); // "avis"
    fireEvent.click(screen.getByRole('button', { name: 'Insérer la variable nom du client' }));
    expect(subject.value).toBe('Votre {{ customer_name }} compte pour nous\u202f! 🌟');
    expect(document.activeElement).toBe(subject);
    expect(subject.selectionStart).toBe(6 + '{{ customer_name }}'.length);
    expect(subject.selectionEnd).toBe(subject.selectionStart);

    // The footer, at its end.
    const footer = field('Pied de page');
    fireEvent.focus(footer);
    footer.setSelectionRange(footer.value.length, footer.value.length);
    fireEvent.click(screen.getByRole('button', { name: 'Insérer la variable nom de la boutique' }));
    expect(footer.value).toBe('Merci de votre confiance\u202f!{{ store_name }}');

    // The button link.
    const link = field('Lien du bouton');
    type(link, '');
    fireEvent.focus(link);
    fireEvent.click(screen.getByRole('button', { name: 'Insérer la variable lien vers la page d’avis' }));
    expect(link.value).toBe('{{ review_link }}');

    // The preview follows: the subject as the customer sees it.
    expect(screen.getByTestId('preview-subject').textContent).toBe('Votre Marie Dupont compte pour nous\u202f! 🌟');
    expect(srcdoc()).toContain('Merci de votre confiance\u202f!Atelier Nova');
    expect(screen.getByText('Modifications non enregistrées')).toBeTruthy();
  });
});

describe('/app/email-templates preview', () => {
  it('renders the unsaved text with the greeting, and switches between desktop and phone widths', async () => {
    const fetchMock = templateApi();
    await open();
    await editor();
    type(body(), 'Un texte tout neuf pour {{ customer_name }}.\n\nDeuxième paragraphe <b>gras</b>.');
    type(field('Nom de l’expéditeur'), 'Nova Service client');
    type(field('Texte du bouton'), 'Donner mon avis');
    type(field('Couleur du bouton'), '#7c3aed');

    expect(srcdoc()).toContain('Un texte tout neuf pour Marie Dupont.');
    // The merchant's markup is shown, never obeyed.
    expect(srcdoc()).toContain('Deuxième paragraphe &lt;b&gt;gras&lt;/b&gt;.');
    expect(srcdoc()).toContain('Chère Marie Dupont,');
    expect(srcdoc().indexOf('Chère Marie Dupont,')).toBeLessThan(srcdoc().indexOf('Un texte tout neuf'));
    expect(srcdoc()).toContain('Donner mon avis');
    expect(srcdoc()).toContain('#7c3aed');
    expect(field('Choisir la couleur du bouton').value).toBe('#7c3aed');
    expect(screen.getByText('Nova Service client', { selector: 'dd' })).toBeTruthy();

    // The picker writes the code.
    fireEvent.input(field('Choisir la couleur du bouton'), { target: { value: '#ff0000' } });
    expect(field('Couleur du bouton').value).toBe('#ff0000');
    expect(srcdoc()).toContain('#ff0000');

    const devices = screen.getByRole('group', { name: 'Largeur de l’aperçu' });
    const desktop = within(devices).getByRole('button', { name: 'Ordinateur (600 px)' });
    const phone = within(devices).getByRole('button', { name: 'Téléphone (375 px)' });
    expect(desktop.getAttribute('aria-pressed')).toBe('true');
    expect(frame().style.width).toBe('600px');
    fireEvent.click(phone);
    expect(phone.getAttribute('aria-pressed')).toBe('true');
    expect(desktop.getAttribute('aria-pressed')).toBe('false');
    expect(frame().style.width).toBe('375px');
    // Nothing was saved.
    expect(callsTo(fetchMock, saveEmailTemplate)).toHaveLength(0);
  });

  it('shows a French message instead of the preview for a Liquid error, and the preview again once fixed', async () => {
    templateApi();
    await open();
    await editor();
    type(body(), 'Bonjour {% if customer_name %} sans fin');
    const message = screen.getByText('L’aperçu ne peut pas être affiché');
    expect(message.closest('[role="status"]')?.textContent).toContain('Le template contient une erreur de syntaxe');
    expect(screen.queryByTitle('Aperçu de l’e-mail')).toBeNull();

    type(body(), 'Bonjour {% if customer_name %}{{ customer_name }}{% endif %}');
    expect(screen.queryByText('L’aperçu ne peut pas être affiché')).toBeNull();
    expect(srcdoc()).toContain('Bonjour Marie Dupont');
  });

  it('names the limit a hostile template goes beyond instead of a syntax error (issue 28), at once', async () => {
    templateApi();
    await open();
    await editor();
    type(body(), '{% assign s = "ab" %}{% for i in (1..25) %}{% capture s %}{{s}}{{s}}{% endcapture %}{% endfor %}{{ s }}');
    const status = screen.getByText('L’aperçu ne peut pas être affiché').closest('[role="status"]');
    expect(status?.textContent).toContain('Le modèle dépasse la taille maximale d’un e-mail');
    expect(status?.textContent).not.toContain('erreur de syntaxe');
    type(body(), '{% for i in (1..999999999) %}x{% endfor %}');
    expect(screen.getByText('L’aperçu ne peut pas être affiché').closest('[role="status"]')?.textContent).toContain('Le modèle demande trop de mémoire');
  });
});

describe('/app/email-templates reminder', () => {
  it('shows the default reminder texts as placeholders, previews the reminder, and saves its own subject and first line', async () => {
    const fetchMock = templateApi();
    await open();
    await editor();
    const reminderSubject = field('Objet de la relance') as HTMLInputElement;
    const firstLine = field('Phrase d’introduction de la relance') as HTMLTextAreaElement;
    expect(reminderSubject.value).toBe('');
    expect(reminderSubject.placeholder).toBe(REMINDER_DEFAULTS.subject);
    expect(firstLine.value).toBe('');
    expect(firstLine.placeholder).toBe(REMINDER_DEFAULTS.firstLine);

    // The first e-mail is previewed until the merchant asks for the reminder.
    const kinds = screen.getByRole('group', { name: 'E-mail affiché' });
    const reminderTab = within(kinds).getByRole('button', { name: 'Aperçu de la relance' });
    expect(within(kinds).getByRole('button', { name: 'Aperçu du premier e-mail' }).getAttribute('aria-pressed')).toBe('true');
    expect(srcdoc()).not.toContain(REMINDER_DEFAULTS.firstLine.replace(/’/g, '&#39;').slice(0, 30));
    fireEvent.click(reminderTab);
    expect(reminderTab.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('preview-subject').textContent).toBe('Petit rappel\u202f: votre avis sur la commande #1042');
    expect(srcdoc()).toContain('Nous nous permettons de revenir vers vous');
    // After the greeting, before the body, with the same review link.
    expect(srcdoc().indexOf('Chère Marie Dupont,')).toBeLessThan(srcdoc().indexOf('Nous nous permettons'));
    expect(srcdoc().indexOf('Nous nous permettons')).toBeLessThan(srcdoc().indexOf('Merci pour votre commande #1042'));
    expect(srcdoc()).toContain('href="https://avis.exemple.test/review/exemple"');

    // Its own buttons insert variables into the reminder field last focused.
    fireEvent.click(within(kinds).getByRole('button', { name: 'Aperçu du premier e-mail' }));
    fireEvent.focus(reminderSubject);
    expect(reminderTab.getAttribute('aria-pressed')).toBe('true');
    type(reminderSubject, 'Un mot sur votre commande ');
    reminderSubject.setSelectionRange(reminderSubject.value.length, reminderSubject.value.length);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter la variable numéro de commande à la relance' }));
    expect(reminderSubject.value).toBe('Un mot sur votre commande {{ order_number }}');
    expect(screen.getByTestId('preview-subject').textContent).toBe('Un mot sur votre commande #1042');
    type(firstLine, 'Nous revenons vers vous, {{ customer_name }}.');
    expect(srcdoc()).toContain('Nous revenons vers vous, Marie Dupont.');
    expect(liveWarnings().textContent).toBe('');

    save();
    await screen.findByText('Template enregistré avec succès !');
    expect(sentBodyTo(fetchMock, saveEmailTemplate)).toMatchObject({
      reminder_subject: 'Un mot sur votre commande {{ order_number }}',
      reminder_first_line: 'Nous revenons vers vous, {{ customer_name }}.',
    });
    expect(await axeViolations()).toEqual([]);
  });

  it('warns about reward or selective wording in the reminder texts too', async () => {
    const fetchMock = templateApi();
    await open();
    await editor();
    type(field('Phrase d’introduction de la relance'), 'Un code promo vous attend si vous êtes satisfait.');
    expect(liveWarnings().textContent).toContain('Le texte semble promettre une récompense');
    expect(liveWarnings().textContent).toContain('Le texte semble s’adresser aux seuls clients satisfaits');
    save();
    expect(await screen.findByRole('dialog', { name: 'Enregistrer malgré ces avertissements\u202f?' })).toBeTruthy();
    expect(callsTo(fetchMock, saveEmailTemplate)).toHaveLength(0);
  });

  it('refuses a reminder subject over its length limit with a French message', async () => {
    const fetchMock = templateApi();
    await open();
    await editor();
    type(field('Objet de la relance'), 'x'.repeat(TEMPLATE_LIMITS.reminderSubjectMax + 1));
    save();
    expect(await screen.findByText(`L’objet de la relance ne peut pas dépasser ${TEMPLATE_LIMITS.reminderSubjectMax} caractères`)).toBeTruthy();
    expect(callsTo(fetchMock, saveEmailTemplate)).toHaveLength(0);
  });
});

describe('/app/email-templates warnings', () => {
  it('warns as the merchant types, and asks before saving until confirmed', async () => {
    const fetchMock = templateApi();
    await open();
    await editor();

    type(body(), 'Si vous êtes satisfait, laissez-nous 5 étoiles\u202f! Un code promo vous attend.');
    type(field('Lien du bouton'), 'https://atelier-nova.exemple/avis');
    const live = liveWarnings();
    expect(live.getAttribute('role')).toBe('status');
    expect(live.textContent).toContain('Aucun lien vers la page d’avis');
    expect(live.textContent).toContain('le client ne pourra pas atteindre la page d’avis');
    expect(live.textContent).toContain('Le texte semble s’adresser aux seuls clients satisfaits');
    expect(live.textContent).toMatch(/Google, Trustpilot et la FTC/);
    expect(live.textContent).toContain('Le texte semble promettre une récompense');
    expect(screen.queryByRole('alert')).toBeNull();

    save();
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer malgré ces avertissements\u202f?' });
    expect(dialog.textContent).toContain('Aucun lien vers la page d’avis');
    expect(dialog.textContent).toContain('interdit par la FTC');
    expect(callsTo(fetchMock, saveEmailTemplate)).toHaveLength(0);

    // 'Modifier' goes back to the form, nothing saved.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Modifier' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, saveEmailTemplate)).toHaveLength(0);

    save();
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Enregistrer quand même' }));
    await screen.findByText('Template enregistré avec succès !');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, saveEmailTemplate)).toHaveLength(1);
    expect(sentBodyTo(fetchMock, saveEmailTemplate)).toMatchObject({
      body_content: 'Si vous êtes satisfait, laissez-nous 5 étoiles\u202f! Un code promo vous attend.',
      button_url_template: 'https://atelier-nova.exemple/avis',
    });
  });

  it('warns when the rendered HTML passes 100 KB (Gmail clips at 102 KB)', async () => {
    templateApi();
    await open();
    await editor();
    // Under the 100,000 characters a body may have, over 100 KB once in UTF-8 (é takes two bytes).
    type(body(), 'Été réussi, idée géniale. '.repeat(3500));
    expect(body().value.length).toBeLessThan(100_000);
    expect(liveWarnings().textContent).toContain('L’e-mail dépasse 100 Ko');
    expect(liveWarnings().textContent).toContain('102 Ko');
  });
});

describe('/app/email-templates saving and testing', () => {
  it("saves the current values (empty sender name and footer as none) and says 'Template enregistré avec succès!'", async () => {
    const fetchMock = templateApi();
    await open();
    await editor();
    type(field('Objet'), '  Votre avis sur {{ order_number }}  ');
    type(body(), 'Merci {{ customer_name }}\u202f! Votre avis\u202f: {{ review_link }}');
    type(field('Pied de page'), '   ');
    save();
    await screen.findByText('Template enregistré avec succès !');
    expect(sentBodyTo(fetchMock, saveEmailTemplate)).toEqual({
      subject: 'Votre avis sur {{ order_number }}',
      from_name: null,
      body_content: 'Merci {{ customer_name }}\u202f! Votre avis\u202f: {{ review_link }}',
      button_text: 'Laisser un avis',
      button_url_template: '{{ review_link }}',
      button_color: '#10b981',
      footer_text: null,
      // Left empty: the default reminder texts (saved as none).
      reminder_subject: null,
      reminder_first_line: null,
    });
    // Saved: no defaults notice, the saved values in the form, nothing unsaved.
    expect(screen.queryByText('Template par défaut, pas encore enregistré')).toBeNull();
    expect(field('Objet').value).toBe('Votre avis sur {{ order_number }}');
    expect(screen.queryByText('Modifications non enregistrées')).toBeNull();
  });

  it('refuses an empty subject and body in French and sends nothing', async () => {
    const fetchMock = templateApi();
    await open();
    await editor();
    type(field('Objet'), '  ');
    type(body(), '');
    type(field('Couleur du bouton'), 'vert');
    save();
    expect(await screen.findByText('L’objet est requis')).toBeTruthy();
    expect(screen.getByText('Le contenu est requis')).toBeTruthy();
    expect(screen.getByText('Couleur invalide : utilisez le format #RRGGBB')).toBeTruthy();
    expect(field('Objet').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, saveEmailTemplate)).toHaveLength(0);
  });

  it("shows the server's message when it refuses the template (422 template_invalid)", async () => {
    const message = 'Le template contient une erreur de syntaxe\u202f: unexpected token. Vérifiez les variables entre {{ }}.';
    templateApi(defaults, [on(readEmailTemplate, () => jsonResponse(defaults)), on(saveEmailTemplate, () => apiError(422, message, 'template_invalid'))]);
    await open();
    await editor();
    type(field('Objet'), 'Un nouvel objet');
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(field('Objet').value).toBe('Un nouvel objet');
    expect(screen.queryByText('Template enregistré avec succès !')).toBeNull();
  });

  it('sends a test of the unsaved values to the merchant and says where it went', async () => {
    const fetchMock = templateApi();
    await open();
    await editor();
    type(field('Objet'), 'Objet de test');
    type(field('Nom de l’expéditeur'), ' Nova ');
    fireEvent.click(screen.getByRole('button', { name: `Envoyer un test à ${testUser.email}` }));
    await screen.findByText(`Email de test envoyé à ${testUser.email}`);
    expect(sentBodyTo(fetchMock, sendTestEmail)).toEqual({
      subject: 'Objet de test',
      from_name: 'Nova',
      body_content: defaultBody,
      button_text: 'Laisser un avis',
      button_url_template: '{{ review_link }}',
      button_color: '#10b981',
      footer_text: 'Merci de votre confiance\u202f!',
      reminder_subject: null,
      reminder_first_line: null,
    });
    expect(callsTo(fetchMock, saveEmailTemplate)).toHaveLength(0);
  });

  it("shows the server's message when the test is refused (too many tests)", async () => {
    templateApi(defaults, [on(sendTestEmail, () => apiError(429, 'Trop de tentatives. Réessayez dans 42 minutes.', 'rate_limited'))]);
    await open();
    await editor();
    fireEvent.click(screen.getByRole('button', { name: `Envoyer un test à ${testUser.email}` }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Trop de tentatives. Réessayez dans 42 minutes.');
  });
});

describe('/app/email-templates logo', () => {
  function fileInput() {
    return document.querySelector('input[type="file"]') as HTMLInputElement;
  }
  function choose(file: File) {
    fireEvent.change(fileInput(), { target: { files: [file] } });
  }
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });

  it("refuses a file that is not an image in the browser: 'Veuillez sélectionner une image', nothing uploaded", async () => {
    const fetchMock = templateApi();
    await open();
    await editor();
    expect(fileInput().accept).toBe('image/*');
    choose(new File(['%PDF-1.7'], 'facture.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Veuillez sélectionner une image');
    expect(callsTo(fetchMock, uploadTemplateLogo)).toHaveLength(0);
  });

  it('refuses an image over 2 MB before uploading it', async () => {
    const fetchMock = templateApi();
    await open();
    await editor();
    choose(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'grand.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('L’image ne doit pas dépasser 2 Mo');
    expect(callsTo(fetchMock, uploadTemplateLogo)).toHaveLength(0);
  });

  it('uploads the file itself, shows it in the preview, saves its key, then removes it', async () => {
    const fetchMock = templateApi();
    await open();
    await editor();
    const file = png();
    choose(file);
    await screen.findByText('Logo téléversé');
    const upload = callsTo(fetchMock, uploadTemplateLogo);
    expect(upload).toHaveLength(1);
    expect(upload[0]![1]!.body).toBe(file);
    expect(screen.getByAltText('Logo de l’e-mail').getAttribute('src')).toBe(uploaded.url);
    // The e-mail shows the PNG made for mail.
    expect(srcdoc()).toContain(`src="${uploaded.email_url}"`);

    save();
    await screen.findByText('Template enregistré avec succès !');
    expect(sentBodyTo(fetchMock, saveEmailTemplate)).toMatchObject({ logo_key: uploaded.key });

    // A second save without touching the logo keeps it (no logo_key sent).
    save();
    await waitFor(() => expect(callsTo(fetchMock, saveEmailTemplate)).toHaveLength(2));
    expect(sentBodyTo(fetchMock, saveEmailTemplate)).not.toHaveProperty('logo_key');

    fireEvent.click(screen.getByRole('button', { name: 'Retirer le logo' }));
    expect(screen.queryByAltText('Logo de l’e-mail')).toBeNull();
    expect(srcdoc()).not.toContain(uploaded.email_url);
    save();
    await waitFor(() => expect(callsTo(fetchMock, saveEmailTemplate)).toHaveLength(3));
    expect(sentBodyTo(fetchMock, saveEmailTemplate)).toMatchObject({ logo_key: null });
  });

  it("shows the server's refusal, or 'Échec du téléversement du logo' when the server cannot be reached", async () => {
    let reachable = true;
    templateApi(defaults, [
      on(uploadTemplateLogo, () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return apiError(415, 'Veuillez sélectionner une image', 'template_logo_not_image');
      }),
    ]);
    await open();
    await editor();
    choose(png());
    expect((await screen.findByRole('alert')).textContent).toBe('Veuillez sélectionner une image');
    reachable = false;
    choose(png());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Échec du téléversement du logo'));
    expect(screen.queryByText('Logo téléversé')).toBeNull();
  });
});
