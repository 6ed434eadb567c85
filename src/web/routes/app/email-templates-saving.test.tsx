import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readEmailTemplate, saveEmailTemplate, sendTestEmail, uploadTemplateLogo } from '#core/api/email-templates';
import { apiError, testUser } from '#web/test/render';
import { callsTo, on, sentBodyTo } from '#web/test/endpoints';
import { defaultBody, defaults, uploaded, templateApi, open, editor, field, body, srcdoc, type, save, liveWarnings } from '#web/test/email-templates-page';

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
      language: 'fr',
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
    expect(screen.queryByText('Modèle par défaut, pas encore enregistré')).toBeNull();
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
    const message = 'Le modèle contient une erreur de syntaxe à la ligne 1, colonne 6\u202f: une variable ouverte par {{ n’est pas fermée (il manque }}).';
    templateApi(defaults, [on(readEmailTemplate, () => defaults), on(saveEmailTemplate, () => apiError(422, message, 'template_invalid'))]);
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
    await screen.findByText(`E-mail de test envoyé à ${testUser.email}`);
    expect(sentBodyTo(fetchMock, sendTestEmail)).toEqual({
      language: 'fr',
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
    await screen.findByText('Logo uploadé avec succès !');
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

  it("shows the server's refusal, or 'Erreur d’upload' when the server cannot be reached", async () => {
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
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Erreur d’upload'));
    expect(screen.queryByText('Logo uploadé avec succès !')).toBeNull();
  });
});
