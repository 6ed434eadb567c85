// The in-memory state and its optional JSON file, written atomically (temp file + rename).
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AppConfigRecord, PersistedState } from './types';

export function emptyState(app: AppConfigRecord): PersistedState {
  return {
    version: 1,
    seq: 1000,
    app: { ...app },
    shops: [],
    customers: [],
    orders: [],
    tokens: [],
    codes: [],
    webhookSubscriptions: [],
    appSubscriptions: [],
  };
}

export class Store {
  data: PersistedState;
  private tmpCounter = 0;

  constructor(
    private readonly path: string | undefined,
    defaultApp: AppConfigRecord,
  ) {
    this.data = this.load(defaultApp);
  }

  /** True when the state was just created (no file, or in-memory). */
  get isEmpty(): boolean {
    return this.data.shops.length === 0 && this.data.orders.length === 0 && this.data.tokens.length === 0;
  }

  nextId(): number {
    this.data.seq += 1;
    return this.data.seq;
  }

  replace(state: PersistedState): void {
    this.data = state;
    this.save();
  }

  /** Writes the state file (if any) atomically. Called after every change. */
  save(): void {
    if (!this.path) return;
    mkdirSync(dirname(this.path), { recursive: true });
    this.tmpCounter += 1;
    const tmp = `${this.path}.${process.pid}.${this.tmpCounter}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data, null, 2), 'utf8');
    renameSync(tmp, this.path);
  }

  private load(defaultApp: AppConfigRecord): PersistedState {
    if (!this.path || !existsSync(this.path)) return emptyState(defaultApp);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch (err) {
      throw new Error(`Shopify emulator: cannot read state file ${this.path}: ${(err as Error).message}`, { cause: err });
    }
    const state = parsed as Partial<PersistedState>;
    if (!state || state.version !== 1 || !Array.isArray(state.shops)) {
      throw new Error(`Shopify emulator: state file ${this.path} has an unknown format (expected version 1)`);
    }
    const base = emptyState(defaultApp);
    return { ...base, ...state, app: { ...base.app, ...(state.app ?? {}) } } as PersistedState;
  }
}
