// A deliberate boundary crossing: src/lint-boundaries.test.ts checks that lint refuses it.
import { loadConfig } from '../../../server/config';

export const config = loadConfig;
