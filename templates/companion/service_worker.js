// The service worker of Table Companion (companion/views/offline.py renders it): a phone
// that reloads its page without a connection gets the page as it last loaded it, marked
// offline (<html data-offline="1">); outbox.js then shows the last region it saw,
// read-only, and the entries still waiting. Everything is asked of the network first:
// with a connection the worker changes nothing. Only GET requests of this site are
// touched: the phone pages (their navigations) and the app shell's static files.
"use strict";
const CACHE = "companion-{{ version }}";  // changes with any file of the shell
const SHELL = [{% for url in shell %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
const PHONE_PAGE = /^\/t\/[^/]+\/(me|host)\/$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

// A page asks to be kept when it was loaded before this worker was there to keep it.
self.addEventListener("message", (event) => {
  const path = event.data && event.data.keep;
  if (typeof path !== "string" || !PHONE_PAGE.test(path)) return;
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
    if (await cache.match(path)) return;
    const response = await fetch(path, { credentials: "same-origin", redirect: "manual" });
    if (response.ok && response.type === "basic") await cache.put(path, response);
  }).catch(() => {}));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && PHONE_PAGE.test(url.pathname)) {
    event.respondWith(page(request, url.pathname));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(shellFile(request, url.pathname));
  }
});

// A phone page: from the network (and kept), else the copy kept last, marked offline.
async function page(request, key) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(key);
    if (!kept) throw error;
    const html = (await kept.text()).replace("<html ", '<html data-offline="1" ');
    const headers = new Headers();
    for (const name of ["content-type", "content-security-policy"]) {
      if (kept.headers.has(name)) headers.set(name, kept.headers.get(name));
    }
    return new Response(html, { status: 200, headers: headers });
  }
}

// A static file of the app shell: from the network, else the copy kept.
async function shellFile(request, key) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(key);
    if (kept) return kept;
    throw error;
  }
}
