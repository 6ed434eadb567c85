/**
 * What one e-mail's Liquid may cost, the same in the sender, the editor's checks and the browser's
 * preview (decision 019). Liquid's own memory count does not see a string built by `{% capture %}`,
 * so the output is counted by the renderer (review-email.ts), field by field, before anything else
 * reads it.
 *
 * A module of its own, without liquidjs: the French catalogues quote these limits, and a catalogue
 * importing the renderer put liquidjs in every screen's JavaScript (decision 027).
 */
export const RENDER_LIMITS = {
  /** Characters of Liquid source parsed per field: the body's own maximum. */
  parseChars: 100_000,
  /**
   * Milliseconds for all the Liquid fields of one e-mail together (not per field, as Liquid counts):
   * a merchant's template takes a millisecond or two, so a busy machine stays far from it.
   */
  renderMs: 200,
  /** Liquid's count of what its filters and ranges allocate, per field. */
  memory: 1_000_000,
  /** Characters the Liquid fields of one e-mail may produce together. */
  outputChars: 200_000,
} as const;

/** Which of RENDER_LIMITS (or, in the sandbox, its heap and deadline) a template went beyond. */
export type TemplateLimit = 'size' | 'time' | 'memory';
