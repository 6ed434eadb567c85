import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { axeViolations } from '#web/test/axe';
import { describe, expect, it } from 'vitest';
import { previewReviewPage, readBranding, saveIdentity, savePage, uploadBrandingLogo, type BrandingConfig, type StoredLogo } from '#core/api/branding';
import { activeStore, apiError } from '#web/test/render';
import { callsTo, mockSignedInApi, on, sentBodyTo, type Route, type FetchMock } from '#web/test/endpoints';
import { renderRoute } from '#web/test/render';

const paths = {
  branding: readBranding,
  identity: saveIdentity,
  page: savePage,
  logo: uploadBrandingLogo,
  preview: previewReviewPage,
};

/** What the server answers before anything is saved (docs/product/limits.md). */
const defaults: BrandingConfig = {
  store_id: activeStore.id,
  store_name: 'Ma boutique',
  identity_saved: false,
  page_saved: false,
  language: 'fr',
  default_language: 'fr',
  languages: [
    { language: 'fr', served: true, saved: false },
    { language: 'en', served: true, saved: false },
  ],
  identity: { logo: null, button_text_color: '#FFFFFF', button_bg_color: '#56dadc', primary_color: '#56dadc' },
  page: {
    page_title: null,
    page_description: null,
    thank_you_message: null,
    positive_feedback_message: null,
    negative_feedback_message: null,
    email_greeting: null,
    email_closing: null,
    button_text: 'SUIVANT',
  },
  page_defaults: {
    page_title: 'Comment s’est passée votre commande\u202f?',
    page_description: 'Votre avis aide Ma boutique à s’améliorer.',
    thank_you_message: 'Merci pour votre avis\u202f!',
    button_text: 'SUIVANT',
  },
};

const uploadedLogo: StoredLogo = {
  key: 'branding/st1/logo-1700000000000.png',
  url: 'http://localhost/media/branding/st1/logo-1700000000000.png',
  email_url: 'http://localhost/media/branding/st1/logo-1700000000000-email.png',
  content_type: 'image/png',
};

interface PreviewRequest {
  identity: { logo_key?: string | null; button_text_color: string; button_bg_color: string; primary_color: string };
  page: Record<string, string | null>;
  view: string;
}

/** The fake review page: the values it was asked for, readable in the iframe's srcdoc. */
function previewHtml(body: PreviewRequest): string {
  return `<!DOCTYPE html><p>bg=${body.identity.button_bg_color} text=${body.identity.button_text_color} primary=${body.identity.primary_color} logo=${body.identity.logo_key ?? 'none'} title=${body.page.page_title ?? ''} button=${body.page.button_text ?? ''} view=${body.view}</p>`;
}

/**
 * An in-memory branding API: PUT stores the body (as the server would: trimmed texts, saved flags)
 * and answers the whole configuration; the preview echoes what it was asked. `overrides` replace a path.
 */
function brandingApi(initial: BrandingConfig = defaults, overrides: Route[] = []): FetchMock {
  let current = initial;
  return mockSignedInApi([
    on(paths.branding, () => current),
    on(paths.identity, ({ init }) => {
      const body = JSON.parse(String(init?.body)) as { logo_key: string | null; button_text_color: string; button_bg_color: string; primary_color: string };
      const { logo_key, ...colors } = body;
      current = { ...current, identity_saved: true, identity: { ...colors, logo: logo_key ? uploadedLogo : null } };
      return current;
    }),
    on(paths.page, ({ init }) => {
      const body = JSON.parse(String(init?.body)) as BrandingConfig['page'];
      current = { ...current, page_saved: true, page: body };
      return current;
    }),
    on(paths.logo, () => uploadedLogo),
    on(paths.preview, ({ init }) => ({ html: previewHtml(JSON.parse(String(init?.body)) as PreviewRequest) })),
    ...overrides,
  ]);
}

async function open() {
  const result = renderRoute('/app/branding');
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Branding & Pages' }, { timeout: 5_000 });
  return result;
}

async function loaded() {
  await screen.findByRole('tab', { name: 'Identité visuelle' });
}

const tab = (name: 'Identité visuelle' | 'Personnalisation des pages') => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');

function frame(): HTMLIFrameElement {
  return within(panel()).getByTitle('Aperçu de la page d’avis') as HTMLIFrameElement;
}

/** Waits until the visible preview shows `text`. */
async function previewShows(text: string) {
  await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain(text), { timeout: 3_000 });
}

