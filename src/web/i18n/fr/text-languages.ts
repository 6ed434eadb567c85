/**
 * The language picker of the merchant's own texts (decision 057): the e-mail template and the
 * review page's texts are written per customer language.
 */
export const textLanguages = {
  label: 'Langue des textes',
  hint: 'Chaque client reçoit vos textes dans sa langue. Une langue où vous n’avez rien écrit reçoit nos textes dans cette langue, avec votre logo et vos couleurs.',
  /** Switching would drop what is typed: the picker waits for a save or a discard. */
  locked: 'Enregistrez ou annulez vos modifications pour changer de langue.',
  option: (label: string, isDefault: boolean, saved: boolean) => `${label}${isDefault ? ' (par défaut)' : ''} · ${saved ? 'vos textes' : 'nos textes'}`,
  notServed: 'Votre boutique ne propose pas encore cette langue\u202f: ces textes serviront quand vous l’ajouterez aux langues de vos clients.',
};
