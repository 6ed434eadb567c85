// A deliberate ../../ chain: src/lint-boundaries.test.ts checks that lint asks for the alias instead.
import type { AppContext } from '../../context';

export type Context = AppContext;
