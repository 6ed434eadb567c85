/** GET and PUT /api/settings, for the active store (src/core/api/settings.ts). */
import { readSettings as readSettingsEndpoint, saveSettings as saveSettingsEndpoint } from '#core/api/settings';
import type { AppContext } from '../context';
import { route, type Route } from '../http/route';
import { requestConfirmations } from '../recipients/service';
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
  ];
}
