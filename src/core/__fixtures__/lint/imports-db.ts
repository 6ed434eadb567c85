// A deliberate boundary crossing: src/lint-boundaries.test.ts checks that lint refuses it.
import { queryRows } from '../../../db/client';

export const rows = queryRows;
