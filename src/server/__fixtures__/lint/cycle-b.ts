// A deliberate cycle with cycle-a.ts: src/lint-boundaries.test.ts checks that lint refuses it.
import { a } from './cycle-a';

export const b = (n: number): number => (n <= 0 ? 1 : a(n - 1));
