/** Contracts of this area: filled in by the contracts work (issue 12). */
export const RATING_ACTION_ERRORS = {} as const satisfies Record<string, number>;