function field(label: string) {
  return within(panel()).getByLabelText(label) as HTMLInputElement;
}

function type(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

function save() {
  fireEvent.click(within(panel()).getByRole('button', { name: 'Enregistrer' }));
}

function logoInput(): HTMLInputElement {
  return within(panel()).getByLabelText(/^Votre logo/, { selector: 'input[type="file"]' }) as HTMLInputElement;
}

function chooseFile(file: File) {
  fireEvent.change(logoInput(), { target: { files: [file] } });
}

describe('/app/branding loading', () => {
  it('shows the defaults of both tabs, with the preview of the review page', async () => {
    const fetchMock = brandingApi();
    await open();
    await loaded();

    expect(tab('Identité visuelle').getAttribute('aria-selected')).toBe('true');
    expect(tab('Personnalisation des pages').getAttribute('aria-selected')).toBe('false');
    expect(within(panel()).getByText('Réglages par défaut, pas encore enregistrés')).toBeTruthy();
    expect(field('Couleur du texte des boutons').value).toBe('#FFFFFF');
    expect(field('Couleur des boutons').value).toBe('#56dadc');
    expect(field('Couleur principale').value).toBe('#56dadc');
    // Each colour also has the system's picker, named after it.
    expect((within(panel()).getByLabelText('Couleur des boutons (nuancier)') as HTMLInputElement).type).toBe('color');
    expect((within(panel()).getByLabelText('Couleur du texte des boutons (nuancier)') as HTMLInputElement).value).toBe('#ffffff');
    expect(logoInput().type).toBe('file');
    expect(within(panel()).queryByRole('button', { name: 'Retirer le logo' })).toBeNull();
    expect(screen.queryByText('Modifications non enregistrées')).toBeNull();

    // The preview: the server's page in a sandboxed frame, asked with the values on screen.
    await previewShows('bg=#56dadc');
    expect(frame().getAttribute('sandbox')).toBe('');
    expect(sentBodyTo(fetchMock, paths.preview)).toEqual({
      identity: { logo_key: null, button_text_color: '#FFFFFF', button_bg_color: '#56dadc', primary_color: '#56dadc' },
      page: {
        language: 'fr',
        page_title: '',
        page_description: '',
        thank_you_message: '',
        positive_feedback_message: '',
        negative_feedback_message: '',
        email_greeting: '',
        email_closing: '',
        button_text: 'SUIVANT',
      },
      view: 'form',
    });

    // ArrowRight selects the next tab (automatic activation).
    fireEvent.keyDown(tab('Identité visuelle'), { key: 'ArrowRight' });
    expect(tab('Personnalisation des pages').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Personnalisation des pages'));
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Personnalisation des pages').id);

    // The page's defaults are the placeholders; counters give the contract's limits.
    const title = field('Titre de la page');
    expect(title.value).toBe('');
    expect(title.placeholder).toBe('Comment s’est passée votre commande\u202f?');
    expect(field('Description').placeholder).toBe('Votre avis aide Ma boutique à s’améliorer.');
    expect(field('Message de remerciement').placeholder).toBe('Merci pour votre avis\u202f!');
    expect(field('Texte du bouton').value).toBe('SUIVANT');
    const describedBy = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' | ');
    expect(describedBy(title)).toContain('0 / 120 caractères');
    expect(describedBy(field('Texte du bouton'))).toContain('7 / 40 caractères');
    expect(describedBy(field('Formule d’accueil de l’e-mail'))).toContain('{{ customer_name }}, {{ store_name }}, {{ order_number }}');
    expect(describedBy(field('Formule de fin de l’e-mail'))).toContain('e-mail de demande d’avis');
    expect(describedBy(field('Formule de fin de l’e-mail'))).toContain('0 / 600 caractères');
    type(title, 'Votre avis');
    expect(describedBy(title)).toContain('10 / 120 caractères');
  });

  it("says 'Impossible de charger les réglages' and loads again on 'Réessayer'", async () => {
    let fail = true;
    brandingApi(defaults, [on(paths.branding, () => (fail ? apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.') : defaults))]);
    await open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger les réglages');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await loaded();
    expect(screen.queryByText('Impossible de charger les réglages')).toBeNull();
  });

  it('links to the integrations when the merchant has no active store', async () => {
    brandingApi(defaults, [on(paths.branding, () => apiError(404, 'Aucune boutique Shopify connectée', 'no_store'))]);
    await open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Aucune boutique Shopify active trouvée' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller aux intégrations' }).getAttribute('href')).toBe('/app/integrations');
    expect(screen.queryByRole('tab')).toBeNull();
  });
});

describe('/app/branding visual identity', () => {
  it('saves the colours, typed or picked, and says so', async () => {
    const fetchMock = brandingApi();
    await open();
    await loaded();

    const button = field('Couleur des boutons');
    type(button, '112233');
    fireEvent.blur(button);
    expect(button.value).toBe('#112233');
    type(within(panel()).getByLabelText('Couleur principale (nuancier)'), '#aabbcc');
    expect(field('Couleur principale').value).toBe('#aabbcc');
    expect(screen.getByText('Modifications non enregistrées')).toBeTruthy();

    save();
    const notice = await screen.findByText('Paramètres enregistrés');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(callsTo(fetchMock, paths.identity)).toHaveLength(1);
    expect(callsTo(fetchMock, paths.identity)[0]![1]?.method).toBe('PUT');
    expect(sentBodyTo(fetchMock, paths.identity)).toEqual({ logo_key: null, button_text_color: '#FFFFFF', button_bg_color: '#112233', primary_color: '#aabbcc' });
    expect(screen.queryByText('Modifications non enregistrées')).toBeNull();
    // Saved: the defaults notice goes.
    expect(within(panel()).queryByText('Réglages par défaut, pas encore enregistrés')).toBeNull();
  });

  it('says an invalid hex code inline and does not save it', async () => {
    const fetchMock = brandingApi();
    await open();
    await loaded();
    const text = field('Couleur du texte des boutons');
    type(text, '#12345');
    fireEvent.blur(text);
    await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(text.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(error?.textContent).toBe('Couleur invalide\u202f: utilisez le format #RRGGBB');
    expect(error?.getAttribute('role')).toBe('alert');
    // The preview keeps the last valid colour meanwhile.
    await previewShows('text=#FFFFFF');

    save();
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(callsTo(fetchMock, paths.identity)).toHaveLength(0);

    type(text, '#123456');
    await waitFor(() => expect(text.getAttribute('aria-invalid')).toBeNull());
  });

  it('warns when the button text is hard to read on the button colour, and says the page fixes it', async () => {
    brandingApi();
    await open();
    await loaded();
    // White on the default #56dadc is below 4.5:1.
    expect(screen.getByText(/Le texte des boutons est difficile à lire sur cette couleur/).textContent).toMatch(/en noir à la place/);
    type(field('Couleur des boutons'), '#1e3a8a');
    expect(screen.queryByText(/difficile à lire/)).toBeNull();
    type(field('Couleur du texte des boutons'), '#1e40af');
    expect(screen.getByText(/difficile à lire/).textContent).toMatch(/en blanc à la place/);
  });

  it('uploads a logo, shows it, and saves it by its key', async () => {
    const fetchMock = brandingApi();
    await open();
    await loaded();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    chooseFile(file);

    expect(await screen.findByText('Logo téléchargé avec succès')).toBeTruthy();
    const upload = callsTo(fetchMock, paths.logo);
    expect(upload).toHaveLength(1);
    expect(upload[0]![1]?.method).toBe('POST');
    // The body is the file itself (its bytes), never JSON.
    expect(upload[0]![1]?.body).toBe(file);
    expect((within(panel()).getByAltText('Logo actuel') as HTMLImageElement).src).toBe(uploadedLogo.url);
    expect(screen.getByText('Modifications non enregistrées')).toBeTruthy();
    // The preview shows it before the save.
    await previewShows(`logo=${uploadedLogo.key}`);

    save();
    await screen.findByText('Paramètres enregistrés');
    expect(sentBodyTo(fetchMock, paths.identity)).toMatchObject({ logo_key: uploadedLogo.key });

    // Removing it shows the store's name instead, once saved.
    fireEvent.click(within(panel()).getByRole('button', { name: 'Retirer le logo' }));
    expect(within(panel()).queryByAltText('Logo actuel')).toBeNull();
    await previewShows('logo=none');
    save();
    await waitFor(() => expect(sentBodyTo(fetchMock, paths.identity)).toMatchObject({ logo_key: null }));
  });

  it('refuses a wrong type and a file over 2 MB in the browser, without calling the server', async () => {
    const fetchMock = brandingApi();
    await open();
    await loaded();

    chooseFile(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    const wrongType = await within(panel()).findByText('Veuillez télécharger un fichier PNG, JPG ou SVG');
    expect(wrongType.getAttribute('role')).toBe('alert');
    expect(logoInput().getAttribute('aria-invalid')).toBe('true');

    chooseFile(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' }));
    expect(await within(panel()).findByText('Le fichier doit faire moins de 2 Mo')).toBeTruthy();
    expect(within(panel()).queryByText('Veuillez télécharger un fichier PNG, JPG ou SVG')).toBeNull();

    // Exactly 2 MB is accepted.
    chooseFile(new File([new Uint8Array(2 * 1024 * 1024)], 'logo.png', { type: 'image/png' }));
    await screen.findByText('Logo téléchargé avec succès');
    expect(callsTo(fetchMock, paths.logo)).toHaveLength(1);
    expect(within(panel()).queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal of a file, or the spec's message when the server cannot be reached", async () => {
    let answer: () => Response | Promise<Response> = () => apiError(415, 'Veuillez télécharger un fichier PNG, JPG ou SVG', 'logo_unsupported_type');
    const fetchMock = brandingApi(defaults, [on(paths.logo, () => answer())]);
    await open();
    await loaded();

    // A renamed file: typed as PNG by the browser, judged by its content on the server.
    chooseFile(new File(['not an image'], 'logo.png', { type: 'image/png' }));
    const refused = await within(panel()).findByRole('alert');
    expect(refused.textContent).toBe('Veuillez télécharger un fichier PNG, JPG ou SVG');
    expect(callsTo(fetchMock, paths.logo)).toHaveLength(1);

    answer = () => apiError(422, 'Échec du téléchargement du logo\u202f: le fichier est illisible ou contient des éléments non autorisés.', 'logo_unreadable');
    chooseFile(new File(['<svg'], 'logo.svg', { type: 'image/svg+xml' }));
    await within(panel()).findByText('Échec du téléchargement du logo : le fichier est illisible ou contient des éléments non autorisés.');

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    chooseFile(new File(['png'], 'logo.png', { type: 'image/png' }));
    await within(panel()).findByText('Échec du téléchargement du logo');
    expect(screen.queryByText('Logo téléchargé avec succès')).toBeNull();
    expect(screen.queryByText('Modifications non enregistrées')).toBeNull();
  });

  it("says 'Impossible d’enregistrer les réglages' with the server's reason, and keeps the edits", async () => {
    brandingApi(defaults, [on(paths.identity, () => apiError(404, 'Ce logo est introuvable. Veuillez le télécharger à nouveau.', 'logo_not_found'))]);
    await open();
    await loaded();
    type(field('Couleur des boutons'), '#112233');
    save();
    const alert = await within(panel()).findByRole('alert');
    expect(alert.textContent).toContain('Impossible d’enregistrer les réglages');
    expect(alert.textContent).toContain('Ce logo est introuvable.');
    expect(field('Couleur des boutons').value).toBe('#112233');
    expect(screen.getByText('Modifications non enregistrées')).toBeTruthy();
    expect(screen.queryByText('Paramètres enregistrés')).toBeNull();
  });
});

describe('/app/branding page customisation', () => {
  it('saves the texts (trimmed, empty as null) and says so', async () => {
    const fetchMock = brandingApi();
    await open();
    await loaded();
    fireEvent.click(tab('Personnalisation des pages'));

    type(field('Titre de la page'), '  Votre avis sur Ma boutique  ');
    type(field('Message pour un avis négatif'), 'Nous allons vous recontacter.');
    type(field('Formule d’accueil de l’e-mail'), 'Bonjour {{ customer_name }},');
    type(field('Texte du bouton'), 'ENVOYER');
    expect(within(panel()).getByText('Modifications non enregistrées')).toBeTruthy();

    save();
    expect(await within(panel()).findByText('Paramètres enregistrés')).toBeTruthy();
    expect(callsTo(fetchMock, paths.page)[0]![1]?.method).toBe('PUT');
    expect(sentBodyTo(fetchMock, paths.page)).toEqual({
      language: 'fr',
      page_title: 'Votre avis sur Ma boutique',
      page_description: null,
      thank_you_message: null,
      positive_feedback_message: null,
      negative_feedback_message: 'Nous allons vous recontacter.',
      email_greeting: 'Bonjour {{ customer_name }},',
      email_closing: null,
      button_text: 'ENVOYER',
    });
    expect(field('Titre de la page').value).toBe('Votre avis sur Ma boutique');
    expect(within(panel()).queryByText('Modifications non enregistrées')).toBeNull();
    // The identity tab was not saved by this.
    expect(callsTo(fetchMock, paths.identity)).toHaveLength(0);
  });

  it('refuses an empty button text and a title over its limit, in French, and sends nothing', async () => {
    const fetchMock = brandingApi();
    await open();
    await loaded();
    fireEvent.click(tab('Personnalisation des pages'));
    type(field('Texte du bouton'), '   ');
    type(field('Titre de la page'), 'x'.repeat(121));
    save();
    expect(await within(panel()).findByText('Le texte du bouton est requis')).toBeTruthy();
    expect(within(panel()).getByText('Le titre ne peut pas dépasser 120 caractères')).toBeTruthy();
    expect(callsTo(fetchMock, paths.page)).toHaveLength(0);
  });

  it("says 'Impossible d’enregistrer les réglages' when the save fails", async () => {
    brandingApi(defaults, [on(paths.page, () => Promise.reject(new TypeError('Failed to fetch')))]);
    await open();
    await loaded();
    fireEvent.click(tab('Personnalisation des pages'));
    type(field('Titre de la page'), 'Votre avis');
    save();
    const alert = await within(panel()).findByRole('alert');
    expect(alert.textContent).toBe('Impossible d’enregistrer les réglages');
  });
});

describe('/app/branding preview', () => {
  it('previews unsaved values of both tabs, once typing pauses, and keeps them across tabs', async () => {
    const fetchMock = brandingApi();
    await open();
    await loaded();
    await previewShows('bg=#56dadc');

    type(field('Couleur des boutons'), '#123456');
    await previewShows('bg=#123456');
    expect(callsTo(fetchMock, paths.identity)).toHaveLength(0);

    fireEvent.click(tab('Personnalisation des pages'));
    type(field('Titre de la page'), 'Un titre');
    type(field('Titre de la page'), 'Un titre à moi');
    await previewShows('title=Un titre à moi');
    // The other tab's unsaved colour is in this preview too.
    expect(frame().getAttribute('srcdoc')).toContain('bg=#123456');
    // Typing quickly asks once for what it ends with, not for every keystroke.
    const asked = callsTo(fetchMock, paths.preview).map(([, init]) => (JSON.parse(String(init?.body)) as PreviewRequest).page.page_title);
    expect(asked).not.toContain('Un titre');

    // The thank-you moments.
    const views = within(panel()).getByRole('group', { name: 'Moment affiché dans l’aperçu' });
    fireEvent.click(within(views).getByRole('button', { name: 'Merci (positif)' }));
    await previewShows('view=thanks_positive');
    expect(within(views).getByRole('button', { name: 'Merci (positif)' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(views).getByRole('button', { name: 'Merci (négatif)' }));
    await previewShows('view=thanks_negative');

    // Back and forth: what was typed stays.
    fireEvent.click(tab('Identité visuelle'));
    expect(field('Couleur des boutons').value).toBe('#123456');
    await previewShows('view=form');
    fireEvent.click(tab('Personnalisation des pages'));
    expect(field('Titre de la page').value).toBe('Un titre à moi');
  });

  it('keeps the last preview and says so when a preview fails, then retries', async () => {
    let fail = false;
    brandingApi(defaults, [
      on(paths.preview, ({ init }) =>
        fail ? apiError(500, 'Une erreur interne est survenue. Veuillez réessayer.') : { html: previewHtml(JSON.parse(String(init?.body)) as PreviewRequest) },
      ),
    ]);
    await open();
    await loaded();
    await previewShows('bg=#56dadc');

    fail = true;
    type(field('Couleur des boutons'), '#654321');
    const alert = await within(panel()).findByText('Impossible d’afficher l’aperçu.', {}, { timeout: 3_000 });
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(frame().getAttribute('srcdoc')).toContain('bg=#56dadc');

    fail = false;
    fireEvent.click(within(panel()).getByRole('button', { name: 'Réessayer' }));
    await previewShows('bg=#654321');
    expect(within(panel()).queryByText('Impossible d’afficher l’aperçu.')).toBeNull();
  });

  it('has no axe violations on either tab', async () => {
    brandingApi();
    await open();
    await loaded();
    await previewShows('bg=#56dadc');
    chooseFile(new File(['x'], 'logo.txt', { type: 'text/plain' }));
    await within(panel()).findByText('Veuillez télécharger un fichier PNG, JPG ou SVG');
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(tab('Personnalisation des pages'));
    await previewShows('view=form');
    expect(await axeViolations()).toEqual([]);
  });
});
