/* The live board page: the pits to touch, two clocks, the record, offline play.
 *
 * The moves played on this device are kept in localStorage with their clock readings and sent to
 * the server (which replays them with the Python engine) whenever the network allows; a reloaded
 * page resumes from localStorage and the server's state. Needs window.Oware (oware.js).
 */
(function () {
  "use strict";
  const root = document.getElementById("live-board");
  if (!root) return;
  const text = root.dataset;
  // Endings in the reader's language, for a game the board sees end before the server does.
  const endingLabels = JSON.parse(document.getElementById("live-ending-labels").textContent);
  const KEY = "oware-live:" + text.code;
  const LETTERS = ["ABCDEF", "abcdef"];
  const SIDE = ["S", "N"];

  const saved = Object.assign(
    { device: "", side: null, moves: [], synced: 0, turnStarts: {}, warned: {}, server: null },
    JSON.parse(localStorage.getItem(KEY) || "{}"));
  if (!saved.device) saved.device = newToken();
  let server = saved.server;
  let offline = false;
  let message = "";
  let flagSent = false;
  let busy = false;

  function newToken() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("");
  }

  function save() {
    saved.server = server;
    localStorage.setItem(KEY, JSON.stringify(saved));
  }

  // --- the game as this device knows it ------------------------------------------------------

  function game() {
    return Oware.replay(saved.moves.map((m) => m.move), server.variant);
  }

  function finishedOnServer() {
    return server && (server.state === "pending" || server.state === "confirmed");
  }

  function running(done) {
    const position = done.positions[done.positions.length - 1];
    return !finishedOnServer() && server.state !== "held" &&
      !Oware.ending(position, server.variant) && server.held.S && server.held.N;
  }

  function turnStart(plies) {
    if (!saved.turnStarts[plies]) {
      saved.turnStarts[plies] = Date.now();
      save();
    }
    return saved.turnStarts[plies];
  }

  /** Seconds left for each side: the last readings, minus the running turn for the mover. */
  function clocks(done) {
    const left = [server.seconds, server.seconds];
    saved.moves.forEach((m, i) => { left[done.positions[i].toMove] = m.clock; });
    const position = done.positions[done.positions.length - 1];
    if (running(done)) {
      const spent = (Date.now() - turnStart(saved.moves.length)) / 1000;
      left[position.toMove] = Math.max(0, left[position.toMove] - spent);
    }
    return left;
  }

  function holds(side) {
    return saved.side === "both" || saved.side === SIDE[side];
  }

  // --- talking to the server -----------------------------------------------------------------

  async function request(body) {
    const options = body ? {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": text.csrf },
      body: JSON.stringify(Object.assign({ device: saved.device }, body)),
    } : {};
    const url = body ? text.movesUrl : text.movesUrl + "?device=" + encodeURIComponent(saved.device);
    let answer;
    try {
      const response = await fetch(url, Object.assign({ credentials: "same-origin" }, options));
      answer = await response.json();
    } catch (error) {
      offline = true;
      return null;
    }
    offline = false;
    const state = answer.error ? answer.state : answer;
    if (state) adopt(state);
    if (answer.error) message = answer.error.message;
    return answer;
  }

  /** Take the server's state; its moves win over ours except our moves not yet sent. */
  function adopt(state) {
    server = state;
    const pending = saved.moves.length > saved.synced && state.moves.length === saved.synced;
    if (!pending || state.moves.length > saved.synced) {
      saved.moves = state.moves.map((move, i) => ({ move, clock: state.clocks[i] }));
    }
    saved.synced = Math.min(state.moves.length, saved.moves.length);
    save();
  }

  async function sync() {
    if (busy) return;
    busy = true;
    try {
      if (server && saved.moves.length > saved.synced) {
        const answer = await request({ action: "moves", from_ply: saved.synced,
                                       moves: saved.moves.slice(saved.synced) });
        if (answer && answer.error && answer.state) {
          saved.moves = answer.state.moves.map((move, i) => ({ move, clock: answer.state.clocks[i] }));
          saved.synced = saved.moves.length;
          save();
        }
      } else {
        await request(null);
      }
    } finally {
      busy = false;
    }
    render();
  }

  async function act(action, side) {
    message = "";
    await request({ action, side });
    if (offline) message = text.textOffline;
    render();
  }

  // --- touching the board --------------------------------------------------------------------

  function touch(side, pit) {
    const done = game();
    const position = done.positions[done.positions.length - 1];
    if (finishedOnServer() || Oware.ending(position, server.variant)) return;
    if (side !== position.toMove || !holds(side)) {
      message = text.textNotYours;
    } else if (!Oware.legalMoves(position, server.variant).includes(pit)) {
      message = text.textIllegal;
    } else {
      const left = clocks(done);
      saved.moves.push({ move: pit, clock: Math.floor(left[side]) });
      message = "";
      save();
      sync();
    }
    render();
  }

  // --- drawing -------------------------------------------------------------------------------

  function clockText(seconds) {
    const whole = Math.max(0, Math.ceil(seconds));
    return String(Math.floor(whole / 60)).padStart(2, "0") + ":" + String(whole % 60).padStart(2, "0");
  }

  function recordText(done) {
    const parts = [];
    let number = 0;
    let previous = null;
    saved.moves.forEach((m, i) => {
      const mover = done.positions[i].toMove;
      if (i >= done.positions.length - 1) return;
      if (mover === 0 && previous !== 0) parts.push(++number + ".");
      const gained = done.positions[i + 1].stores[mover] - done.positions[i].stores[mover];
      parts.push(LETTERS[mover][m.move] + (gained ? "+" + gained : "") + " {" + clockText(m.clock) + "}");
      previous = mover;
    });
    return parts.join(" ");
  }

  function pitButton(position, side, i, legal) {
    const button = document.createElement("button");
    const seeds = position.pits[side * 6 + i];
    button.type = "button";
    button.textContent = seeds;
    button.setAttribute("aria-label",
      text.textPit + " " + LETTERS[side][i] + ", " + seeds + " " + text.textSeeds);
    const playable = side === position.toMove && holds(side) && legal.includes(i);
    if (playable) button.classList.add("live-legal");
    button.disabled = !holds(side) || finishedOnServer();
    button.addEventListener("click", () => touch(side, i));
    return button;
  }

  function render() {
    const chooser = document.getElementById("live-choose");
    chooser.hidden = Boolean(saved.side) || !server;
    if (!server) return;
    const done = game();
    const position = done.positions[done.positions.length - 1];
    const bottom = saved.side === "N" ? 1 : 0;
    const top = 1 - bottom;
    const legal = Oware.legalMoves(position, server.variant);
    const bottomRow = document.getElementById("live-row-bottom");
    const topRow = document.getElementById("live-row-top");
    bottomRow.replaceChildren(...[0, 1, 2, 3, 4, 5].map((i) => pitButton(position, bottom, i, legal)));
    topRow.replaceChildren(...[5, 4, 3, 2, 1, 0].map((i) => pitButton(position, top, i, legal)));
    document.getElementById("live-store-bottom").textContent = position.stores[bottom];
    document.getElementById("live-store-top").textContent = position.stores[top];
    drawClocks(done, bottom);

    const names = [server.south, server.north];
    const sideNames = [text.textSouth, text.textNorth];
    const ending = finishedOnServer() ? server.ending : Oware.ending(position, server.variant);
    let status;
    if (ending) {
      status = text.textOver + " (" + (finishedOnServer() ? server.ending_label : endingLabels[ending] || ending) + ")";
      if (server.state === "pending") status += " · " + text.textPending;
      if (server.state === "confirmed") status += " · " + text.textConfirmed;
    } else {
      status = sideNames[position.toMove] + " (" + names[position.toMove] + ") " + text.textToMove;
    }
    if (server.offer && !ending) {
      status += " · " + sideNames[SIDE.indexOf(server.offer)] + " " + text.textOffered;
    }
    if (server.state === "held") status += " · " + server.state_label;
    if (offline) status += " · " + text.textOffline;
    if (message) status += " · " + message;
    document.getElementById("live-status").textContent = status;
    document.getElementById("live-record").textContent =
      finishedOnServer() ? server.record : recordText(done);
    const accept = document.getElementById("live-accept");
    accept.hidden = !server.offer || !!ending || !acceptingSide();
    document.getElementById("live-offer").disabled = !!ending || !saved.side;
    drawResignButtons(!!ending);
  }

  /** One "Resign" button per side this device holds: either player may resign at any time. */
  function drawResignButtons(over) {
    const sideNames = [text.textSouth, text.textNorth];
    const held = [0, 1].filter((side) => holds(side));
    const buttons = held.map((side) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.side = SIDE[side];
      button.textContent = held.length > 1
        ? text.textResignFor.replace("%(side)s", sideNames[side]) : text.textResign;
      button.disabled = over;
      button.addEventListener("click", () => askResign(side));
      return button;
    });
    document.getElementById("live-resign-buttons").replaceChildren(...buttons);
    if (over) document.getElementById("live-resign-confirm").hidden = true;
  }

  /** Ask before resigning, naming the result: the opponent wins, the resigner's store : 25. */
  function askResign(side) {
    const position = game().positions.slice(-1)[0];
    const names = [server.south, server.north];
    const sideNames = [text.textSouth, text.textNorth];
    const score = [0, 0];
    score[side] = position.stores[side];
    score[1 - side] = 25;
    const points = side === 0 ? "0–1" : "1–0";
    const who = (s) => sideNames[s] + " (" + names[s] + ")";
    document.getElementById("live-resign-question").textContent = text.textResignQuestion
      .replace("%(loser)s", who(side)).replace("%(winner)s", who(1 - side))
      .replace("%(points)s", points).replace("%(score)s", score[0] + "–" + score[1]);
    const box = document.getElementById("live-resign-confirm");
    box.dataset.side = SIDE[side];
    box.hidden = false;
    document.getElementById("live-resign-yes").focus();
  }

  function acceptingSide() {
    if (!server.offer) return null;
    const other = server.offer === "S" ? "N" : "S";
    return holds(SIDE.indexOf(other)) ? other : null;
  }

  function drawClocks(done, bottom) {
    const left = clocks(done);
    const position = done.positions[done.positions.length - 1];
    const isRunning = running(done);
    const names = [server.south, server.north];
    [["live-clock-bottom", bottom], ["live-clock-top", 1 - bottom]].forEach(([id, side]) => {
      const clock = document.getElementById(id);
      clock.querySelector(".live-clock-name").textContent = names[side];
      clock.querySelector("output").textContent = clockText(left[side]);
      clock.classList.toggle("live-clock--running", isRunning && position.toMove === side);
      clock.classList.toggle("live-clock--low", left[side] < server.warning_seconds);
    });
    let warn = false;
    [0, 1].forEach((side) => {
      if (holds(side) && isRunning && left[side] < server.warning_seconds) {
        warn = true;
        if (!saved.warned[side]) {
          saved.warned[side] = true;
          save();
          beep();
        }
      }
    });
    document.getElementById("live-warning").hidden = !warn;
    const mover = position.toMove;
    if (isRunning && left[mover] <= 0 && !flagSent && saved.moves.length === saved.synced && !offline) {
      flagSent = true;
      act("flag", SIDE[mover]);
    }
  }

  /** A short tone to call the arbiter (WebAudio; silent where the browser has none). */
  function beep() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    const tone = audio.createOscillator();
    tone.frequency.value = 880;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  }

  // --- wiring --------------------------------------------------------------------------------

  document.querySelectorAll("#live-choose button").forEach((button) => {
    button.addEventListener("click", async () => {
      // The side's code from the slip: the board's own code is public, the side codes are not.
      const code = document.getElementById("live-side-code").value;
      const answer = await request({ action: "claim", side: button.dataset.side, code });
      if (answer && !answer.error) {
        saved.side = button.dataset.side;
        message = "";
        save();
      }
      render();
    });
  });
  document.getElementById("live-offer").addEventListener("click", () => {
    const position = game().positions.slice(-1)[0];
    act("offer", saved.side === "both" ? SIDE[position.toMove] : saved.side);
  });
  document.getElementById("live-accept").addEventListener("click", () => act("accept", acceptingSide()));
  document.getElementById("live-resign-yes").addEventListener("click", () => {
    const box = document.getElementById("live-resign-confirm");
    box.hidden = true;
    act("resign", box.dataset.side);
  });
  document.getElementById("live-resign-no").addEventListener("click", () => {
    document.getElementById("live-resign-confirm").hidden = true;
  });
  window.addEventListener("online", sync);
  window.addEventListener("offline", () => { offline = true; render(); });
  sync();
  setInterval(sync, 1000);
  setInterval(() => { if (server) drawClocks(game(), saved.side === "N" ? 1 : 0); }, 250);
})();
