/* The arbiter's round page and result grid: every 5 seconds, ask which boards have a player under
 * the warning time (by the server's clock) and mark them — the live boards list, the board cards
 * of the round page and the rows of the result grid (every element with data-live-board). */
(function () {
  "use strict";
  const source = document.querySelector("[data-clock-marks-url]");
  if (!source) return;
  const text = source.dataset;

  function clock(seconds) {
    return String(Math.floor(seconds / 60)).padStart(2, "0") + ":" + String(seconds % 60).padStart(2, "0");
  }

  function markOf(mark) {
    const sides = [["S", text.textSouth, 0], ["N", text.textNorth, 1]];
    return text.textLow + ": " + sides.filter(([letter]) => mark.low.includes(letter))
      .map(([, name, i]) => name + " " + clock(mark.clocks[i])).join(", ");
  }

  function apply(boards) {
    document.querySelectorAll("[data-live-board]").forEach((element) => {
      const mark = boards[element.dataset.liveBoard];
      element.classList.toggle("live-low-time", Boolean(mark));
      let badge = element.querySelector(".live-low-mark");
      if (!badge && mark) {
        badge = document.createElement("span");
        badge.className = "live-low-mark";
        badge.setAttribute("role", "status");
        element.prepend(badge);
      }
      if (badge) badge.textContent = mark ? markOf(mark) : "";
    });
  }

  async function poll() {
    try {
      const response = await fetch(text.clockMarksUrl, { credentials: "same-origin" });
      if (response.ok) apply((await response.json()).boards);
    } catch (error) { /* the next poll tries again */ }
  }
  poll();
  setInterval(poll, 5000);
})();
