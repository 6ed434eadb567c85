// The local admin around the embedded app (French, server-rendered, no external assets): the admin's
// left column with the app's navigation (a strip above the app on a phone, which gets the full width, as
// in Shopify's mobile admin), its title bar, toasts and save bar, and the app's iframe, or
// why the app is not shown. Its script is the admin's side of the App Bridge stand-in's protocol
// (app-bridge.ts): it answers only the framed app's window, from the app's origin.
import { escapeHtml, html, type SafeHtml } from '../html';
import { TOKEN_SWITCHES, type TokenSwitch } from './load';

export interface AdminFramePageInput {
  /** The page's script (`/admin-frame.js`): a file, as the app's pages allow no inline script (their CSP covers /_shopify too). */
  scriptSrc: string;
  shopName: string;
  shopDomain: string;
  appName: string;
  /** The shop's admin page (`/store/{shop}/admin`). */
  shopAdminHref: string;
  homeHref: string;
  /** `{basePath}/admin/{shop}/apps/{apiKey}`: the admin URL of the app's pages. */
  adminBase: string;
  /** The app's path framed (`/app/dashboard`), for the navigation's current link. */
  appPath: string;
  tokenSwitch: TokenSwitch | undefined;
  /** The admin mints tokens here (POST), with the switch. */
  tokenUrl: string;
  appOrigin: string;
  /** The framed URL, or null with the reason the frame check gave. */
  frame: { src: string } | { refused: SafeHtml };
}

const SWITCH_LABELS: Record<TokenSwitch, string> = {
  expired: 'expirés',
  not_yet_valid: 'pas encore valides',
  wrong_audience: 'pour une autre application',
  wrong_signature: 'mal signés',
};

const CSS = `
*{box-sizing:border-box}
html,body{height:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f1f1f1;line-height:1.5;display:flex;flex-direction:column}
header.top{background:#1a1a1a;color:#fff;padding:.5rem 1rem;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
header.top a{color:#fff}
.layout{flex:1;display:flex;min-height:0}
nav.app-nav{width:15rem;flex:none;background:#ebebeb;padding:1rem .75rem;border-right:1px solid #d4d4d4;overflow:auto}
nav.app-nav .app-name{font-weight:650;margin:0 0 .5rem}
nav.app-nav ul{list-style:none;margin:0;padding:0}
nav.app-nav li a{display:block;padding:.3rem .6rem;border-radius:.4rem;color:#1a1a1a;text-decoration:none}
nav.app-nav li a:hover,nav.app-nav li a:focus{background:#fafafa}
nav.app-nav li a[aria-current=page]{background:#fff;font-weight:600}
.app-area{flex:1;display:flex;flex-direction:column;min-width:0}
.title-bar{display:flex;align-items:center;gap:1rem;padding:.5rem 1rem;background:#fff;border-bottom:1px solid #d4d4d4;min-height:3.25rem}
.title-bar h1{font-size:1.15rem;margin:0}
.save-bar{display:flex;align-items:center;gap:.75rem;padding:.5rem 1rem;background:#303030;color:#fff}
.save-bar[hidden]{display:none}
.save-bar p{margin:0;flex:1;font-weight:600}
button{font:inherit;font-weight:600;padding:.35rem .8rem;border-radius:.5rem;border:1px solid #fff;background:#fff;color:#1a1a1a;cursor:pointer}
button.secondary{background:transparent;color:#fff}
button:disabled{opacity:.6;cursor:default}
iframe.app-frame{flex:1;width:100%;border:0;background:#fff}
.refused{margin:1.5rem;background:#fdecea;border:1px solid #d9534f;padding:1rem 1.25rem;border-radius:.75rem}
.refused h2{margin:0 0 .5rem;font-size:1.1rem}
.toasts{position:fixed;bottom:1.5rem;left:50%;transform:translateX(-50%);display:flex;flex-direction:column;gap:.5rem;align-items:center;z-index:10}
.toast{margin:0;background:#1a1a1a;color:#fff;padding:.6rem 1rem;border-radius:.6rem;box-shadow:0 4px 12px rgba(0,0,0,.25)}
.toast.error{background:#8e1f0b}
details.switches{font-size:.9rem}
details.switches ul{margin:.25rem 0;padding-left:1.25rem}
code{background:#f4f4f4;color:#1a1a1a;padding:.05rem .3rem;border-radius:.25rem}
@media (max-width:48rem){.layout{flex-direction:column}nav.app-nav{width:auto;border-right:0;border-bottom:1px solid #d4d4d4;padding:.5rem .75rem}nav.app-nav ul{display:flex;gap:.25rem;overflow-x:auto;white-space:nowrap}}
`;

