// Game viewer: steps through the record embedded in the page (#game-plies, built by
// services/games.py game_plies) without reloading. Without this script the ?ply= links work.
// Keys: ← → step, Home/End jump; a sideways swipe on the board steps too.
(function () {
  "use strict";
  // Words from Django's JavaScript catalog (/jsi18n/, loaded before this script); English if
  // it could not be loaded.
  var gettext = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, count) { return count === 1 ? one : many; };
  var interpolate = window.interpolate || function (format, values) {
    return format.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  };

  // The same sentences as templates/games/board.html and _pit_title.html write on the server.
  function pitTitle(index, seeds, isLast) {
    var letter = "ABCDEFabcdef".charAt(index);
    var title = index < 6
      ? ngettext("South pit %(letter)s: %(seeds)s seed", "South pit %(letter)s: %(seeds)s seeds", seeds)
      : ngettext("North pit %(letter)s: %(seeds)s seed", "North pit %(letter)s: %(seeds)s seeds", seeds);
    title = interpolate(title, { letter: letter, seeds: seeds }, true);
    return isLast ? title + " (" + gettext("last move") + ")" : title;
  }

  function setUp() {
    var data = document.getElementById("game-plies");
    var viewer = document.querySelector(".game-viewer");
    if (!data || !viewer) return;
    var game = JSON.parse(data.textContent);
    var plies = game.plies;
    var last = plies.length - 1;
    var params = new URLSearchParams(window.location.search);
    var current = Math.max(0, Math.min(parseInt(params.get("ply") || "0", 10) || 0, last));
    var pits = viewer.querySelectorAll("[data-pit]");
    var stores = { S: viewer.querySelector('[data-store="S"]'), N: viewer.querySelector('[data-store="N"]') };
    var toMove = viewer.querySelector("[data-to-move]");
    var status = viewer.querySelector(".ply-status");
    var board = viewer.querySelector(".ow-board");
    var moves = viewer.querySelectorAll(".move-list li");
    var template = status.querySelector(".ply-text").textContent;  // "ply N of M", translated
    var overText = viewer.dataset.gameOver || "game over";
    var resultText = viewer.dataset.result || "";

    function show(ply) {
      current = Math.max(0, Math.min(ply, last));
      var state = plies[current];
      pits.forEach(function (pit) {
        var index = parseInt(pit.dataset.pit, 10);
        var seeds = state.pits[index];
        pit.querySelector("span").textContent = seeds;
        pit.classList.toggle("ow-pit--empty", seeds === 0);
        pit.classList.toggle("ow-pit--last", state.last === index);
        pit.classList.toggle("ow-pit--capture", state.last === index && state.capture > 0);
        pit.title = pitTitle(index, seeds, state.last === index);
      });
      stores.S.textContent = state.stores[0];
      stores.N.textContent = state.stores[1];
      var side = state.toMove === "S" ? gettext("South") : gettext("North");
      toMove.textContent = side;
      board.setAttribute("aria-label", interpolate(
        gettext("Oware board, South %(south)s, North %(north)s, %(side)s to move"),
        { south: state.stores[0], north: state.stores[1], side: side }, true));
      var text = template.replace(/\d+(\D+)\d+\s*$/, current + "$1" + last);
      var parts = [text];
      if (state.clock) parts.push(state.clock);
      if (state.capture) parts.push("+" + state.capture);
      if (state.repeats !== null && state.repeats !== undefined) parts.push(viewer.dataset.repeated || "repeated");
      status.textContent = parts.join(" · ");
      if (current === last) {
        var over = document.createElement("strong");
        over.className = "game-over";
        over.textContent = overText + (resultText ? " — " + resultText : "");
        status.append(" · ", over);
      }
      moves.forEach(function (item) {
        var on = parseInt(item.dataset.ply, 10) === current;
        item.classList.toggle("current", on);
        if (on) item.setAttribute("aria-current", "step"); else item.removeAttribute("aria-current");
      });
      viewer.querySelector('[data-step="previous"]').href = "?ply=" + Math.max(current - 1, 0);
      viewer.querySelector('[data-step="next"]').href = "?ply=" + Math.min(current + 1, last);
      history.replaceState(null, "", "?ply=" + current);
    }

    var targets = { first: function () { return 0; }, previous: function () { return current - 1; },
      next: function () { return current + 1; }, last: function () { return last; } };
    viewer.querySelectorAll("[data-step]").forEach(function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        show(targets[link.dataset.step]());
      });
    });
    moves.forEach(function (item) {
      item.querySelector("a").addEventListener("click", function (event) {
        event.preventDefault();
        show(parseInt(item.dataset.ply, 10));
      });
    });
    document.addEventListener("keydown", function (event) {
      if (event.target.closest && event.target.closest("input, textarea, select")) return;
      var keys = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last };
      if (event.key in keys) {
        event.preventDefault();
        show(keys[event.key]);
      }
    });
    var startX = null;
    board.addEventListener("touchstart", function (event) { startX = event.touches[0].clientX; }, { passive: true });
    board.addEventListener("touchend", function (event) {
      if (startX === null) return;
      var dx = event.changedTouches[0].clientX - startX;
      startX = null;
      if (Math.abs(dx) > 30) show(current + (dx < 0 ? 1 : -1));  // swipe left: forward
    });
    var hint = viewer.querySelector(".keys-hint");
    if (hint) hint.hidden = false;
    show(current);
  }

  document.addEventListener("DOMContentLoaded", setUp);
})();
