// Countdowns to a round's planned start: "starts in 1 h 05 min" beside the time the server
// wrote. Progressive enhancement: the written time is the truth; without this script, or once
// the start has passed, nothing is added. Each `.countdown` carries the start (`data-starts`,
// ISO 8601) and its words in the page's language (`data-words` with {span}, `data-hours` with
// {h} and {m}, `data-minutes` with {m}).
(function () {
  "use strict";
  var PERIOD = 20000;

  function span(element, minutes) {
    var hours = Math.floor(minutes / 60);
    var rest = minutes % 60;
    var text = hours > 0 ? element.dataset.hours : element.dataset.minutes;
    return text.replace("{h}", String(hours)).replace("{m}", hours > 0 && rest < 10 ? "0" + rest : String(rest));
  }

  function update() {
    var now = Date.now();
    document.querySelectorAll(".countdown[data-starts]").forEach(function (element) {
      var start = Date.parse(element.dataset.starts);
      if (isNaN(start)) return;
      var minutes = Math.ceil((start - now) / 60000);
      element.textContent = minutes > 0 ? element.dataset.words.replace("{span}", span(element, minutes)) : "";
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    update();
    window.setInterval(update, PERIOD);
  });
  // The live script swaps the page's content in: its new countdowns are filled at once.
  document.addEventListener("live:updated", update);
})();
