/**
 * A customer language named in French, as the merchant reads it (their screens, alerts and exports):
 * « anglais », « allemand », « allemand autrichien » for `de-AT`, « portugais ».
 */
const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames('fr', { type: 'language' }) : null;

export function languageName(code: string): string {
  try {
    return names?.of(code) ?? code;
  } catch {
    return code; // not a language code Intl reads
  }
}

/** The same, capitalised for a label: « Anglais ». */
export const languageLabel = (code: string) => {
  const name = languageName(code);
  return name.charAt(0).toLocaleUpperCase('fr') + name.slice(1);
};
