// Registers the service worker named by this script's data-worker (games/board_worker.js) and,
// once it is active, asks it to keep this page with its scripts and styles at once: the first
// visit (a board opened from its QR code, the result grid) is not yet under the worker, and a
// reload without network must open it all the same.
"use strict";

(function () {
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script || !script.dataset.worker) return;
  function assets() {
    return performance.getEntriesByType("resource")
      .map(function (entry) { return entry.name; })
      .filter(function (name) {
        var url = new URL(name);
        return url.origin === location.origin &&
          (url.pathname.indexOf("/static/") === 0 || url.pathname.indexOf("/jsi18n/") === 0);
      });
  }
  navigator.serviceWorker.register(script.dataset.worker).then(function (registration) {
    return navigator.serviceWorker.ready.then(function () {
      var worker = registration.active;
      if (!worker) return;
      var send = function () {
        worker.postMessage({ keep: [location.href.split("#")[0]].concat(assets()) });
      };
      if (document.readyState === "complete") send();
      else window.addEventListener("load", send, { once: true });
    });
  }).catch(function () { /* no worker: the page works online only */ });
})();
