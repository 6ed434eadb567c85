// Deliberate violation, linted by src/lint-boundaries.test.ts: stores (accounts and Shopify) sits
// below requests (features) in eslint.config.js SERVER_LAYERS, so it may not import it.
import { cancelUnsentRequests } from '#server/requests/generate';

export const fixture = cancelUnsentRequests;
