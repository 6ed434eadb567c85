/**
 * A review's photos on the merchant's screens (decision 058): the thumbnails of the reviews list and
 * of the moderation list, the enlarged view, and hiding a photo for a reason. Names follow « de »
 * elided before a vowel (« d’Anne D. »).
 */
import { elide } from '#core/french';

export const reviewPhotos = {
  listLabel: (name: string) => `Photos ${elide('de', name)}`,
  /** The thumbnail's button. */
  open: (position: number, name: string) => `Voir la photo ${position} ${elide('de', name)}`,
  openHidden: (position: number, name: string) => `Voir la photo ${position} ${elide('de', name)} (masquée sur la boutique)`,
  hiddenMark: 'Masquée',
  /** The enlarged view. */
  title: (position: number, count: number, name: string) => (count > 1 ? `Photo ${position} sur ${count} ${elide('de', name)}` : `Photo ${elide('de', name)}`),
  alt: (position: number, name: string) => `Photo ${position} envoyée par ${name} avec son avis`,
  hiddenState: (reason: string) => `Masquée sur la boutique\u202f: ${reason}`,
  previous: 'Photo précédente',
  next: 'Photo suivante',
  close: 'Fermer',
  hide: 'Masquer la photo',
  hideLabel: (position: number, name: string) => `Masquer la photo ${position} ${elide('de', name)}`,
  show: 'Afficher à nouveau',
  showLabel: (position: number, name: string) => `Afficher à nouveau la photo ${position} ${elide('de', name)}`,
  showing: 'Affichage…',
  /** The hide dialog's reminder of whose photo it is. */
  whose: (position: number, name: string) => `photo ${position} ${elide('de', name)}`,
  hiddenDone: 'La photo est masquée sur votre boutique. L’avis reste affiché.',
  shownDone: 'La photo est de nouveau affichée sur votre boutique.',
  actionError: 'La modification n’a pas pu être enregistrée. Réessayez.',
};
