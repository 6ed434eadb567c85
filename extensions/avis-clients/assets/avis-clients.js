/* global document */
// « Voir plus » of the « Avis clients » block (loaded deferred: the block is complete without it).
// Older reviews come from the app proxy (/apps/avis/avis?page=N), signed by Shopify; they are added
// to the same list with the same markup, built with DOM methods (a review's words are text, never HTML).
(function () {
  'use strict';

  function stars(noteLabel, rating, template) {
    var outer = document.createElement('span');
    outer.className = 'avis-etoiles';
    outer.setAttribute('role', 'img');
    outer.setAttribute('aria-label', template.replace('__NOTE__', noteLabel));
    var fond = document.createElement('span');
    fond.className = 'avis-etoiles__fond';
    fond.setAttribute('aria-hidden', 'true');
    fond.textContent = '★★★★★';
    var plein = document.createElement('span');
    plein.className = 'avis-etoiles__plein';
    plein.setAttribute('aria-hidden', 'true');
    plein.style.width = rating * 20 + '%';
    plein.textContent = '★★★★★';
    outer.appendChild(fond);
    outer.appendChild(plein);
    return outer;
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
    time.textContent = review.date_label;
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

  function setUp(section) {
    var button = section.querySelector('[data-avis-plus]');
    var list = section.querySelector('[data-avis-liste]');
    var status = section.querySelector('[data-avis-statut]');
    if (!button || !list) return;
    button.addEventListener('click', function () {
      var page = Number(button.getAttribute('data-next-page'));
      button.disabled = true;
      var url = section.dataset.pageUrl + '?page=' + page + '&v=' + encodeURIComponent(section.dataset.version || '');
      fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
        .then(function (res) {
          if (!res.ok) throw new Error(String(res.status));
          return res.json();
        })
        .then(function (answer) {
          var first = null;
          answer.reviews.forEach(function (review) {
            var li = item(review, section);
            if (!first) first = li;
            list.appendChild(li);
          });
          if (status) status.textContent = section.dataset.moreLabel.replace('__COUNT__', String(answer.reviews.length));
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
    });
  }

  document.querySelectorAll('[data-avis-clients]').forEach(setUp);
})();
