/** The public links of a review request: the review page and the unsubscribe page and endpoint. */
export function requestLinks(appUrl: string, token: string) {
  const base = appUrl.replace(/\/+$/, '');
  const t = encodeURIComponent(token);
  return {
    review: `${base}/review/${t}`,
    /** The e-mail's 1×1 image: its first fetch records an open (an estimate; issue 14). */
    openPixel: `${base}/review/${t}/open.gif`,
    /** The visible link in the e-mail: a page with a button (a GET never unsubscribes: mail scanners prefetch links). */
    unsubscribePage: `${base}/unsubscribe/${t}`,
    /** RFC 8058 one-click endpoint, named in the List-Unsubscribe header. */
    oneClickUnsubscribe: `${base}/api/public/unsubscribe/${t}`,
  };
}

/**
 * RFC 8058 one-click unsubscribe headers, as every e-mail to a customer carries them: a POST to this
 * URL unsubscribes without cookies or login. The mailer's DKIM signature covers both (SIGNED_HEADERS).
 */
export function oneClickUnsubscribeHeaders(links: { oneClickUnsubscribe: string }): Record<string, string> {
  return { 'List-Unsubscribe': `<${links.oneClickUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
