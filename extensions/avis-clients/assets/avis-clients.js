/* global document, window, Element */
// The « Avis clients » block's « Voir plus » and the badge's close button (decisions 028 and 043).
// Shopify loads this file with <script async> in <head>: it may run before the page below it is
// parsed, so it finds nothing at once. Clicks are caught on the document, whenever the block appears
// (the theme editor adds blocks later too), and the badge is set up once the document is parsed.
// Older reviews come from the app proxy, root-relative (the block's data-page-url), signed by Shopify;
// they are added to the same list with the same markup, built with DOM methods (a review's words are
// text, never HTML). Their dates are written in the storefront's language with the words the block
// took from the locale files (its data-date-label, data-months, data-first-day), the same as the
// reviews the block shows itself: `Intl` would write « 1 mars » beside the block's « 1er mars », and
// a language the extension does not ship in another language than the block's texts.
(function () {
  'use strict';
  if (window.avisClientsPret) return;
  window.avisClientsPret = true;

  var BADGE_CLOSED = 'avis-clients:badge-ferme';

  function stars(noteLabel, rating, template) {
    var outer = document.createElement('span');
    outer.className = 'avis-etoiles';
    outer.setAttribute('role', 'img');
    outer.setAttribute('aria-label', template.replace('__NOTE__', noteLabel));
    outer.style.setProperty('--avis-note', rating * 20 + '%');
    return outer;
  }

  // « 12 mars 2026 », "March 12, 2026" from a review's day (`YYYY-MM-DD`). A block older than these
  // attributes gets the French words the app still sends with each review.
  function dateLabel(review, section) {
    var data = section.dataset;
    if (!data.dateLabel || !data.months) return review.date_label || review.date;
    var parts = review.date.split('-');
    var date = Number(parts[2]);
    return data.dateLabel
      .replace('__JOUR__', date === 1 ? data.firstDay : String(date))
      .replace('__MOIS__', data.months.split(',')[Number(parts[1]) - 1])
      .replace('__ANNEE__', parts[0]);
  }

  function item(review, section) {
    var li = document.createElement('li');
    li.className = 'avis-clients__avis';
    li.appendChild(stars(String(review.rating), review.rating, section.dataset.noteLabel));
    var author = document.createElement('p');
    author.className = 'avis-clients__auteur';
    author.appendChild(document.createTextNode((review.name || section.dataset.clientLabel) + ' · '));
    var time = document.createElement('time');
    time.dateTime = review.date;
    time.textContent = dateLabel(review, section);
    author.appendChild(time);
    li.appendChild(author);
    // « Achat vérifié » only for a review left through an order's request (decision 044).
    if (typeof review.verified === 'boolean') {
      var origin = document.createElement('p');
      origin.className = review.verified ? 'avis-clients__origine avis-clients__origine--verifie' : 'avis-clients__origine';
      origin.textContent = review.verified ? section.dataset.verifiedLabel : section.dataset.unverifiedLabel;
      li.appendChild(origin);
    }
    if (review.comment) {
      var text = document.createElement('p');
      text.className = 'avis-clients__texte';
      text.textContent = review.comment;
      li.appendChild(text);
    }
    return li;
  }

  function more(button) {
    var section = button.closest('[data-avis-clients]');
    var list = section && section.querySelector('[data-avis-liste]');
    if (!list) return;
    var status = section.querySelector('[data-avis-statut]');
    var page = Number(button.getAttribute('data-next-page'));
    button.disabled = true;
    var url = section.dataset.pageUrl + '?page=' + page + '&v=' + encodeURIComponent(section.dataset.version || '');
    fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (res) {
        if (!res.ok) throw new Error(String(res.status));
        return res.json();
      })
      .then(function (answer) {
        answer.reviews.forEach(function (review) {
          list.appendChild(item(review, section));
        });
        if (status) status.textContent = section.dataset.moreLabel.replace('__COUNT__', String(answer.reviews.length));
        schedule();
        if (answer.next_page) {
          button.setAttribute('data-next-page', String(answer.next_page));
          button.disabled = false;
        } else {
          button.remove();
        }
      })
      .catch(function () {
        if (status) status.textContent = section.dataset.errorLabel;
        button.disabled = false;
      });
  }

  function remember() {
    try {
      window.sessionStorage.setItem(BADGE_CLOSED, '1');
    } catch (_e) {
      // Storage refused (private browsing): closed for this page only.
    }
  }

  function closedBefore() {
    try {
      return window.sessionStorage.getItem(BADGE_CLOSED) === '1';
    } catch (_e) {
      return false;
    }
  }

  function closeBadge(badge) {
    if (!badge) return;
    badge.hidden = true;
    remember();
  }

  // The badge never covers the reviews: hidden while it lies over a reviews block.
  var scheduled = false;
  function place() {
    scheduled = false;
    var blocks = document.querySelectorAll('[data-avis-clients]');
    document.querySelectorAll('[data-avis-badge]').forEach(function (badge) {
      var a = badge.getBoundingClientRect();
      var over = false;
      blocks.forEach(function (block) {
        var b = block.getBoundingClientRect();
        if (b.top < a.bottom && a.top < b.bottom && b.left < a.right && a.left < b.right) over = true;
      });
      badge.classList.toggle('avis-badge--cache', over);
    });
  }
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    window.requestAnimationFrame(place);
  }

  function setUp() {
    if (closedBefore()) document.querySelectorAll('[data-avis-badge]').forEach(closeBadge);
    schedule();
  }

  document.addEventListener('click', function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    var plus = target.closest('[data-avis-plus]');
    if (plus && !plus.disabled) more(plus);
    var close = target.closest('[data-avis-badge-fermer]');
    if (close) closeBadge(close.closest('[data-avis-badge]'));
  });
  // Escape closes the badge when the keyboard is on it.
  document.addEventListener('keydown', function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (event.key === 'Escape' && target && target.closest('[data-avis-badge]')) closeBadge(target.closest('[data-avis-badge]'));
  });

  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setUp);
  else setUp();
  window.addEventListener('load', schedule);
  // A block added or changed in the theme editor.
  document.addEventListener('shopify:section:load', setUp);
})();
