// Find my board: filters the round page's alphabetical list as a name is typed.
// Progressive enhancement: without this script the full list is shown and the field is hidden.
(function () {
  "use strict";
  function normalise(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }
  function setUp() {
    var field = document.getElementById("name-filter");
    var table = document.getElementById("alphabetical");
    if (!field || !table) return;
    field.parentElement.hidden = false;
    var filter = function () {
      var wanted = normalise(field.value);
      table.querySelectorAll("tbody tr").forEach(function (row) {
        row.hidden = wanted !== "" && normalise(row.dataset.name || "").indexOf(wanted) === -1;
      });
    };
    field.addEventListener("input", filter);
    filter();
  }
  document.addEventListener("DOMContentLoaded", setUp);
  // The live script swaps the page's content in; the new field needs its listener too.
  document.addEventListener("live:updated", setUp);
})();
