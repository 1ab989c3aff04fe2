/* A round's live page: every board of the round drawn small (names, stores, clocks, result), in
 * board order, and one board opened large with its move list, following the game move by move
 * and steppable back while it goes on. Polls the round's state every half second with the ETag
 * it holds, and not at all while the page is hidden (a phone in a pocket): an unchanged round
 * costs a 304 (the public pages' caching, keyed on the tournament's revision, which every move
 * raises; the server shows a new one at most every quarter second, and nginx answers the polls
 * of a quarter from one copy). A state older than the one drawn (a board with fewer of the
 * same moves, as a worker still serving its previous copy may send) is never drawn: a reader
 * never sees a position go back. Needs window.Oware (oware.js). */
(function () {
  "use strict";
  const root = document.getElementById("live-round");
  if (!root) return;
  const text = root.dataset;
  const LETTERS = ["ABCDEF", "abcdef"];
  const PERIOD = 500; // ms between polls while the page is in view
  let data = null;
  let etag = "";
  let skew = 0; // the server's clock minus this device's, from the Date header
  let focus = null; // the board number opened large
  let viewPly = null; // null: follow the game; else the ply shown
  const games = {}; // board number -> {moves key, replayed positions}

  function clockText(seconds) {
    if (seconds === null || seconds === undefined) return "–";
    const whole = Math.max(0, Math.ceil(seconds));
    return String(Math.floor(whole / 60)).padStart(2, "0") + ":" + String(whole % 60).padStart(2, "0");
  }

  function left(board, side) {
    const reading = board.readings[side];
    if (reading === null || reading === undefined) return null;
    if (board.running !== "SN"[side]) return reading;
    const now = (Date.now() + skew) / 1000;
    return reading - Math.max(0, now - data.as_of);
  }

  function positionsOf(board) {
    const key = board.moves.join(",");
    const known = games[board.board];
    if (known && known.key === key) return known.positions;
    const positions = Oware.replay(board.moves, data.variant).positions;
    games[board.board] = { key, positions };
    return positions;
  }

  function element(tag, className, content) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (content !== undefined) node.textContent = content;
    return node;
  }

  /** The pits and stores: North's row on top (f…a), South's below (A…F). */
  function pits(pitsAndStores) {
    const grid = element("div", "lr-pits");
    const north = element("span", "lr-store", pitsAndStores[13]);
    north.setAttribute("aria-label", text.textNorth + " " + pitsAndStores[13]);
    grid.append(north);
    for (let i = 11; i >= 6; i--) grid.append(element("span", "", pitsAndStores[i]));
    const south = element("span", "lr-store", pitsAndStores[12]);
    south.setAttribute("aria-label", text.textSouth + " " + pitsAndStores[12]);
    south.style.gridColumn = "8";
    south.style.gridRow = "1 / 3";
    grid.append(south);
    for (let i = 0; i < 6; i++) {
      const pit = element("span", "", pitsAndStores[i]);
      pit.style.gridRow = "2";
      pit.style.gridColumn = String(i + 2);
      grid.append(pit);
    }
    return grid;
  }

  function layout(position) {
    return [...position.pits, position.stores[0], position.stores[1]];
  }

  function resultText(board) {
    if (board.result) {
      const r = board.result;
      const seeds = r.seeds[0] === null ? "" : " · " + r.seeds[0] + "–" + r.seeds[1];
      return r.points[0].replace("0.5", "½") + "–" + r.points[1].replace("0.5", "½") + seeds + " · " + r.ending_label;
    }
    if (board.game_score) return board.game_score[0] + "–" + board.game_score[1] + " · " + board.ending_label;
    return board.state_label || text.textNotStarted;
  }

  function playerLine(board, side) {
    const line = element("div", "lr-player");
    line.append(element("span", "", text["text" + (side ? "North" : "South")] + ": " + board[side ? "north" : "south"]));
    const clock = element("span", "lr-clock");
    clock.dataset.board = board.board;
    clock.dataset.side = side;
    line.append(clock);
    return line;
  }

  function smallBoard(board) {
    const item = element("li", "lr-board");
    item.dataset.board = board.board;
    const open = element("button", "lr-open");
    open.type = "button";
    open.addEventListener("click", () => { location.hash = "board-" + board.board; });
    const head = element("div", "lr-head");
    head.append(element("strong", "", text.textBoard + " " + board.board));
    head.append(element("span", "lr-result", resultText(board)));
    open.append(head, playerLine(board, 1));
    if (board.moves.length || board.code) {
      const positions = positionsOf(board);
      const last = layout(positions[positions.length - 1]);
      if (board.stores) { last[12] = board.stores[0]; last[13] = board.stores[1]; }
      open.append(pits(last));
    }
    open.append(playerLine(board, 0));
    item.append(open);
    return item;
  }

  function moveList(board, positions, shown) {
    const list = element("ol", "lr-moves");
    list.setAttribute("aria-label", text.textMoves);
    let number = 0;
    board.moves.forEach((move, i) => {
      const mover = positions[i].toMove;
      let label = "";
      if (mover === 0) label = ++number + ". ";
      label += LETTERS[mover][move];
      const gained = positions[i + 1] ? positions[i + 1].stores[mover] - positions[i].stores[mover] : 0;
      if (gained) label += "+" + gained;
      const item = element("li");
      const step = element("button", "", label);
      step.type = "button";
      step.addEventListener("click", () => { viewPly = i + 1 === board.moves.length ? null : i + 1; drawFocus(); });
      item.append(step);
      if (i + 1 === shown) item.setAttribute("aria-current", "step");
      list.append(item);
    });
    return list;
  }

  function drawFocus() {
    const box = document.getElementById("lr-focus");
    const board = data && data.boards.find((b) => b.board === focus);
    if (!board) { box.hidden = true; return; }
    const positions = positionsOf(board);
    const latest = positions.length - 1;
    const ply = viewPly === null ? latest : Math.min(viewPly, latest);
    box.replaceChildren();
    box.hidden = false;
    const head = element("div", "lr-head");
    head.append(element("h2", "", text.textBoard + " " + board.board + ": " + board.south + " – " + board.north));
    const close = element("button", "", text.textClose);
    close.type = "button";
    close.addEventListener("click", () => { history.replaceState(null, "", location.pathname); focus = null; drawFocus(); });
    head.append(close);
    box.append(head, playerLine(board, 1));
    const shown = layout(positions[ply]);
    if (ply === latest && board.stores) { shown[12] = board.stores[0]; shown[13] = board.stores[1]; }
    box.append(pits(shown), playerLine(board, 0));
    const status = element("p", "lr-status", text.textPly + " " + ply + " / " + latest + " · " + resultText(board));
    status.id = "lr-status";
    box.append(status);
    const steps = element("div", "lr-steps");
    const button = (label, title, target) => {
      const b = element("button", "", label);
      b.type = "button";
      b.title = title;
      b.setAttribute("aria-label", title);
      b.addEventListener("click", () => { viewPly = target >= latest ? null : Math.max(0, target); drawFocus(); });
      steps.append(b);
    };
    button("«", text.textStart, 0);
    button("‹", text.textPrevious, ply - 1);
    button("›", text.textNext, ply + 1);
    if (viewPly !== null && ply < latest) {
      const live = element("button", "lr-back", text.textBackToLive + " (" + (latest - ply) + " " + text.textNewMoves + ")");
      live.type = "button";
      live.addEventListener("click", () => { viewPly = null; drawFocus(); });
      steps.append(live);
    } else {
      steps.append(element("span", "lr-live", "● " + text.textLive));
    }
    box.append(steps, moveList(board, positions, ply));
    tick();
  }

  function draw() {
    const list = document.getElementById("lr-boards");
    list.replaceChildren(...data.boards.map(smallBoard));
    drawFocus();
    tick();
  }

  function tick() {
    if (!data) return;
    document.querySelectorAll(".lr-clock").forEach((clock) => {
      const board = data.boards.find((b) => b.board === Number(clock.dataset.board));
      const side = Number(clock.dataset.side);
      const seconds = left(board, side);
      clock.textContent = clockText(seconds);
      clock.classList.toggle("lr-clock--running", board.running === "SN"[side]);
      clock.classList.toggle("lr-clock--low", seconds !== null && seconds < data.warning_seconds);
    });
  }

  /** Whether `state` is older than the one drawn: some board has fewer moves, the same ones. */
  function older(state) {
    if (!data) return false;
    return state.boards.some((board) => {
      const drawn = data.boards.find((b) => b.board === board.board);
      if (!drawn || board.moves.length >= drawn.moves.length) return false;
      return board.moves.every((move, i) => move === drawn.moves[i]);
    });
  }

  let timer = null;
  let asking = false;

  function schedule() {
    clearTimeout(timer);
    if (!document.hidden) timer = setTimeout(poll, PERIOD);
  }

  async function poll() {
    if (asking) return;
    asking = true;
    try {
      const headers = etag ? { "If-None-Match": etag } : {};
      const response = await fetch(text.stateUrl, { headers, cache: "no-store", credentials: "same-origin" });
      const date = response.headers.get("Date");
      if (date) skew = new Date(date).getTime() - Date.now();
      if (response.status === 200) {
        const state = await response.json();
        if (!older(state)) {
          etag = response.headers.get("ETag") || "";
          data = state;
          draw();
        }
      }
    } catch (error) { /* offline: the next poll tries again */ }
    asking = false;
    schedule();
  }

  function readHash() {
    const match = /^#board-(\d+)$/.exec(location.hash);
    focus = match ? Number(match[1]) : null;
    viewPly = null;
    if (data) drawFocus();
  }

  window.addEventListener("hashchange", readHash);
  document.addEventListener("keydown", (event) => {
    if (focus === null || !data || event.target.closest("input, textarea")) return;
    const board = data.boards.find((b) => b.board === focus);
    if (!board) return;
    const latest = board.moves.length;
    const ply = viewPly === null ? latest : viewPly;
    if (event.key === "ArrowLeft") { viewPly = Math.max(0, ply - 1); drawFocus(); }
    if (event.key === "ArrowRight") { viewPly = ply + 1 >= latest ? null : ply + 1; drawFocus(); }
  });
  // Hidden, the page asks nothing; shown again, it asks at once.
  document.addEventListener("visibilitychange", () => { if (document.hidden) clearTimeout(timer); else poll(); });
  readHash();
  poll();
  setInterval(tick, 250);
})();
