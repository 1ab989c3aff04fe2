// Find my board: filters the round page's alphabetical list as a name is typed.
// Progressive enhancement: without this script the full list is shown and the field is hidden.
(function () {
  "use strict";
  function normalise(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }
  // The table is looked up each time: a live refresh puts a new one in while the field (which
  // the reader may be typing in) stays the same element.
  function filter() {
    var field = document.getElementById("name-filter");
    var table = document.getElementById("alphabetical");
    if (!field || !table) return;
    var wanted = normalise(field.value);
    table.querySelectorAll("tbody tr").forEach(function (row) {
      row.hidden = wanted !== "" && normalise(row.dataset.name || "").indexOf(wanted) === -1;
    });
  }
  function setUp() {
    var field = document.getElementById("name-filter");
    if (!field) return;
    field.parentElement.hidden = false;
    if (!field.dataset.filtering) {
      field.dataset.filtering = "1";
      field.addEventListener("input", filter);
    }
    filter();
  }
  document.addEventListener("DOMContentLoaded", setUp);
  // The live script swaps the page's content in: a new field needs its listener, and a new
  // table the reader's filter.
  document.addEventListener("live:updated", setUp);
})();
