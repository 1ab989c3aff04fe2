// The result grid saves each board without leaving the page. Without this script every row is
// an ordinary form that reloads the page; with it, the row is posted with fetch, the refusals
// are shown beside their fields, and the cursor moves on to the next board's result cell.
//
// Nothing typed is lost: each board shows its state (saving, saved, refused, not sent). A board
// that could not be sent — no network, no answer, a server failure, the session expired — is
// kept in the browser's localStorage (one key per tournament/section/round/board, so it
// survives a reload) and sent again when the network is back, when the arbiter has logged in
// again in another window, or on "Send again". Leaving the page with such boards asks first.
"use strict";

(function () {
  var grid = document.querySelector(".result-grid");
  if (!grid) return;
  var words = grid.dataset;
  var banner = document.getElementById("grid-unsent");
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

  function setState(row, state, text) {
    row.dataset.state = state;
    row.querySelector(".grid-status").textContent = text;
    row.querySelector(".grid-resend").hidden = state !== "unsent" && state !== "refused";
    row.classList.toggle("has-error", state === "refused");
    showBanner();
  }

  function waiting() {
    return rows().filter(function (row) {
      return row.dataset.state === "unsent" || row.dataset.state === "refused";
    });
  }

  function showBanner() {
    var count = waiting().length;
    banner.hidden = count === 0;
    banner.querySelector(".grid-unsent-count").textContent = words.count.replace("%s", count);
    var loggedOut = rows().some(function (row) { return row.dataset.loggedOut === "1"; });
    banner.querySelector(".grid-login").hidden = !loggedOut;
  }

  function notSent(row, text, loggedOut) {
    row.dataset.loggedOut = loggedOut ? "1" : "";
    setState(row, "unsent", text);
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
    var values = typed(row);
    keep(row);  // kept before it leaves, so that even a crash mid-way loses nothing
    setState(row, "saving", words.saving);
    var body = new FormData();
    Object.keys(values).forEach(function (name) { body.append(name, values[name]); });
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, TIMEOUT_MS);
    var response;
    try {
      response = await fetch(row.action, {
        method: "POST",
        body: body,
        headers: { Accept: "application/json", "X-CSRFToken": csrfToken() },
        credentials: "same-origin",
        signal: controller.signal,
      });
    } catch (e) {
      notSent(row, controller.signal.aborted ? words.timeout : words.offline);
      return;
    } finally {
      clearTimeout(timer);
    }
    if (loggedOut(response)) return notSent(row, words.session, true);
    if (response.status === 403) return notSent(row, words.forbidden, true);
    var data = null;
    try { data = await response.json(); } catch (e) { /* an HTML error page */ }
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
    setState(row, "refused", text);
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
    setState(row, "saved", data.summary);
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

  // --- events --------------------------------------------------------------------------------

  document.addEventListener("submit", function (event) {
    var row = event.target.closest(".grid-row");
    if (!row) return;
    event.preventDefault();
    send(row);
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest(".grid-resend-all")) {
      waiting().forEach(send);
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

  // Boards kept from an earlier visit come back as they were typed, marked not sent.
  rows().forEach(function (row) {
    var values = kept(row);
    if (!values) return;
    fill(row, values);
    notSent(row, words.kept);
  });
})();