/** The admin's side of the protocol: see the stand-in's header comment (app-bridge.ts) and the README. */
export const ADMIN_FRAME_SCRIPT = String.raw`(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('admin-frame-config').textContent);
  var frame = document.getElementById('app-frame');
  if (!frame) return;
  var PREFIX = 'app-bridge:';
  var title = document.getElementById('app-title');
  var navList = document.getElementById('app-nav-items');
  var homeLink = document.getElementById('app-home');
  var toasts = document.getElementById('toasts');
  var bar = document.getElementById('save-bar');
  var saveButton = document.getElementById('save-bar-save');
  var discardButton = document.getElementById('save-bar-discard');
  var saveBarId = null;
  var currentPath = config.appPath;

  function send(message) {
    if (frame.contentWindow) frame.contentWindow.postMessage(message, config.appOrigin);
  }

  function isAppPath(path) {
    return typeof path === 'string' && path.charAt(0) === '/' && path.charAt(1) !== '/' && path.charAt(1) !== '\\';
  }

  // The admin URL of an app path, keeping the token switch.
  function adminHref(path) {
    var url = new URL(config.adminBase + path, location.origin);
    if (config.tokenSwitch) url.searchParams.set('token', config.tokenSwitch);
    return url.pathname + url.search + url.hash;
  }

  function markCurrent() {
    Array.prototype.forEach.call(navList.querySelectorAll('a'), function (link) {
      var path = link.getAttribute('data-path');
      var current = currentPath === path || currentPath.indexOf(path + '/') === 0 || currentPath.indexOf(path + '?') === 0;
      if (current) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    });
  }

  function navigateTo(path) {
    return function (event) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      send({ type: PREFIX + 'navigate', href: path });
    };
  }

  function drawNav(data) {
    navList.textContent = '';
    (Array.isArray(data.items) ? data.items : []).forEach(function (item) {
      if (!item || !isAppPath(item.href)) return;
      var li = document.createElement('li');
      var link = document.createElement('a');
      link.href = adminHref(item.href);
      link.setAttribute('data-path', item.href);
      link.textContent = String(item.label || item.href);
      link.addEventListener('click', navigateTo(item.href));
      li.appendChild(link);
      navList.appendChild(li);
    });
    if (isAppPath(data.home)) {
      homeLink.href = adminHref(data.home);
      homeLink.onclick = navigateTo(data.home);
    }
    markCurrent();
  }

  function showToast(data) {
    var toast = document.createElement('p');
    toast.className = data.isError ? 'toast error' : 'toast';
    toast.setAttribute('data-toast-id', String(data.id || ''));
    toast.textContent = String(data.message || '');
    toasts.appendChild(toast);
    var duration = typeof data.duration === 'number' && data.duration > 0 ? Math.min(data.duration, 60000) : 5000;
    setTimeout(function () {
      toast.remove();
    }, duration);
  }

  function drawSaveBar(data) {
    if (!data.visible) {
      if (saveBarId === data.id) {
        saveBarId = null;
        bar.hidden = true;
      }
      return;
    }
    saveBarId = String(data.id);
    saveButton.textContent = String(data.saveLabel || 'Enregistrer');
    discardButton.textContent = String(data.discardLabel || 'Ignorer');
    saveButton.disabled = Boolean(data.saveDisabled);
    discardButton.disabled = Boolean(data.discardDisabled);
    saveButton.setAttribute('aria-busy', data.loading ? 'true' : 'false');
    bar.hidden = false;
  }

  function mintToken(id) {
    fetch(config.tokenUrl, { method: 'POST', headers: { Accept: 'application/json' } })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok || typeof body.token !== 'string') throw new Error(body.error || 'HTTP ' + response.status);
          send({ type: PREFIX + 'id-token', id: id, token: body.token });
        });
      })
      .catch(function (error) {
        send({ type: PREFIX + 'id-token', id: id, error: String(error && error.message ? error.message : error) });
      });
  }

  saveButton.addEventListener('click', function () {
    if (saveBarId !== null) send({ type: PREFIX + 'save-bar-action', id: saveBarId, action: 'save' });
  });
  discardButton.addEventListener('click', function () {
    if (saveBarId !== null) send({ type: PREFIX + 'save-bar-action', id: saveBarId, action: 'discard' });
  });

  window.addEventListener('message', function (event) {
    if (event.source !== frame.contentWindow || event.origin !== config.appOrigin) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || typeof data.type !== 'string' || data.type.indexOf(PREFIX) !== 0) return;
    switch (data.type.slice(PREFIX.length)) {
      case 'id-token':
        mintToken(data.id);
        break;
      case 'title':
        title.textContent = String(data.title || '') || config.appName;
        document.title = title.textContent + ' · ' + config.appName + ' · ' + config.shopName;
        break;
      case 'nav':
        drawNav(data);
        break;
      case 'toast':
        showToast(data);
        break;
      case 'toast-hide':
        Array.prototype.forEach.call(toasts.querySelectorAll('[data-toast-id]'), function (toast) {
          if (toast.getAttribute('data-toast-id') === String(data.id)) toast.remove();
        });
        break;
      case 'save-bar':
        drawSaveBar(data);
        break;
      case 'location':
        if (!isAppPath(data.path)) break;
        currentPath = data.path;
        history.replaceState(null, '', adminHref(data.path));
        markCurrent();
        break;
      case 'open':
        try {
          var url = new URL(String(data.url));
          if (url.protocol === 'http:' || url.protocol === 'https:') window.location.assign(url.href);
        } catch (_error) {
          // not a URL: ignored, as App Bridge ignores it
        }
        break;
    }
  });
})();`;

