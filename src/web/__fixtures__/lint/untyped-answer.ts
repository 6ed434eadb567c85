// Deliberate violation (linted by src/lint-boundaries.test.ts): an endpoint answered with an untyped
// JSON body, which a drift from the contract (here `session.id`) would not fail to compile.
import { getSession } from '#core/api/auth';
import { mockEndpoint, on } from '#web/test/endpoints';
import { rawResponse, testUser } from '#web/test/render';

export const route = on(getSession, () => rawResponse({ session: { id: 's1' }, user: testUser }));
export const mock = () => mockEndpoint(getSession, rawResponse(null));
