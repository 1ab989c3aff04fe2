// The result grid saves each board without leaving the page. Without this script every row is
// an ordinary form that reloads the page; with it, the row is posted with fetch, the refusals
// are shown beside their fields, and the cursor moves on to the next board's result cell.
"use strict";

(function () {
  function showErrors(row, errors) {
    row.querySelectorAll(".errorlist[data-for]").forEach(function (cell) {
      cell.textContent = (errors[cell.dataset.for] || []).join(" ");
    });
  }

  function nextRow(row) {
    var rows = Array.prototype.slice.call(document.querySelectorAll(".grid-row"));
    var after = rows.slice(rows.indexOf(row) + 1).concat(rows.slice(0, rows.indexOf(row)));
    return after.find(function (r) { return !r.classList.contains("has-result"); }) || null;
  }

  async function save(row) {
    var status = row.querySelector(".grid-status");
    status.textContent = "…";
    var response = await fetch(row.action, {
      method: "POST",
      body: new FormData(row),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    var data = await response.json();
    if (!data.ok) {
      showErrors(row, data.errors);
      status.textContent = "";
      row.classList.add("has-error");
      var first = row.querySelector(".errorlist:not(:empty)");
      var field = first && row.querySelector("[name='" + first.dataset.for + "']");
      (field || row.querySelector(".grid-result")).focus();
      return;
    }
    showErrors(row, {});
    row.classList.remove("has-error");
    row.classList.add("has-result");
    row.querySelector("[name=version]").value = data.version;
    row.querySelector("[name=result]").value = data.result;
    row.querySelector("[name=south_seeds]").value = data.south_seeds === null ? "" : data.south_seeds;
    row.querySelector("[name=north_seeds]").value = data.north_seeds === null ? "" : data.north_seeds;
    row.querySelector("[name=reason]").value = "";
    status.textContent = data.summary;
    document.getElementById("remaining").textContent = data.remaining;
    var next = nextRow(row);
    if (next) next.querySelector(".grid-result").focus();
  }

  document.addEventListener("submit", function (event) {
    var row = event.target.closest(".grid-row");
    if (!row) return;
    event.preventDefault();
    save(row);
  });

  // Enter on a drop-down saves the row too, so the whole row is typed without the mouse.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.target.tagName !== "SELECT") return;
    var row = event.target.closest(".grid-row");
    if (!row) return;
    event.preventDefault();
    row.requestSubmit();
  });
})();
