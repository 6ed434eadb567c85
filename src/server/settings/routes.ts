/** GET and PUT /api/settings and /api/settings/customer-languages, for the active store (src/core/api/settings.ts). */
import {
  readCustomerLanguages as readCustomerLanguagesEndpoint,
  readSettings as readSettingsEndpoint,
  saveCustomerLanguages as saveCustomerLanguagesEndpoint,
  saveSettings as saveSettingsEndpoint,
} from '#core/api/settings';
import type { AppContext } from '../context';
import { route, type Route } from '../http/route';
import { requestConfirmations } from '../recipients/service';
import { readCustomerLanguages, saveCustomerLanguages } from './customer-languages';
import { readSettings, saveSettings } from './service';

export function settingsRoutes(ctx: AppContext): Route[] {
  return [
    route(readSettingsEndpoint, async ({ store }) => readSettings(ctx.db, store.id)),
    route(saveSettingsEndpoint, async ({ store, body }) => {
      const saved = await saveSettings(ctx.db, store.id, body);
      // An address other than the account's gets its confirmation link; no alert goes there before (decision 022).
      await requestConfirmations(ctx, store.id);
      return saved;
    }),
    route(readCustomerLanguagesEndpoint, async ({ store }) => readCustomerLanguages(ctx.db, store.id)),
    route(saveCustomerLanguagesEndpoint, async ({ store, body }) => saveCustomerLanguages(ctx.db, store.id, body)),
  ];
}
