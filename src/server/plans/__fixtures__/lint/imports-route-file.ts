// Deliberate violation, linted by src/lint-boundaries.test.ts: only app.ts imports route files,
// even from the same folder.
import { planRoutes } from '#server/plans/routes';

export const fixture = planRoutes;
