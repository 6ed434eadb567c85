// A deliberate cycle with cycle-b.ts: src/lint-boundaries.test.ts checks that lint refuses it.
import { b } from './cycle-b';

export const a = (n: number): number => (n <= 0 ? 0 : b(n - 1));
