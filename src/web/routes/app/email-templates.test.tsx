import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readEmailTemplate, saveEmailTemplate, TEMPLATE_LIMITS } from '#core/api/email-templates';
import { REMINDER_DEFAULTS } from '#core/email/reminder';
import { apiError, testUser } from '#web/test/render';
import { callsTo, mockSignedInApi, on, sentBodyTo, contractResponse } from '#web/test/endpoints';
import { defaultBody, defaults, templateApi, open, editor, field, body, frame, srcdoc, type, save, liveWarnings } from '#web/test/email-templates-page';
import { axeViolations } from '#web/test/axe';

describe('/app/email-templates loading', () => {
  it('shows a spinner, then the default template, the page texts and a preview rendered from them', async () => {
    let answer: (response: Response) => void = () => {};
    mockSignedInApi([on(readEmailTemplate, () => new Promise<Response>((resolve) => (answer = resolve)))]);
    await open();
    const spinner = await screen.findByText('Chargement de votre modèle…');
    expect(spinner.closest('[role="status"]')).not.toBeNull();
    answer(contractResponse(readEmailTemplate, defaults));

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
    expect(screen.getByText('Modèle par défaut, pas encore enregistré')).toBeTruthy();

    // The greeting and closing come from Branding & Pages, which the note links to.
    expect(screen.getByText('« Chère {{ customer_name }}, »')).toBeTruthy();
    expect(screen.getByText('« À très vite chez {{ store_name }} ! »')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Modifier dans Branding & Pages' }).getAttribute('href')).toBe('/app/branding?langue=fr');

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
    mockSignedInApi([on(readEmailTemplate, () => (fail ? apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.') : defaults))]);
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger votre modèle.');
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
    const status = message.closest('[role="status"]')?.textContent;
    expect(status).toContain('Le modèle contient une erreur de syntaxe.');
    // Where and what, in French: never liquidjs's « tag {% if customer_name %} not closed, line:1, col:9 ».
    expect(status).toContain('Erreur à la ligne 1, colonne 9\u202f: la balise {% if %} n’est jamais fermée (il manque {% endif %}).');
    expect(status).not.toMatch(/not closed|line:|col:/);
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
