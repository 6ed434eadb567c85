/** 404 screen. */
export const notFound = {
  title: 'Page introuvable',
  code: '404',
  body: 'La page que vous cherchez n’existe pas ou a été déplacée.',
  home: 'Retour à l’accueil',
};
