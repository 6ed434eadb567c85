/**
 * The 10,000 most common passwords (OWASP SecLists "10-million-password-list", top 10,000, CC BY-SA
 * 3.0), shipped with the project so the check works offline. Compared case-insensitively.
 */
import { readFileSync } from 'node:fs';

let list: Set<string> | null = null;

function load(): Set<string> {
  list ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean),
  );
  return list;
}

export function isCommonPassword(password: string): boolean {
  return load().has(password.trim().toLowerCase());
}

export const commonPasswordCount = () => load().size;
