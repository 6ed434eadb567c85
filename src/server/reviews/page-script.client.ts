/**
 * The review page's only script, run in the customer's browser (progressive enhancement: without it
 * the form posts and the server answers). It swaps the comment label for the rating's
 * private-feedback message, validates in the page's language, submits with fetch, then shows the
 * thank-you block (the postponement's form and the status go: a review answers the request) or
 * follows the redirect. Photos (decision 058) are chosen into thumbnails the customer can remove, and
 * sent one by one once the review is saved, each with its progress; one that fails never undoes the
 * review: the page says which and why before it moves on.
 *
 * This is browser code: the server never imports it. scripts/build-review-script.mjs minifies it into
 * page-script.ts, which page.ts inlines with the page's CSP nonce; a unit test keeps the two in step.
 */

/** The photos' texts (`{n}`, `{total}`, `{name}`, `{reason}` to fill) and limits. */
interface PhotoData {
  thumbnail: string;
  remove: string;
  tooMany: string;
  sending: string;
  progress: string;
  failed: string;
  reviewSaved: string;
  continue: string;
  reasons: Record<string, string>;
  maxBytes: number;
  perReview: number;
  types: string[];
}

/** What page.ts puts in <script type="application/json" id="review-data">. */
interface ReviewData {
  /** The private-feedback label per rating ('1'…'5'), when the rating's action asks for one. */
  feedback: Record<string, string | undefined>;
  labels: { comment: string; ratingRequired: string; nameEmailRequired: string; sending: string; submitError: string };
  photos: PhotoData;
}

/** The JSON the server answers a fetch submission with. */
interface SubmitAnswer {
  next?: string;
  url?: string;
  html?: string;
  error?: string;
  /** Where and with which key the review's photos go. */
  photos?: { url: string; key: string };
}

interface Chosen {
  file: File;
  url: string;
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
  const P = data.photos;
  const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
  const input = document.getElementById('photos') as HTMLInputElement;
  const thumbs = document.getElementById('thumbs')!;
  const chosen: Chosen[] = [];

  /** The thumbnails of the photos chosen, each with its remove button; `focusAt`: the place to give the focus to. */
  const showChosen = (focusAt?: number) => {
    thumbs.textContent = '';
    chosen.forEach((photo, i) => {
      const item = document.createElement('li');
      const image = document.createElement('img');
      image.src = photo.url;
      image.alt = fill(P.thumbnail, { n: i + 1, name: photo.file.name });
      image.width = image.height = 88;
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = '×';
      remove.setAttribute('aria-label', fill(P.remove, { n: i + 1 }));
      remove.addEventListener('click', () => {
        URL.revokeObjectURL(photo.url);
        chosen.splice(i, 1);
        showChosen(i);
      });
      item.append(image, remove);
      thumbs.append(item);
    });
    if (focusAt !== undefined) (thumbs.querySelectorAll('button')[Math.min(focusAt, chosen.length - 1)] ?? input).focus();
  };

  input.addEventListener('change', () => {
    const problems: string[] = [];
    for (const file of Array.from(input.files ?? [])) {
      const n = chosen.length + 1;
      if (n > P.perReview) {
        problems.push(P.tooMany);
        break;
      }
      if (P.types.indexOf(file.type) < 0) problems.push(fill(P.failed, { n, reason: P.reasons.unsupported_type! }));
      else if (file.size > P.maxBytes) problems.push(fill(P.failed, { n, reason: P.reasons.too_large! }));
      else chosen.push({ file, url: URL.createObjectURL(file) });
    }
    // The files live in `chosen` now: the field is free for more.
    input.value = '';
    message.textContent = problems.join(' ');
    showChosen();
  });

  /** Sends one photo, its progress shown; answers null when kept, else the reason. Tried twice on a lost connection. */
  const sendPhoto = (target: { url: string; key: string }, photo: Chosen, n: number, retry = true): Promise<string | null> =>
    new Promise((resolve) => {
      const request = new XMLHttpRequest();
      const bar = document.createElement('progress');
      bar.max = 100;
      bar.value = 0;
      bar.setAttribute('aria-label', fill(P.progress, { n }));
      thumbs.children[n - 1]?.append(bar);
      request.open('POST', target.url);
      request.setRequestHeader('X-Photo-Key', target.key);
      request.setRequestHeader('Content-Type', photo.file.type);
      // A slow phone network takes its time over a 10 MB photo.
      request.timeout = 180_000;
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) bar.value = Math.round((event.loaded / event.total) * 100);
      };
      request.onload = () => {
        bar.remove();
        if (request.status === 201) return resolve(null);
        let reason = 'failed';
        try {
          reason = (JSON.parse(request.responseText) as { reason?: string }).reason || reason;
        } catch {
          // Not our answer (a proxy's page): the connection's failure.
        }
        resolve(reason);
      };
      request.onerror = request.ontimeout = () => {
        bar.remove();
        resolve(retry ? sendPhoto(target, photo, n, false) : 'failed');
      };
      request.send(photo.file);
    });

  /** Sends the chosen photos in turn; answers the sentences of those not kept. */
  const sendPhotos = async (target: { url: string; key: string }): Promise<string[]> => {
    const failed: string[] = [];
    thumbs.querySelectorAll('button').forEach((remove) => (remove.disabled = true));
    input.disabled = true;
    for (const [i, photo] of chosen.entries()) {
      button.textContent = fill(P.sending, { n: i + 1, total: chosen.length });
      const reason = await sendPhoto(target, photo, i + 1);
      if (reason) failed.push(fill(P.failed, { n: i + 1, reason: P.reasons[reason] || P.reasons.failed! }));
    }
    return failed;
  };

  /** The photos not kept, said under the thank-you: the review is saved. */
  const failuresHtml = (failed: string[]) => {
    const said = document.createElement('div');
    said.setAttribute('role', 'status');
    said.appendChild(document.createElement('p')).textContent = P.reviewSaved;
    const list = said.appendChild(document.createElement('ul'));
    list.className = 'failed';
    for (const sentence of failed) list.appendChild(document.createElement('li')).textContent = sentence;
    return said;
  };

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
    // The review alone, as a plain form would send it; its photos follow once it is saved.
    const fields = new FormData(form);
    fields.delete('photos');
    const body = new URLSearchParams(fields as unknown as Record<string, string>).toString();
    fetch(form.action, { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' }, body })
      .then((res) =>
        res
          .json()
          .catch(() => ({}))
          .then((answer: SubmitAnswer) => ({ ok: res.ok, answer })),
      )
      .then(async ({ ok, answer }) => {
        const failures = ok && answer.photos && chosen.length ? await sendPhotos(answer.photos) : [];
        if (ok && answer.next === 'redirect' && answer.url) {
          if (!failures.length) return window.location.assign(answer.url);
          // The customer reads which photo was not kept before going on.
          const go = document.createElement('a');
          go.className = 'btn';
          go.href = answer.url;
          go.textContent = P.continue;
          showDone(answer.html || '');
          document.querySelector('.done')?.append(failuresHtml(failures), go);
          return;
        }
        // A thank-you block comes with a success, and with « already answered » (409) too.
        if (answer.html) {
          showDone(answer.html);
          if (failures.length) document.querySelector('.done')!.append(failuresHtml(failures));
          return;
        }
        failed(answer.error || data.labels.submitError);
      })
      .catch(() => failed(data.labels.submitError));
  });
})();
