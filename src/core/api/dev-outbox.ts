/** Contracts of this area: filled in by the contracts work (issue 12). */
export {};
