/* Spectators: every live board listed on the page follows its board's state (seeds in the
 * stores, plies played, state) by polling the board's JSON endpoint. */
(function () {
  "use strict";
  async function follow(item) {
    try {
      const state = await (await fetch(item.dataset.stateUrl)).json();
      item.querySelector(".live-watch-state").textContent =
        state.state_label + " · " + state.moves.length + " · " + state.stores[0] + "–" + state.stores[1];
    } catch (error) { /* the next poll tries again */ }
  }
  function poll() { document.querySelectorAll(".live-watch").forEach(follow); }
  setInterval(poll, 3000);
})();
