/* global document, window, Element */
// The « Avis clients » block's « Voir plus », photos and the badge's close button (decisions 028,
// 043, 058). Loaded async in <head>: it may run before the page is parsed, so clicks are caught on the
// document (the theme editor adds blocks later too) and the badge is set up once the page is parsed.
// Older reviews come from the signed app proxy (data-page-url), added with the block's markup by DOM
// methods (words are text, never HTML); dates in the block's words (data-date-label, data-months,
// data-first-day), not `Intl`, which would differ from the block's « 1er mars » and language.
// A photo's thumbnail opens the full photo in a native modal <dialog> (Escape or its named button
// close it, focus goes back to the thumbnail); without <dialog> its link opens the photo.
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
    if (review.photos && review.photos.length) li.appendChild(photos(review, section));
    return li;
  }

  function words(template, n, total, author) {
    return template.replace('__N__', n).replace('__TOTAL__', total).replace('__AUTEUR__', author);
  }

  function photos(review, section) {
    var data = section.dataset;
    var author = review.name || data.clientLabel;
    var total = review.photos.length;
    // Not a list: each link says its place (« photo 1 sur 2 »), and the reviews' list stays the only one.
    var list = document.createElement('div');
    list.className = 'avis-clients__photos';
    review.photos.forEach(function (photo, i) {
      var link = document.createElement('a');
      link.className = 'avis-clients__photo';
      link.href = photo.url;
      link.setAttribute('aria-label', words(data.photoLabel, i + 1, total, author));
      link.dataset.avisPhoto = '';
      link.dataset.alt = words(data.photoAlt, i + 1, total, author);
      link.dataset.width = photo.width;
      link.dataset.height = photo.height;
      var img = document.createElement('img');
      img.src = photo.thumb_url;
      img.width = photo.thumb_width;
      img.height = photo.thumb_height;
      img.alt = '';
      img.loading = 'lazy';
      link.appendChild(img);
      list.appendChild(link);
    });
    return list;
  }

  // One dialog per block, made on first use.
  function viewer(section) {
    var dialog = section.querySelector('[data-avis-visionneuse]');
    if (dialog) return dialog;
    dialog = document.createElement('dialog');
    dialog.className = 'avis-clients__visionneuse';
    dialog.dataset.avisVisionneuse = '';
    var close = document.createElement('button');
    close.type = 'button';
    close.className = 'avis-clients__fermer';
    close.setAttribute('aria-label', section.dataset.closeLabel);
    close.textContent = '×';
    close.addEventListener('click', function () {
      dialog.close();
    });
    var img = document.createElement('img');
    dialog.appendChild(close);
    dialog.appendChild(img);
    dialog.addEventListener('close', function () {
      if (dialog.opener) dialog.opener.focus();
      dialog.opener = null;
    });
    section.appendChild(dialog);
    return dialog;
  }

  function enlarge(link) {
    var section = link.closest('[data-avis-clients]');
    if (!section) return false;
    var dialog = viewer(section);
    var img = dialog.querySelector('img');
    var alt = link.dataset.alt;
    img.alt = alt;
    img.width = link.dataset.width;
    img.height = link.dataset.height;
    img.src = link.href;
    dialog.setAttribute('aria-label', alt);
    dialog.opener = link;
    dialog.showModal();
    return true;
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
    var photo = target.closest('[data-avis-photo]');
    // A click with a modifier key opens the photo in a new tab, as links do.
    if (photo && typeof window.HTMLDialogElement === 'function' && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey) {
      if (enlarge(photo)) event.preventDefault();
    }
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
