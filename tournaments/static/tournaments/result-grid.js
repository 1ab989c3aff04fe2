// The result grid saves each board without leaving the page. Without this script every row is
// an ordinary form that reloads the page; with it, the row is posted with fetch, the refusals
// are shown beside their fields, and the cursor moves on to the next board's result cell.
//
// Nothing typed is lost: each board is in one state of a small machine (see STATES below):
// saving, saved, refused or not sent. A board that could not be sent — no network, no answer,
// a server failure, the session expired — is kept in the browser's localStorage (one key per
// tournament/section/round/board, so it survives a reload) and sent again when the network is
// back (at once when the page opens online), when the arbiter has logged in again in another
// window, or on "Send again". A lost answer cannot confuse it: sending again what the server
// already holds answers "saved" (the server takes an unchanged entry as no conflict), and an
// answer to an older send than the board's last is dropped. Refused boards (they need a change
// first) are counted apart from those not sent. Leaving the page with such boards asks first.
"use strict";

(function () {
  var grid = document.querySelector(".result-grid");
  if (!grid) return;
  var words = grid.dataset;
  var banner = document.getElementById("grid-unsent");
  var refusedBanner = document.getElementById("grid-refused");
  var TIMEOUT_MS = 15000;
  var SIGNED_IN = "oware-signed-in";

  function rows() {
    return Array.prototype.slice.call(document.querySelectorAll(".grid-row"));
  }

  function storageKey(row) {
    return "oware-unsent:" + words.key + "/" + row.dataset.board;
  }

  // --- what was typed, and keeping it in the browser ---------------------------------------

  function typed(row) {
    var values = {};
    new FormData(row).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") values[name] = value;
    });
    return values;
  }

  function fill(row, values) {
    Object.keys(values).forEach(function (name) {
      var field = row.elements.namedItem(name);
      if (field) field.value = values[name];
    });
  }

  function keep(row) {
    try {
      localStorage.setItem(storageKey(row), JSON.stringify(typed(row)));
    } catch (e) { /* storage full or refused: the row itself still holds what was typed */ }
  }

  function forget(row) {
    try { localStorage.removeItem(storageKey(row)); } catch (e) { /* nothing kept */ }
  }

  function kept(row) {
    try { return JSON.parse(localStorage.getItem(storageKey(row)) || "null"); } catch (e) { return null; }
  }

  // --- the state each board shows ----------------------------------------------------------

  // The board's state machine: which state each event leads to, from each state. "" is a
  // board as the page came (saved or empty). An event a state has no arrow for is ignored.
  var STATES = {
    send: { "": "saving", saved: "saving", refused: "saving", unsent: "saving" },
    saved: { saving: "saved" },
    refused: { saving: "refused" },
    failed: { saving: "unsent" },
    restored: { "": "unsent", saved: "unsent" },  // a copy kept from an earlier visit
  };

  function move(row, event, text) {
    var next = STATES[event][row.dataset.state || ""];
    if (!next) return false;
    row.dataset.state = next;
    row.querySelector(".grid-status").textContent = text;
    row.querySelector(".grid-resend").hidden = next !== "unsent" && next !== "refused";
    row.classList.toggle("has-error", next === "refused");
    showBanner();
    return true;
  }

  function inState(state) {
    return rows().filter(function (row) { return row.dataset.state === state; });
  }

  function waiting() {
    return inState("unsent").concat(inState("refused"));
  }

  function showBanner() {
    var count = inState("unsent").length;
    banner.hidden = count === 0;
    banner.querySelector(".grid-unsent-count").textContent = words.count.replace("%s", count);
    var loggedOut = rows().some(function (row) { return row.dataset.loggedOut === "1"; });
    banner.querySelector(".grid-login").hidden = !loggedOut;
    var refusedCount = inState("refused").length;
    refusedBanner.hidden = refusedCount === 0;
    refusedBanner.textContent = words.refusedCount.replace("%s", refusedCount);
  }

  function notSent(row, text, loggedOut) {
    row.dataset.loggedOut = loggedOut ? "1" : "";
    move(row, "failed", text);
  }

  function showErrors(row, errors) {
    row.querySelectorAll(".errorlist[data-for]").forEach(function (cell) {
      cell.textContent = (errors[cell.dataset.for] || []).join(" ");
    });
  }

  // The refusal's problems ({"code", "message", "field"}, the API's shape) by the grid's field;
  // a problem about no one field goes above the row.
  function byField(problems) {
    var errors = {};
    problems.forEach(function (problem) {
      var field = problem.field || "__all__";
      (errors[field] = errors[field] || []).push(problem.message);
    });
    return errors;
  }

  // --- sending -----------------------------------------------------------------------------

  function csrfToken() {
    // Read at each send: logging in again in another window gives a new token.
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function loggedOut(response) {
    return response.redirected && new URL(response.url).pathname === words.login;
  }

  async function send(row) {
    if (row.dataset.state === "saving") {
      // One send at a time: this one goes once the answer to the last is in.
      row.dataset.sendAgain = "1";
      return;
    }
    var values = typed(row);
    keep(row);  // kept before it leaves, so that even a crash mid-way loses nothing
    var number = String(Number(row.dataset.sent || 0) + 1);
    row.dataset.sent = number;
    move(row, "send", words.saving);
    var body = new FormData();
    Object.keys(values).forEach(function (name) { body.append(name, values[name]); });
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, TIMEOUT_MS);
    try {
      await answer(row, controller, fetch(row.action, {
        method: "POST",
        body: body,
        headers: { Accept: "application/json", "X-CSRFToken": csrfToken() },
        credentials: "same-origin",
        signal: controller.signal,
      }), number);
    } finally {
      clearTimeout(timer);
    }
    if (row.dataset.sendAgain === "1" && row.dataset.state !== "saving") {
      row.dataset.sendAgain = "";
      if (row.dataset.state !== "refused") send(row);
    }
  }

  async function answer(row, controller, request, number) {
    var response;
    var current = function () { return row.dataset.sent === number; };
    try {
      response = await request;
    } catch (e) {
      if (current()) notSent(row, controller.signal.aborted ? words.timeout : words.offline);
      return;
    }
    if (!current()) return;  // an answer to an older send: the board has moved on
    if (loggedOut(response)) return notSent(row, words.session, true);
    if (response.status === 403) return notSent(row, words.forbidden, true);
    var data = null;
    try { data = await response.json(); } catch (e) { /* an HTML error page */ }
    if (!current()) return;
    if (!data) return notSent(row, words.server.replace("%s", response.status));
    if (!response.ok) return refused(row, data);
    saved(row, data);
  }

  function refused(row, data) {
    showErrors(row, byField(data.errors || (data.message ? [data] : [])));
    var text = words.refused;
    if (data.version !== undefined) {
      // Another arbiter saved this board meanwhile: what is typed stays, sending it again
      // (with a reason) replaces theirs deliberately.
      row.elements.namedItem("version").value = data.version;
      text += " " + words.stale.replace("%s", data.current);
    }
    keep(row);
    row.dataset.loggedOut = "";
    move(row, "refused", text);
    var first = row.querySelector(".errorlist:not(:empty)");
    var field = first && row.elements.namedItem(first.dataset.for);
    (field && field.focus ? field : row.querySelector(".grid-result")).focus();
  }

  function saved(row, data) {
    forget(row);
    showErrors(row, {});
    row.dataset.dirty = "";
    row.dataset.loggedOut = "";
    row.classList.add("has-result");
    fill(row, {
      version: data.version,
      result: data.result,
      south_seeds: data.south_seeds === null ? "" : data.south_seeds,
      north_seeds: data.north_seeds === null ? "" : data.north_seeds,
      reason: "",
    });
    move(row, "saved", data.summary);
    document.getElementById("remaining").textContent = data.remaining;
    if (row.contains(document.activeElement)) {
      var next = nextRow(row);
      if (next) next.querySelector(".grid-result").focus();
    }
  }

  function nextRow(row) {
    var all = rows();
    var after = all.slice(all.indexOf(row) + 1).concat(all.slice(0, all.indexOf(row)));
    return after.find(function (r) { return !r.classList.contains("has-result"); }) || null;
  }

  // Boards that failed on the way (not those the server refused: they need a change first).
  function sendWaiting() {
    rows().forEach(function (row) {
      if (row.dataset.state === "unsent") send(row);
    });
  }

  // --- one line per board, or a card per board: the arbiter's choice, kept in the browser ---

  var LAYOUT = "oware-grid-layout";
  var layoutSwitch = document.getElementById("grid-compact-switch");

  function setCompact(on) {
    grid.classList.toggle("grid-compact", on);
    layoutSwitch.setAttribute("aria-pressed", on ? "true" : "false");
  }

  if (layoutSwitch) {
    var chosen = null;
    try { chosen = localStorage.getItem(LAYOUT); } catch (e) { /* no storage: cards */ }
    setCompact(chosen === "compact");
    layoutSwitch.hidden = false;
    layoutSwitch.addEventListener("click", function () {
      var on = !grid.classList.contains("grid-compact");
      setCompact(on);
      try { localStorage.setItem(LAYOUT, on ? "compact" : "cards"); } catch (e) { /* kept for this page */ }
    });
  }

  // --- events --------------------------------------------------------------------------------

  document.addEventListener("submit", function (event) {
    var row = event.target.closest(".grid-row");
    if (!row) return;
    event.preventDefault();
    send(row);
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest(".grid-resend-all")) {
      inState("unsent").forEach(send);
      return;
    }
    var button = event.target.closest(".grid-resend");
    if (button) send(button.closest(".grid-row"));
  });

  document.addEventListener("input", function (event) {
    var row = event.target.closest(".grid-row");
    if (!row) return;
    row.dataset.dirty = "1";
    if (row.dataset.state === "unsent" || row.dataset.state === "refused") keep(row);
  });

  // Enter on a drop-down saves the row too, so the whole row is typed without the mouse.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.target.tagName !== "SELECT") return;
    var row = event.target.closest(".grid-row");
    if (!row) return;
    event.preventDefault();
    row.requestSubmit();
  });

  window.addEventListener("online", sendWaiting);
  window.addEventListener("storage", function (event) {
    if (event.key === SIGNED_IN) sendWaiting();
  });
  // Logged in again some other way: coming back to this tab tries the waiting boards again.
  window.addEventListener("focus", function () {
    if (rows().some(function (row) { return row.dataset.loggedOut === "1"; })) sendWaiting();
  });

  window.addEventListener("beforeunload", function (event) {
    var unsaved = waiting().length > 0 || rows().some(function (row) {
      return row.dataset.dirty === "1" || row.dataset.state === "saving";
    });
    if (unsaved) {
      event.preventDefault();
      event.returnValue = "";
    }
  });

  // Boards kept from an earlier visit come back as they were typed, marked not sent, and are
  // sent at once when the page opens online (else when the network returns). A board whose
  // answer was lost comes back too: the server, already holding it, answers "saved".
  rows().forEach(function (row) {
    var values = kept(row);
    if (!values) return;
    fill(row, values);
    move(row, "restored", words.kept);
  });
  if (navigator.onLine) sendWaiting();
})();
