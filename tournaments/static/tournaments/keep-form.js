// A form marked data-keep is kept in the browser as it is sent. If the sending does not save it
// — the session expired and the login page came back to this page, the server failed, the
// network dropped — the page, opened again, puts back what was typed and says so. Once the
// save went through the game's version has moved on, and what was kept is dropped.
"use strict";

(function () {
  var form = document.querySelector("form[data-keep]");
  if (!form) return;
  var key = "oware-form:" + location.pathname;
  var version = form.elements.namedItem("version");

  function read() {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }

  var kept = read();
  if (kept && version && kept.version === version.value) {
    Object.keys(kept.values).forEach(function (name) {
      var field = form.elements.namedItem(name);
      if (!field || field.type === "hidden" || field.type === "file") return;
      if (field.type === "checkbox") field.checked = kept.values[name] === "on";
      else field.value = kept.values[name];
    });
    var note = document.createElement("p");
    note.className = "kept-note";
    note.setAttribute("role", "status");
    note.textContent = form.dataset.keep;
    form.prepend(note);
  } else if (kept) {
    localStorage.removeItem(key);
  }

  form.addEventListener("submit", function () {
    var values = {};
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string" && name !== "csrfmiddlewaretoken") values[name] = value;
    });
    try {
      localStorage.setItem(key, JSON.stringify({ version: version ? version.value : "", values: values }));
    } catch (e) { /* storage refused: the form still posts */ }
  });
})();
