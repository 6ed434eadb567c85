import { describe, expect, it } from 'vitest';
import { ASKED_STATUSES, FINAL_STATUSES, isRetryable, REVIEW_REQUEST_STATUSES, SENT_STATUSES, UNSENT_IDLE_STATUSES, UNSENT_STATUSES } from './domain';

describe('review request statuses', () => {
  it('are each either unsent (pending) or final, never both', () => {
    const unsent = new Set<string>(UNSENT_STATUSES);
    const final = new Set<string>(FINAL_STATUSES);
    for (const status of REVIEW_REQUEST_STATUSES) expect([status, unsent.has(status) !== final.has(status)]).toEqual([status, true]);
    expect(unsent.size + final.size).toBe(REVIEW_REQUEST_STATUSES.length);
  });

  it('withdraw idle ones everywhere, claimed ones only where the sender re-checks', () => {
    expect([...UNSENT_STATUSES].sort()).toEqual([...UNSENT_IDLE_STATUSES, 'processing'].sort());
    expect(UNSENT_IDLE_STATUSES).not.toContain('processing');
  });

  it('count an order as asked once claimed or sent', () => {
    expect([...ASKED_STATUSES].sort()).toEqual(['processing', ...SENT_STATUSES].sort());
    expect(ASKED_STATUSES).not.toContain('scheduled');
    expect(ASKED_STATUSES).not.toContain('failed');
  });

  it('retry temporary failures only', () => {
    expect(isRetryable({ status: 'failed', failureKind: 'temporary' })).toBe(true);
    expect(isRetryable({ status: 'failed', failureKind: 'permanent' })).toBe(false);
    expect(isRetryable({ status: 'failed', failureKind: null })).toBe(false);
    expect(isRetryable({ status: 'scheduled' })).toBe(false);
  });
});
