/**
 * The review page's only script, run in the customer's browser (progressive enhancement: without it
 * the form posts and the server answers). It swaps the comment label for the rating's
 * private-feedback message, validates in French, submits with fetch, then shows the thank-you block
 * (the postponement's form and the status go: a review answers the request) or follows the redirect.
 *
 * This is browser code: the server never imports it. scripts/build-review-script.mjs minifies it into
 * page-script.ts, which page.ts inlines with the page's CSP nonce; a unit test keeps the two in step.
 */

/** What page.ts puts in <script type="application/json" id="review-data">. */
interface ReviewData {
  /** The private-feedback label per rating ('1'…'5'), when the rating's action asks for one. */
  feedback: Record<string, string | undefined>;
  labels: { comment: string; ratingRequired: string; nameEmailRequired: string; sending: string; submitError: string };
}

/** The JSON the server answers a fetch submission with. */
interface SubmitAnswer {
  next?: string;
  url?: string;
  html?: string;
  error?: string;
}

(() => {
  const data = JSON.parse(document.getElementById('review-data')!.textContent ?? '{}') as ReviewData;
  const form = document.getElementById('review') as HTMLFormElement | null;
  const message = document.getElementById('msg')!;
  const button = document.getElementById('submit') as HTMLButtonElement;
  const commentLabel = document.getElementById('comment-label')!;
  if (!form) return;
  form.setAttribute('novalidate', '');
  const buttonText = button.textContent;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;

  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.name !== 'rating') return;
    commentLabel.textContent = data.feedback[target.value] || data.labels.comment;
  });

  const failed = (text: string) => {
    message.textContent = text;
    button.disabled = false;
    button.textContent = buttonText;
  };

  /** Replaces the form with the thank-you block and moves the focus to its title. */
  const showDone = (html: string) => {
    const card = form.parentNode as HTMLElement;
    form.remove();
    const done = document.createElement('div');
    done.innerHTML = html;
    card.appendChild(done);
    document.getElementById('done-title')?.focus();
    card.querySelector('.intro')?.remove();
    card.querySelectorAll('.later,.status').forEach((node) => node.remove());
    const title = card.querySelector('h1');
    if (title && title.id !== 'done-title') title.remove();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    message.textContent = '';
    const rating = form.querySelector<HTMLInputElement>('input[name=rating]:checked');
    if (!rating) {
      message.textContent = data.labels.ratingRequired;
      form.querySelector<HTMLInputElement>('input[name=rating]')?.focus();
      return;
    }
    const name = field('name').value.trim();
    const email = field('email').value.trim();
    if (!name || !email) {
      message.textContent = data.labels.nameEmailRequired;
      field(name ? 'email' : 'name').focus();
      return;
    }
    button.disabled = true;
    button.textContent = data.labels.sending;
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
    fetch(form.action, { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' }, body })
      .then((res) =>
        res
          .json()
          .catch(() => ({}))
          .then((answer: SubmitAnswer) => ({ ok: res.ok, answer })),
      )
      .then(({ ok, answer }) => {
        if (ok && answer.next === 'redirect' && answer.url) {
          window.location.assign(answer.url);
          return;
        }
        // A thank-you block comes with a success, and with « already answered » (409) too.
        if (answer.html) {
          showDone(answer.html);
          return;
        }
        failed(answer.error || data.labels.submitError);
      })
      .catch(() => failed(data.labels.submitError));
  });
})();
