// A deliberate boundary crossing: src/lint-boundaries.test.ts checks that lint refuses it.
import { createApp } from '../../../server/app';

export const app = createApp;
