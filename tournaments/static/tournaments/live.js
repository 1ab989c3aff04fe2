// Live pages: while a round is in progress, ask for this page again every 10 seconds with
// If-None-Match. The server answers 304 (nothing to send, nothing rendered) until the
// tournament changes; on a 200 the #live-region of the new page replaces the current one.
//
// The reader is never disturbed by a refresh:
// - the block holding the focused element is not replaced at all (removing a focused field
//   would close a phone's keyboard), so focus, caret and typed text stay as they are;
// - while the reader is typing, or has just typed, the new content waits until they pause;
// - the page's scroll position, each table's sideways scroll and the open <details> are put
//   back after the swap.
(function () {
  "use strict";
  var PERIOD = 10000;
  var TYPING_PAUSE = 3000;  // ms without a keystroke before the content may change
  var etag = null;
  var pending = null;  // a newer #live-region waiting for the reader to stop typing
  var lastKey = 0;
  var composing = false;

  function region(doc) {
    return doc.getElementById("live-region");
  }

  function isTextField(element) {
    return !!element && element.matches && element.matches("input, textarea, select, [contenteditable]");
  }

  function readerIsTyping() {
    if (composing) return true;
    return isTextField(document.activeElement) && Date.now() - lastKey < TYPING_PAUSE;
  }

  // Which <details> are open, keyed by id or, without one, by their place among the region's.
  function detailsKey(details, index) {
    return details.id ? "#" + details.id : "@" + index;
  }

  function openDetails(root) {
    var open = {};
    root.querySelectorAll("details").forEach(function (details, index) {
      open[detailsKey(details, index)] = details.open;
    });
    return open;
  }

  function sidewaysScroll(root) {
    return Array.prototype.map.call(root.querySelectorAll(".table-wrap"), function (box) {
      return box.scrollLeft;
    });
  }

  function copyAttributes(from, to, except) {
    Array.prototype.forEach.call(from.attributes, function (attribute) {
      if (except && except.indexOf(attribute.name) !== -1) return;
      to.setAttribute(attribute.name, attribute.value);
    });
  }

  // Child by child: the focused element itself stays (its value, caret and the keyboard with
  // it); a block holding it is merged the same way one level down, if the new page has a block
  // of the same kind in the same place; everything else is the new page's.
  function merge(current, fresh, focused) {
    var oldChildren = Array.prototype.slice.call(current.children);
    var newChildren = Array.prototype.slice.call(fresh.children);
    newChildren.forEach(function (child, index) {
      var old = oldChildren[index];
      var same = old && old.tagName === child.tagName && old.id === child.id;
      if (same && focused && old === focused && isTextField(focused)) return;
      if (same && focused && old !== focused && old.contains(focused)) {
        merge(old, child, focused);
        // Not `hidden`: the find-board paragraph comes hidden until its script shows it, and
        // hiding the block that holds the focus would take the focus away.
        copyAttributes(child, old, ["hidden"]);
        return;
      }
      if (old) old.replaceWith(child); else current.appendChild(child);
      // A focused block itself (a table box scrolled with the keys) is new content: its
      // successor takes the focus, without moving the page.
      if (old && old === focused && child.tabIndex >= 0) child.focus({ preventScroll: true });
    });
    oldChildren.slice(newChildren.length).forEach(function (old) {
      if (!old.contains(focused)) old.remove();
    });
  }

  function swap(fresh) {
    var current = region(document);
    if (!current) return;
    var focused = document.activeElement;
    var scrollX = window.scrollX;
    var scrollY = window.scrollY;
    var open = openDetails(current);
    var sideways = sidewaysScroll(current);
    var typed = {};  // what the reader typed in fields that were not focused any more
    current.querySelectorAll("input[id], textarea[id]").forEach(function (field) {
      typed[field.id] = field.value;
    });
    merge(current, fresh, focused);
    copyAttributes(fresh, current);
    Object.keys(typed).forEach(function (id) {
      var field = document.getElementById(id);
      if (field && field.value !== typed[id]) field.value = typed[id];
    });
    current.querySelectorAll("details").forEach(function (details, index) {
      var key = detailsKey(details, index);
      if (key in open) details.open = open[key];
    });
    current.querySelectorAll(".table-wrap").forEach(function (box, index) {
      if (sideways[index]) box.scrollLeft = sideways[index];
    });
    window.scrollTo(scrollX, scrollY);
    document.dispatchEvent(new CustomEvent("live:updated"));
  }

  function applyWhenIdle() {
    if (!pending) return;
    if (readerIsTyping()) {
      window.setTimeout(applyWhenIdle, 500);
      return;
    }
    var fresh = pending;
    pending = null;
    swap(fresh);
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
        if (!fresh || !region(document)) return;
        var waiting = !!pending;
        pending = document.importNode(fresh, true);
        if (fresh.dataset.live !== "1") etag = "stop";
        if (!waiting) applyWhenIdle();
      })
      .catch(function () { /* offline for a moment: try again later */ })
      .then(schedule);
  }

  function schedule() {
    if (etag === "stop") return;
    window.setTimeout(poll, PERIOD);
  }

  document.addEventListener("keydown", function () { lastKey = Date.now(); }, true);
  document.addEventListener("input", function () { lastKey = Date.now(); }, true);
  document.addEventListener("compositionstart", function () { composing = true; }, true);
  document.addEventListener("compositionend", function () { composing = false; lastKey = Date.now(); }, true);

  document.addEventListener("DOMContentLoaded", function () {
    var start = region(document);
    if (!start || start.dataset.live !== "1") return;
    etag = start.dataset.etag ? '"' + start.dataset.etag + '"' : null;
    schedule();
  });
})();
