import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('ships the 10,000 most common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(9_900);
  });

  it('recognises them whatever the case and surrounding spaces', () => {
    for (const p of ['123456', 'password', 'AZERTY', ' qwerty ', 'iloveyou', 'sunshine']) expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['Lumiere-des-Avis-2025', 'zq9$x-long-unlikely']) expect(isCommonPassword(p), p).toBe(false);
  });
});
