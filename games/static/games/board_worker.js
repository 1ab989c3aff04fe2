/* The live board's service worker (served at /t/<slug>/board/worker.js, so that its scope is the
 * tournament's boards): a board page reloaded without network opens from the last copy seen,
 * with its scripts and styles; the page itself then plays on from localStorage and sends its
 * moves when the network returns. Pages and assets are asked of the network first, so an online
 * player always gets the current ones; the board's JSON (moves/) is never kept here. */
"use strict";
const CACHE = "oware-live-board-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const page = request.mode === "navigate" && /\/board\/[^/]+\/$/.test(url.pathname);
  const asset = url.pathname.startsWith("/static/") || url.pathname.startsWith("/jsi18n/");
  if (!page && !asset) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(request, { ignoreVary: true });
      if (kept) return kept;
      throw error;
    }
  })());
});
