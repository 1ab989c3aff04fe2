/* The service worker of the pages that must open without network: served at
 * /t/<slug>/board/worker.js (scope: the tournament's live boards) and at
 * /t/<slug>/arbiter/worker.js (scope: the arbiter's pages, of which it keeps only the result
 * grids). A page it keeps reloaded without network opens from the last copy seen, with its
 * scripts and styles; the page itself then goes on from localStorage (a board's moves, the
 * grid's boards not sent) and sends what it holds when the network returns. Pages and assets
 * are asked of the network first, so an online reader always gets the current ones; JSON
 * (a board's moves/, a grid's saves) is never kept here.
 *
 * A page is kept from its first visit: the visit that registers the worker is not yet under
 * it, so the page posts {keep: [its address, its scripts and styles]} once the worker is
 * active, and the worker fetches and keeps them then.
 *
 * It is also the worker a follower's phone is told through (web push, notifications/push.py):
 * each push carries JSON {title, body, url, unfollow, unfollow_label, tag}, shown as a
 * notification whose click opens `url` and whose "stop following" action opens `unfollow`. */
"use strict";
const CACHE = "oware-live-board-v1";
const KEPT_PAGES = [/\/board\/[^/]+\/$/, /\/arbiter\/[^/]+\/round\/\d+\/results\/$/];

function keptPage(url) {
  return KEPT_PAGES.some((pattern) => pattern.test(url.pathname));
}

function keptAsset(url) {
  return url.pathname.startsWith("/static/") || url.pathname.startsWith("/jsi18n/");
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

async function keep(addresses) {
  const cache = await caches.open(CACHE);
  await Promise.all(addresses.map(async (address) => {
    const url = new URL(address, self.location.href);
    if (url.origin !== self.location.origin || !(keptPage(url) || keptAsset(url))) return;
    try {
      const response = await fetch(url.href, { credentials: "same-origin", redirect: "manual" });
      if (response.ok) await cache.put(url.href, response);
    } catch (error) { /* no network: the next visit keeps it */ }
  }));
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (!Array.isArray(data.keep)) return;
  event.waitUntil(keep(data.keep).then(() => {
    if (event.source) event.source.postMessage({ kept: data.keep.length });
  }));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const page = request.mode === "navigate" && keptPage(url);
  if (!page && !keptAsset(url)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(request, { ignoreVary: true, ignoreSearch: page });
      if (kept) return kept;
      throw error;
    }
  })());
});

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    message = { body: event.data ? event.data.text() : "" };
  }
  const options = {
    body: message.body || "",
    tag: message.tag || "",
    lang: message.lang || "",
    data: { url: message.url || "/", unfollow: message.unfollow || "" },
    actions: message.unfollow ? [{ action: "unfollow", title: message.unfollow_label || "×" }] : [],
  };
  event.waitUntil(self.registration.showNotification(message.title || "", options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const target = event.action === "unfollow" ? data.unfollow : data.url;
  if (!target) return;
  event.waitUntil(self.clients.openWindow(new URL(target, self.location.origin).href));
});
