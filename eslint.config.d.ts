// Types of what eslint.config.js exports, for the tests that read it (src/architecture-layers.test.ts).
import type { Linter } from 'eslint';

/** The server's folders in layers, lowest first (docs/ARCHITECTURE.md, "Dependencies between server folders"). */
export declare const SERVER_LAYERS: readonly { readonly name: string; readonly folders: readonly string[] }[];

declare const config: Linter.Config[];
export default config;
