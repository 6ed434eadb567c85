/**
 * The merchant's texts per customer language (decision 057): the template editor and the page's
 * texts each edit one language at a time, picked from the store's served languages; the preview, the
 * save and the test are in that language, and a switch never drops unsaved changes.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readBranding, savePage, previewReviewPage, type BrandingConfig } from '#core/api/branding';
import { saveEmailTemplate, sendTestEmail } from '#core/api/email-templates';
import { reviewEmailTexts } from '#core/email/texts';
import { activeStore, renderRoute } from '#web/test/render';
import { mockSignedInApi, on, sentBodyTo } from '#web/test/endpoints';
import { editor, field, srcdoc, templateApi, type } from '#web/test/email-templates-page';
import { axeViolations } from '#web/test/axe';
import { PAGE_FIELDS, type PageField } from '#web/components/branding/branding-form';

const picker = () => screen.getByLabelText('Langue des textes') as HTMLSelectElement;
const optionLabels = () => [...picker().options].map((option) => option.textContent);

describe('/app/email-templates in each language', () => {
  it('edits, previews, saves and tests the English template apart from the French one', async () => {
    const fetchMock = templateApi();
    const { router } = renderRoute('/app/email-templates');
    const subject = await editor();
    expect(subject.value).toBe('Votre avis compte pour nous\u202f! 🌟');
    expect(picker().value).toBe('fr');
    expect(optionLabels()).toEqual(['Français (par défaut) · nos textes', 'Anglais · nos textes']);
    expect(picker().disabled).toBe(false);

    fireEvent.change(picker(), { target: { value: 'en' } });
    await waitFor(() => expect((field('Objet') as HTMLInputElement).value).toBe(reviewEmailTexts.en.defaultSubject));
    expect(router.state.location.search).toBe('?langue=en');
    expect(picker().value).toBe('en');
    // The preview is the English e-mail: the English greeting, body and button, the English reminder's defaults.
    await waitFor(() => expect(srcdoc()).toContain('Hi Marie Dupont,'));
    expect(srcdoc()).toContain('Leave a review');
    expect(srcdoc()).not.toContain('Laisser un avis');
    expect((field('Objet de la relance') as HTMLInputElement).placeholder).toBe(reviewEmailTexts.en.reminderSubject);

    // Typing locks the picker (a switch would drop it) and says why.
    type(field('Objet'), 'How was your order {{ order_number }}?');
    expect(picker().disabled).toBe(true);
    expect(screen.getByText('Enregistrez ou annulez vos modifications pour changer de langue.')).toBeTruthy();
    await waitFor(() => expect(srcdoc()).toContain('How was your order #1042?'));

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Template enregistré avec succès !');
    expect(sentBodyTo(fetchMock, saveEmailTemplate)).toMatchObject({ language: 'en', subject: 'How was your order {{ order_number }}?' });
    expect(picker().disabled).toBe(false);
    expect(optionLabels()).toEqual(['Français (par défaut) · nos textes', 'Anglais · vos textes']);

    fireEvent.click(screen.getByRole('button', { name: /Envoyer un test/ }));
    await screen.findByText(/E-mail de test envoyé/);
    expect(sentBodyTo(fetchMock, sendTestEmail)).toMatchObject({ language: 'en', subject: 'How was your order {{ order_number }}?' });

    // Back to French: the French template is as it was.
    fireEvent.change(picker(), { target: { value: 'fr' } });
    await waitFor(() => expect((field('Objet') as HTMLInputElement).value).toBe('Votre avis compte pour nous\u202f! 🌟'));
    expect(await axeViolations(document.body)).toEqual([]);
  });
});

/** The page's texts per language: the server answers each language's texts and defaults. */
function brandingConfig(language: 'fr' | 'en', saved: { fr: boolean; en: boolean }): BrandingConfig {
  const english = language === 'en';
  return {
    store_id: activeStore.id,
    store_name: 'Ma boutique',
    identity_saved: false,
    page_saved: saved[language],
    language,
    default_language: 'fr',
    languages: [
      { language: 'fr', served: true, saved: saved.fr },
      { language: 'en', served: true, saved: saved.en },
    ],
    identity: { logo: null, button_text_color: '#FFFFFF', button_bg_color: '#56dadc', primary_color: '#56dadc' },
    // Nothing written yet in either language: every text empty but the button's default.
    page: { ...(Object.fromEntries(Object.keys(PAGE_FIELDS).map((field) => [field, null])) as Record<PageField, null>), button_text: english ? 'NEXT' : 'SUIVANT' },
    page_defaults: english
      ? { page_title: 'How was your order?', page_description: 'Your review helps Ma boutique do better.', thank_you_message: 'Thank you for your review!', button_text: 'NEXT' }
      : {
          page_title: 'Comment s’est passée votre commande\u202f?',
          page_description: 'Votre avis aide Ma boutique à s’améliorer.',
          thank_you_message: 'Merci pour votre avis\u202f!',
          button_text: 'SUIVANT',
        },
  };
}

describe('/app/branding in each language', () => {
  it('opens on the page texts of the language the address names, previews and saves them in it', async () => {
    const saved = { fr: false, en: false };
    const fetchMock = mockSignedInApi([
      on(readBranding, ({ query }) => brandingConfig(query.get('language') === 'en' ? 'en' : 'fr', saved)),
      on(savePage, ({ body }) => {
        const language = (body as { language: 'fr' | 'en' }).language;
        saved[language] = true;
        return brandingConfig(language, saved);
      }),
      on(previewReviewPage, ({ body }) => ({
        html: `<p>language=${(body as { page: { language: string; button_text: string } }).page.language} button=${(body as { page: { button_text: string } }).page.button_text}</p>`,
      })),
    ]);
    renderRoute('/app/branding?langue=en');
    const tab = await screen.findByRole('tab', { name: 'Personnalisation des pages' }, { timeout: 5_000 });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(picker().value).toBe('en');
    expect((within(panel).getByLabelText(/Titre de la page/) as HTMLInputElement).placeholder).toBe('How was your order?');
    await waitFor(() => expect(within(panel).getByTitle('Aperçu de la page d’avis').getAttribute('srcdoc')).toContain('language=en button=NEXT'));

    type(within(panel).getByLabelText(/Titre de la page/), 'Tell us about your order');
    expect(picker().disabled).toBe(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sentBodyTo(fetchMock, savePage)).toMatchObject({ language: 'en', page_title: 'Tell us about your order' }));
    await waitFor(() => expect(optionLabels()).toEqual(['Français (par défaut) · nos textes', 'Anglais · vos textes']));
    expect(picker().disabled).toBe(false);
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
