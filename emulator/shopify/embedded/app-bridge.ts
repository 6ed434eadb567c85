// The App Bridge stand-in the local Shopify serves at `{baseUrl}/app-bridge.js`, in place of
// https://cdn.shopify.com/shopifycloud/app-bridge.js (decision 053). It is plain browser JavaScript in
// a string: the server is compiled into chunks that may not read files beside themselves
// (scripts/build-server.mjs), and the script must reach the browser as written. It avoids template
// literals so that this file needs no escaping. The admin page's side of the protocol is in page.ts.

/** Every message of the protocol is an object whose `type` starts with this prefix. */
export const MESSAGE_PREFIX = 'app-bridge:';

export const APP_BRIDGE_STAND_IN = String.raw`/*
 * App Bridge stand-in of the local Shopify (emulator/shopify/embedded/app-bridge.ts).
 *
 * Load it as App Bridge v4 is loaded: the FIRST script of <head>, synchronous (no async, defer or
 * type=module), after <meta name="shopify-api-key" content="{client id}">. It reproduces the part
 * of App Bridge v4's public surface the app uses, talking to the local admin page that frames it
 * (/_shopify/admin/{shop}/apps/{client id}/…) by postMessage, each side checking the other's origin
 * and window:
 *
 * - shopify.idToken(): a session token for the framed shop, minted by the admin (with its switches);
 *   cached until 10 s before it expires; rejected when the document is not framed;
 * - window.fetch: requests to the app's own origin carry Authorization: Bearer <token>; an answer with
 *   X-Shopify-Retry-Invalid-Session-Request: 1 is retried once with a new token;
 * - shopify.toast.show(message, { isError, duration }) / hide(id): shown in the admin's status region;
 * - the title bar: <ui-title-bar title="…">, else document.title, reported as it changes;
 * - navigation: the links of <ui-nav-menu> and <s-app-nav> (rel="home" is the app's home) drawn in
 *   the admin's left column; a click there dispatches a bubbling, cancelable "shopify:navigate" event
 *   from that link (event.target.getAttribute('href'), or event.detail.href); when no listener calls
 *   preventDefault() nor moves the location there, location.assign(href);
 * - shopify.saveBar.show(id) / hide(id) / toggle(id) for <ui-save-bar id>: its <button variant="primary">
 *   saves and its other <button> discards; the admin's bar clicks them;
 * - window.open(url, '_top') and <a target="_top">: the admin navigates the top window;
 * - the bounce page: a document whose URL has shopify-reload=<same-origin URL> is replaced by that URL
 *   with a fresh id_token;
 * - the admin's address follows the app's location (history.pushState / replaceState / popstate).
 */
(function () {
  'use strict';
  if (window.shopify && window.shopify.standIn) return;

  var PREFIX = 'app-bridge:';
  var RETRY_HEADER = 'X-Shopify-Retry-Invalid-Session-Request';
  var LOAD_PARAMS = ['embedded', 'shop', 'host', 'id_token', 'locale', 'session', 'timestamp', 'hmac'];
  var script = document.currentScript;
  // The stand-in is served by the local Shopify, whose admin frames the app: its origin is the admin's.
  var ADMIN_ORIGIN = script && script.src ? new URL(script.src, location.href).origin : null;
  var framed = window.parent !== window && ADMIN_ORIGIN !== null;

  var meta = document.querySelector('meta[name="shopify-api-key"]');
  var apiKey = meta ? meta.getAttribute('content') : null;
  if (!script || !script.src) console.error('App Bridge stand-in: load it with <script src="/_shopify/app-bridge.js"> in <head>, not injected nor inline: it reads the admin\'s origin from its own address.');
  if (!apiKey) console.error('App Bridge stand-in: <meta name="shopify-api-key" content="{client id}"> must come before the script.');
  if (script && (script.async || script.defer || script.type === 'module')) console.error('App Bridge stand-in: load it as a plain synchronous script (no async, defer or type=module).');
  if (script && document.head && document.head.querySelector('script') !== script) console.error('App Bridge stand-in: it must be the first script of <head>.');

  // App Bridge's elements are read by the admin, never drawn in the frame (Shopify's App Bridge defines
  // them as hidden custom elements).
  var hidden = document.createElement('style');
  hidden.textContent = 'ui-nav-menu, ui-title-bar, ui-save-bar, s-app-nav { display: none !important; }';
  document.head.appendChild(hidden);

  function post(type, payload) {
    if (!framed) return false;
    var message = { type: PREFIX + type };
    for (var key in payload) if (Object.prototype.hasOwnProperty.call(payload, key)) message[key] = payload[key];
    window.parent.postMessage(message, ADMIN_ORIGIN);
    return true;
  }

  // ------------------------------------------------------------------ config (App Bridge's shopify.config)
  var CONFIG_KEY = 'app-bridge-stand-in:config';
  var query = new URLSearchParams(location.search);
  var config = { apiKey: apiKey, shop: query.get('shop'), host: query.get('host'), locale: query.get('locale') };
  try {
    var saved = JSON.parse(sessionStorage.getItem(CONFIG_KEY) || 'null');
    if (saved) for (var k in config) if (!config[k] && saved[k]) config[k] = saved[k];
    sessionStorage.setItem(CONFIG_KEY, JSON.stringify(config));
  } catch (_error) {
    // no storage (privacy settings): the URL's values only
  }

  // ------------------------------------------------------------------ session tokens
  var pending = new Map();
  var nextId = 1;
  var cached = null;
  var inflight = null;

  function expiryOf(token) {
    try {
      var payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
    } catch (_error) {
      return 0;
    }
  }

  function requestToken() {
    if (!framed) {
      return Promise.reject(new Error('shopify.idToken(): the app is not framed by the Shopify admin. Open it from the local admin: /_shopify/admin/{shop}/apps/{client id}.'));
    }
    return new Promise(function (resolve, reject) {
      var id = nextId++;
      var timer = setTimeout(function () {
        pending.delete(id);
        reject(new Error('shopify.idToken(): the admin did not answer within 5 s.'));
      }, 5000);
      pending.set(id, { resolve: resolve, reject: reject, timer: timer });
      post('id-token', { id: id });
    });
  }

  /** A token valid for 10 s more at least, or a new one (always a new one when fresh is true). */
  function idToken(fresh) {
    if (!fresh && cached && cached.expiresAt - Date.now() > 10000) return Promise.resolve(cached.token);
    if (!fresh && inflight) return inflight;
    var request = requestToken().then(
      function (token) {
        cached = { token: token, expiresAt: expiryOf(token) };
        if (inflight === request) inflight = null;
        return token;
      },
      function (error) {
        if (inflight === request) inflight = null;
        throw error;
      },
    );
    inflight = request;
    return request;
  }

  // ------------------------------------------------------------------ fetch: the bearer token, one retry
  var nativeFetch = window.fetch.bind(window);

  function sameOrigin(url) {
    try {
      return new URL(url, location.href).origin === location.origin;
    } catch (_error) {
      return false;
    }
  }

  function sendWithToken(request, fresh) {
    return idToken(fresh).then(function (token) {
      var headers = new Headers(request.headers);
      headers.set('Authorization', 'Bearer ' + token);
      return nativeFetch(new Request(request, { headers: headers }));
    });
  }

  window.fetch = function (input, init) {
    var request;
    try {
      // A relative URL is resolved against the document, as a browser's fetch does.
      request = new Request(input instanceof Request ? input : new URL(String(input), location.href).href, init);
    } catch (_error) {
      return nativeFetch(input, init);
    }
    if (!framed || !sameOrigin(request.url) || request.headers.has('Authorization')) return nativeFetch(request);
    var again = request.clone();
    return sendWithToken(request, false).then(function (response) {
      if (response.headers.get(RETRY_HEADER) !== '1') return response;
      return sendWithToken(again, true);
    });
  };

  // ------------------------------------------------------------------ toasts
  var nextToast = 1;
  var toast = {
    show: function (message, options) {
      var id = 'toast-' + nextToast++;
      var opts = options || {};
      post('toast', { id: id, message: String(message), isError: Boolean(opts.isError), duration: typeof opts.duration === 'number' ? opts.duration : 5000 });
      return id;
    },
    hide: function (id) {
      post('toast-hide', { id: String(id) });
    },
  };

  // ------------------------------------------------------------------ the app's path (nav links, location)
  function appPath(href) {
    try {
      var url = new URL(href, location.href);
      if (url.origin !== location.origin) return null;
      for (var i = 0; i < LOAD_PARAMS.length; i++) url.searchParams.delete(LOAD_PARAMS[i]);
      return url.pathname + url.search + url.hash;
    } catch (_error) {
      return null;
    }
  }

  function here() {
    return appPath(location.href);
  }

  function navLinks() {
    return Array.prototype.slice.call(document.querySelectorAll('ui-nav-menu a[href], ui-nav-menu s-link[href], s-app-nav a[href], s-app-nav s-link[href]'));
  }

  function navState() {
    var items = [];
    var home = null;
    navLinks().forEach(function (link) {
      var path = appPath(link.getAttribute('href'));
      if (path === null) return;
      if ((link.getAttribute('rel') || '').split(/\s+/).indexOf('home') >= 0) {
        if (home === null) home = path;
        return;
      }
      items.push({ href: path, label: (link.textContent || '').trim() || path });
    });
    return { items: items, home: home };
  }

  function navigate(href) {
    var path = appPath(href);
    if (path === null) return;
    var link = null;
    navLinks().forEach(function (candidate) {
      if (link === null && appPath(candidate.getAttribute('href')) === path) link = candidate;
    });
    // App Bridge dispatches from the link: listeners read event.target.getAttribute('href').
    var temporary = null;
    if (link === null) {
      temporary = link = document.createElement('a');
      link.setAttribute('href', path);
      link.hidden = true;
      (document.body || document.documentElement).appendChild(link);
    }
    var event = new CustomEvent('shopify:navigate', { bubbles: true, cancelable: true, detail: { href: path } });
    link.dispatchEvent(event);
    if (temporary) temporary.remove();
    if (event.defaultPrevented || here() === path) return;
    location.assign(path);
  }

  // ------------------------------------------------------------------ save bar
  var saveBarsShown = {};

  function saveBarElement(id) {
    var element = document.getElementById(id);
    return element && element.tagName.toLowerCase() === 'ui-save-bar' ? element : null;
  }

  function saveBarButtons(element) {
    var buttons = Array.prototype.slice.call(element.querySelectorAll('button'));
    var save = null;
    var discard = null;
    buttons.forEach(function (button) {
      if (save === null && button.getAttribute('variant') === 'primary') save = button;
    });
    buttons.forEach(function (button) {
      if (discard === null && button !== save) discard = button;
    });
    return { save: save, discard: discard };
  }

  function saveBarState(id) {
    var element = saveBarElement(id);
    if (!element || !saveBarsShown[id]) return { id: id, visible: false };
    var buttons = saveBarButtons(element);
    var label = function (button, fallback) {
      return (button && (button.textContent || '').trim()) || fallback;
    };
    return {
      id: id,
      visible: true,
      saveLabel: label(buttons.save, 'Enregistrer'),
      discardLabel: label(buttons.discard, 'Ignorer'),
      saveDisabled: Boolean(buttons.save && (buttons.save.disabled || buttons.save.hasAttribute('loading'))),
      discardDisabled: Boolean(buttons.discard && buttons.discard.disabled),
      loading: Boolean(buttons.save && buttons.save.hasAttribute('loading')),
    };
  }

  function setSaveBar(id, visible) {
    if (!saveBarElement(id)) return Promise.reject(new Error('shopify.saveBar: no <ui-save-bar id="' + id + '"> in the document.'));
    if (visible) saveBarsShown[id] = true;
    else delete saveBarsShown[id];
    post('save-bar', saveBarState(id));
    return Promise.resolve();
  }

  // A shown bar whose element leaves the document goes with it, as App Bridge's own element does.
  new MutationObserver(function () {
    for (var id in saveBarsShown) {
      if (Object.prototype.hasOwnProperty.call(saveBarsShown, id) && !saveBarElement(id)) {
        delete saveBarsShown[id];
        post('save-bar', { id: id, visible: false });
      }
    }
  }).observe(document, { childList: true, subtree: true });

  var saveBar = {
    show: function (id) {
      return setSaveBar(String(id), true);
    },
    hide: function (id) {
      return setSaveBar(String(id), false);
    },
    toggle: function (id) {
      return setSaveBar(String(id), !saveBarsShown[String(id)]);
    },
    leaveConfirmation: function () {
      return Promise.resolve();
    },
  };

  function saveBarAction(id, action) {
    var element = saveBarElement(String(id));
    if (!element || !saveBarsShown[String(id)]) return;
    var buttons = saveBarButtons(element);
    var button = action === 'save' ? buttons.save : action === 'discard' ? buttons.discard : null;
    if (button && !button.disabled) button.click();
  }

  // ------------------------------------------------------------------ the top window
  var nativeOpen = typeof window.open === 'function' ? window.open.bind(window) : null;

  function openTop(url) {
    var absolute;
    try {
      absolute = new URL(String(url), location.href).href;
    } catch (_error) {
      return false;
    }
    return post('open', { url: absolute, target: '_top' });
  }

  window.open = function (url, target, features) {
    if ((target === '_top' || target === '_parent') && openTop(url)) return null;
    return nativeOpen ? nativeOpen(url, target, features) : null;
  };

  document.addEventListener('click', function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var anchor = event.target instanceof Element ? event.target.closest('a[target="_top"], a[target="_parent"]') : null;
    if (!anchor || !anchor.href) return;
    if (openTop(anchor.href)) event.preventDefault();
  });

  // ------------------------------------------------------------------ messages from the admin
  window.addEventListener('message', function (event) {
    if (!framed || event.source !== window.parent || event.origin !== ADMIN_ORIGIN) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || typeof data.type !== 'string') return;
    if (data.type === PREFIX + 'id-token') {
      var waiting = pending.get(data.id);
      if (!waiting) return;
      pending.delete(data.id);
      clearTimeout(waiting.timer);
      if (typeof data.token === 'string') waiting.resolve(data.token);
      else waiting.reject(new Error('shopify.idToken(): ' + (data.error || 'the admin minted no token.')));
    } else if (data.type === PREFIX + 'navigate' && typeof data.href === 'string') {
      navigate(data.href);
    } else if (data.type === PREFIX + 'save-bar-action') {
      saveBarAction(data.id, data.action);
    }
  });

  // ------------------------------------------------------------------ what the admin draws: title, nav, save bars, location
  var last = {};

  function reportIfChanged(type, payload) {
    var text = JSON.stringify(payload);
    if (last[type] === text) return;
    last[type] = text;
    post(type, payload);
  }

  function currentTitle() {
    var bar = document.querySelector('ui-title-bar[title]');
    return ((bar ? bar.getAttribute('title') : document.title) || '').trim();
  }

  var scheduled = false;
  function report() {
    scheduled = false;
    reportIfChanged('title', { title: currentTitle() });
    reportIfChanged('nav', navState());
    for (var id in saveBarsShown) if (Object.prototype.hasOwnProperty.call(saveBarsShown, id)) reportIfChanged('save-bar', saveBarState(id));
    reportIfChanged('location', { path: here() });
  }
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setTimeout(report, 0);
  }

  if (framed) {
    new MutationObserver(schedule).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
    ['pushState', 'replaceState'].forEach(function (method) {
      var native = history[method];
      history[method] = function () {
        var result = native.apply(history, arguments);
        schedule();
        return result;
      };
    });
    window.addEventListener('popstate', schedule);
    window.addEventListener('hashchange', schedule);
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', schedule);
    else schedule();
  }

  // ------------------------------------------------------------------ the bounce page
  var reload = query.get('shopify-reload');
  if (reload) {
    var target = null;
    try {
      target = new URL(reload, location.href);
    } catch (_error) {
      target = null;
    }
    if (!target || target.origin !== location.origin) {
      console.error('App Bridge stand-in: shopify-reload must name a URL of the app itself.');
    } else {
      idToken(true).then(
        function (token) {
          target.searchParams.set('id_token', token);
          location.replace(target.href);
        },
        function (error) {
          console.error('App Bridge stand-in: no token for the bounce page.', error);
        },
      );
    }
  }

  window.shopify = {
    standIn: true,
    config: config,
    environment: { embedded: framed, mobile: false, pos: false },
    idToken: function () {
      return idToken(false);
    },
    toast: toast,
    saveBar: saveBar,
    loading: function () {},
  };
})();
`;
