// A deliberate import of a feature from the queue: src/lint-boundaries.test.ts checks that lint refuses it.
import { coalesce } from '#server/requests/coalesce';

export const run = coalesce;
