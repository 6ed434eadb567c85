// A deliberate boundary crossing through an alias: src/lint-boundaries.test.ts checks that lint,
// which resolves aliases, refuses it as it refuses the relative path.
import { createApp } from '#server/app';

export const app = createApp;
