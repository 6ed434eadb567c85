/** The e-mail template screen's tests' world: the default template, an uploaded logo, the mocked API and the editor's fields. */
import { fireEvent, screen } from '@testing-library/react';
import { type EmailTemplateConfig, readEmailTemplate, saveEmailTemplate, sendTestEmail, type TemplateBody, uploadTemplateLogo } from '#core/api/email-templates';
import type { StoredLogo } from '#core/api/branding';
import { reviewEmailTexts } from '#core/email/texts';
import { renderRoute, testUser } from '#web/test/render';
import { mockSignedInApi, on, type Route, type FetchMock } from '#web/test/endpoints';

export const defaultBody =
  'Merci pour votre commande {{ order_number }} chez {{ store_name }}\u202f! Nous espérons que vous en êtes satisfait(e).\n\nPourriez-vous prendre une minute pour partager votre avis\u202f? Cela nous aide beaucoup.';

/** What the server answers before anything is saved (docs/product/limits.md, default template). */
export const defaults: EmailTemplateConfig = {
  store_name: 'Atelier Nova',
  language: 'fr',
  default_language: 'fr',
  languages: [
    { language: 'fr', served: true, saved: false },
    { language: 'en', served: true, saved: false },
  ],
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

export const uploaded: StoredLogo = {
  key: 'email-logos/u1/1767225600000.png',
  url: 'https://cdn.exemple.test/email-logos/u1/1767225600000.png',
  email_url: 'https://cdn.exemple.test/email-logos/u1/1767225600000-email.png',
  content_type: 'image/png',
};

/** The shipped English template, as the server answers it for `?language=en` before a save (decision 057). */
export const englishDefaults: EmailTemplateConfig = {
  ...defaults,
  language: 'en',
  template: {
    ...defaults.template,
    subject: reviewEmailTexts.en.defaultSubject,
    body_content: reviewEmailTexts.en.defaultBody,
    button_text: reviewEmailTexts.en.defaultButton,
    footer_text: reviewEmailTexts.en.defaultFooter,
  },
  page_texts: { email_greeting: null, email_closing: null },
};

/**
 * An in-memory template API, one template per language (French unless asked): PUT keeps the body
 * (the logo by its key) in its language and answers it saved; the list of languages says which are.
 */
export function templateApi(initial: EmailTemplateConfig = defaults, overrides: Route[] = []): FetchMock {
  const byLanguage = new Map<string, EmailTemplateConfig>([
    ['fr', initial],
    ['en', englishDefaults],
  ]);
  const withList = (config: EmailTemplateConfig): EmailTemplateConfig => ({
    ...config,
    languages: config.languages.map((entry) => ({ ...entry, saved: byLanguage.get(entry.language)?.saved ?? false })),
  });
  return mockSignedInApi([
    on(readEmailTemplate, ({ query }) => withList(byLanguage.get(query.get('language') ?? 'fr')!)),
    on(saveEmailTemplate, ({ body: sent }) => {
      const body = sent as TemplateBody;
      const current = byLanguage.get(body.language ?? 'fr')!;
      const logo = body.logo_key === undefined ? current.template.logo : body.logo_key === uploaded.key ? uploaded : null;
      const saved = {
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
      byLanguage.set(saved.language, saved);
      return withList(saved);
    }),
    on(uploadTemplateLogo, () => uploaded),
    on(sendTestEmail, () => ({ sent_to: testUser.email })),
    ...overrides,
  ]);
}

export async function open() {
  renderRoute('/app/email-templates');
  // The screen is a lazy chunk: the first test also pays for transforming it.
  await screen.findByRole('heading', { level: 1, name: 'Templates d’emails' }, { timeout: 5_000 });
}

export async function editor() {
  return (await screen.findByLabelText('Objet', {}, { timeout: 5_000 })) as HTMLInputElement;
}

export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
export const body = () => field('Contenu') as HTMLTextAreaElement;
export const frame = () => screen.getByTitle('Aperçu de l’e-mail') as HTMLIFrameElement;
export const srcdoc = () => frame().getAttribute('srcdoc') ?? '';

export function type(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

export function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
}

/** The live warnings region (a status, never an alert). */
export function liveWarnings() {
  return screen.getByRole('status', { name: 'Points à vérifier avant d’enregistrer' });
}