/** JSON inside a <script> element: nothing in it may close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function adminFramePage(input: AdminFramePageInput): string {
  const switchLinks = html`<details class="switches">
    <summary>Jetons de session : ${input.tokenSwitch ? SWITCH_LABELS[input.tokenSwitch] : 'valides'}</summary>
    <ul>
      <li><a href="${input.adminBase}${input.appPath}">valides</a></li>
      ${TOKEN_SWITCHES.map((s) => html`<li><a href="${input.adminBase}${input.appPath}${input.appPath.includes('?') ? '&' : '?'}token=${s}">${SWITCH_LABELS[s]}</a></li>`)}
    </ul>
  </details>`;
  const main: SafeHtml =
    'src' in input.frame
      ? html`<iframe
          id="app-frame"
          class="app-frame"
          title="Application ${input.appName}"
          src="${input.frame.src}"
          sandbox="allow-downloads allow-forms allow-modals allow-popups allow-popups-to-escape-sandbox allow-same-origin allow-scripts"
        ></iframe>`
      : html`<section class="refused" role="alert" aria-labelledby="refused-title">
          <h2 id="refused-title">L'application ne peut pas être affichée ici</h2>
          ${input.frame.refused}
        </section>`;
  const config = {
    appOrigin: input.appOrigin,
    adminBase: input.adminBase,
    appPath: input.appPath,
    tokenSwitch: input.tokenSwitch ?? null,
    tokenUrl: input.tokenUrl,
    appName: input.appName,
    shopName: input.shopName,
  };
  const body = html`<header class="top">
      <a href="${input.homeHref}">Émulateur Shopify</a>
      <span>Administration de <a href="${input.shopAdminHref}">${input.shopName}</a> (<code>${input.shopDomain}</code>)</span>
      ${switchLinks}
    </header>
    <div class="layout">
      <nav class="app-nav" aria-label="Navigation de l'application">
        <p class="app-name"><a id="app-home" href="${input.adminBase}">${input.appName}</a></p>
        <ul id="app-nav-items"></ul>
      </nav>
      <main class="app-area">
        <div class="title-bar"><h1 id="app-title">${input.appName}</h1></div>
        <div id="save-bar" class="save-bar" role="region" aria-label="Modifications non enregistrées" hidden>
          <p>Modifications non enregistrées</p>
          <button type="button" id="save-bar-discard" class="secondary">Ignorer</button>
          <button type="button" id="save-bar-save">Enregistrer</button>
        </div>
        ${main}
      </main>
    </div>
    <div id="toasts" class="toasts" role="status" aria-live="polite"></div>`;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${input.appName} · ${input.shopName}`)}</title>
<style>${CSS}</style>
</head>
<body>
${body.value}
<script type="application/json" id="admin-frame-config">${scriptJson(config)}</script>
<script src="${input.scriptSrc}"></script>
</body>
</html>`;
}
