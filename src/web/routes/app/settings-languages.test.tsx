/** « Langues de vos clients » on /app/settings, and what the templates screen says of orders in a language not served (decision 056). */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readDeliverability } from '#core/api/deliverability';
import { readEmailTemplate } from '#core/api/email-templates';
import { readCustomerLanguages, readSettings, saveCustomerLanguages, type CustomerLanguages } from '#core/api/settings';
import { axeViolations } from '#web/test/axe';
import { callsTo, mockSignedInApi, on, sentBodyTo } from '#web/test/endpoints';
import { defaults, editor, open } from '#web/test/email-templates-page';
import { apiError, renderRoute, testUser } from '#web/test/render';

const ALL: CustomerLanguages['languages'] = ['fr', 'en', 'de', 'es', 'it', 'nl'];
const withEnglishOrders: CustomerLanguages = {
  default_language: 'fr',
  languages: ['fr', 'de'],
  unserved: [
    { language: 'en', orders: 14, share: 0.14 },
    { language: 'pt', orders: 2, share: 0.02 },
  ],
  unwritten: [],
};

function api(initial: CustomerLanguages) {
  let current = initial;
  return mockSignedInApi([
    on(readSettings, { owner_notification_email: testUser.email, daily_send_limit: 1000, customer_ask_window_days: 30, unsubscribe_enabled: true, saved: true }),
    on(readDeliverability, { app_from_address: 'avis@avis-clients.test', sender: null, reply_to: testUser.email }),
    on(readCustomerLanguages, () => current),
    on(saveCustomerLanguages, ({ body }) => {
      const input = body as { default_language: CustomerLanguages['default_language']; languages: CustomerLanguages['languages'] };
      current = {
        default_language: input.default_language,
        languages: ALL.filter((l) => l === input.default_language || input.languages.includes(l)),
        unserved: [],
        unwritten: [],
      };
      return current;
    }),
  ]);
}

async function openLanguages() {
  renderRoute('/app/settings');
  return screen.findByRole('form', { name: 'Langues de vos clients' }, { timeout: 5_000 });
}

describe('« Langues de vos clients »', () => {
  it('says plainly which recent orders are in a language not served, and saves the default and the languages served', async () => {
    const fetchMock = api(withEnglishOrders);
    const form = await openLanguages();
    const note = within(form).getByRole('note', { name: 'Des commandes dans une langue que vous ne proposez pas' });
    expect(note.textContent).toContain('14\u00a0% de vos commandes des 90 derniers jours sont en anglais\u202f: aucun modèle en anglais, ces clients sont sollicités en français.');
    expect(note.textContent).toContain('en portugais');
    expect((within(form).getByRole('checkbox', { name: 'Français' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'Allemand' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'Anglais' }) as HTMLInputElement).checked).toBe(false);
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(within(form).getByRole('checkbox', { name: 'Anglais' }));
    fireEvent.change(within(form).getByLabelText('Langue par défaut'), { target: { value: 'de' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les langues' }));
    await within(form).findByText('Langues enregistrées avec succès');
    expect(sentBodyTo(fetchMock, saveCustomerLanguages)).toEqual({ default_language: 'de', languages: ['fr', 'de', 'en'] });
    expect((within(form).getByRole('checkbox', { name: 'Allemand' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(form).queryByRole('note')).toBeNull();
  });

  it('shows the server’s refusal and keeps the choice', async () => {
    const fetchMock = mockSignedInApi([
      on(readSettings, { owner_notification_email: testUser.email, daily_send_limit: 1000, customer_ask_window_days: 30, unsubscribe_enabled: true, saved: true }),
      on(readDeliverability, { app_from_address: 'avis@avis-clients.test', sender: null, reply_to: testUser.email }),
      on(readCustomerLanguages, { default_language: 'fr', languages: ALL, unserved: [], unwritten: [] }),
      on(saveCustomerLanguages, () => apiError(400, 'Langue inconnue', 'validation_error')),
    ]);
    const form = await openLanguages();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Néerlandais' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les langues' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Langue inconnue');
    expect((within(form).getByRole('checkbox', { name: 'Néerlandais' }) as HTMLInputElement).checked).toBe(false);
    expect(callsTo(fetchMock, saveCustomerLanguages)).toHaveLength(1);
  });
});

describe('the templates screen', () => {
  it('says which recent orders are in a language without a template, and leads to the languages', async () => {
    mockSignedInApi([on(readCustomerLanguages, withEnglishOrders), on(readEmailTemplate, defaults)]);
    await open();
    const note = await screen.findByRole('note', { name: 'Des commandes dans une langue que vous ne proposez pas' });
    expect(note.textContent).toContain('aucun modèle en anglais');
    expect(within(note).getByRole('link', { name: 'Choisir les langues' }).getAttribute('href')).toBe('/app/settings#langues');
  });

  it('says which recent orders are in a served language without the merchant’s template, and leads to writing it', async () => {
    const languages: CustomerLanguages = { default_language: 'fr', languages: ALL, unserved: [], unwritten: [{ language: 'en', orders: 14, share: 0.14 }] };
    mockSignedInApi([on(readCustomerLanguages, languages), on(readEmailTemplate, defaults)]);
    await open();
    const note = await screen.findByRole('note', { name: 'Des commandes dans une langue sans votre modèle' });
    expect(note.textContent).toContain(
      '14\u00a0% de vos commandes des 90 derniers jours sont en anglais\u202f: aucun modèle en anglais, ces clients reçoivent notre modèle en anglais.',
    );
    expect(within(note).getByRole('link', { name: 'Écrire le modèle en anglais' }).getAttribute('href')).toBe('/app/email-templates?langue=en');
  });

  it('says nothing when every recent order is in a language served', async () => {
    const fetchMock = mockSignedInApi([on(readCustomerLanguages, { default_language: 'fr', languages: ALL, unserved: [], unwritten: [] }), on(readEmailTemplate, defaults)]);
    await open();
    await editor();
    // The languages were read (the editor shows once the template is; the notice once the languages are).
    await waitFor(() => expect(callsTo(fetchMock, readCustomerLanguages)).toHaveLength(1));
    expect(screen.queryByRole('note', { name: 'Des commandes dans une langue que vous ne proposez pas' })).toBeNull();
    expect(screen.queryByRole('note', { name: 'Des commandes dans une langue sans votre modèle' })).toBeNull();
  });
});
