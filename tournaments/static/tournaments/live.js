// Live pages: while a round is in progress, ask for this page again every 10 seconds with
// If-None-Match. The server answers 304 (nothing to send, nothing rendered) until the
// tournament changes; on a 200 the #live-region of the new page replaces the current one.
(function () {
  "use strict";
  var PERIOD = 10000;
  var etag = null;

  function region(doc) {
    return doc.getElementById("live-region");
  }

  function poll() {
    if (document.hidden) return schedule();  // a phone in a pocket costs the server nothing
    var headers = { "X-Requested-With": "live" };
    if (etag) headers["If-None-Match"] = etag;
    fetch(window.location.href, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status !== 200) return null;
        etag = response.headers.get("ETag") || etag;
        return response.text();
      })
      .then(function (html) {
        if (!html) return;
        var fresh = region(new DOMParser().parseFromString(html, "text/html"));
        var current = region(document);
        if (!fresh || !current) return;
        var field = document.getElementById("name-filter");
        var typed = field ? field.value : "";
        current.replaceWith(fresh);
        var newField = document.getElementById("name-filter");
        if (newField) newField.value = typed;
        document.dispatchEvent(new CustomEvent("live:updated"));
        if (fresh.dataset.live !== "1") etag = "stop";
      })
      .catch(function () { /* offline for a moment: try again later */ })
      .then(schedule);
  }

  function schedule() {
    if (etag === "stop") return;
    window.setTimeout(poll, PERIOD);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var start = region(document);
    if (!start || start.dataset.live !== "1") return;
    etag = start.dataset.etag ? '"' + start.dataset.etag + '"' : null;
    schedule();
  });
})();
