/* A remote game's page: the signed-in player's board, pushed by the server.
 *
 * The server is the only judge: the page draws the state each Server-Sent Event brings (the
 * first one on every (re)connection, so that a page that lost the network has its board back
 * at once), counts the running clock down between events, and sends the player's touch as a
 * move naming its ply to the API, which answers the new state. EventSource reconnects by
 * itself; meanwhile the player's clock keeps running on the server.
 */
(function () {
  "use strict";
  const root = document.getElementById("remote-board");
  if (!root) return;
  const text = root.dataset;
  const endingLabels = JSON.parse(document.getElementById("remote-ending-labels").textContent);
  const mine = text.side === "N" ? 1 : 0;
  const LETTERS = ["ABCDEF", "abcdef"];
  let state = null;
  let readAt = 0;
  let connected = false;
  let message = "";
  let sending = false;

  function adopt(next) {
    if (state && next.revision < state.revision) return;  // an older answer arriving late
    state = next;
    readAt = performance.now();
    render();
  }

  function clocks() {
    const left = [state.clocks.south, state.clocks.north];
    const running = state.clocks.running;
    if (running) {
      const side = running === "N" ? 1 : 0;
      left[side] = Math.max(0, left[side] - (performance.now() - readAt) / 1000);
    }
    return left;
  }

  function clockText(seconds) {
    const whole = Math.max(0, Math.ceil(seconds));
    return String(Math.floor(whole / 60)).padStart(2, "0") + ":" + String(whole % 60).padStart(2, "0");
  }

  /** POST `body` to `url` as the signed-in player; the answer's state, or its refusal said. */
  async function send(url, body) {
    sending = true;
    message = "";
    try {
      const response = await fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": text.csrf },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (response.ok) adopt(answer);
      else message = answer.message;
    } catch (error) {
      message = text.textReconnecting;
    } finally {
      sending = false;
      render();
    }
  }

  async function play(letter) {
    if (!state || !state.your_turn || sending) return;
    if (!state.legal_moves.includes(letter)) {
      message = text.textIllegal;
      render();
      return;
    }
    await send(text.movesUrl, { ply: state.ply, move: letter });
  }

  function pitButton(side, i) {
    const letter = LETTERS[side][i];
    const seeds = state.position.pits[side * 6 + i];
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = seeds;
    button.dataset.pit = letter;
    button.setAttribute("aria-label", text.textPit + " " + letter + ", " + seeds + " " + text.textSeeds);
    const playable = side === mine && state.your_turn && state.legal_moves.includes(letter);
    if (playable) button.classList.add("live-legal");
    button.disabled = side !== mine || !state.your_turn;
    button.addEventListener("click", () => play(letter));
    return button;
  }

  function drawClocks() {
    const left = clocks();
    const names = [state.south, state.north];
    [["remote-clock-bottom", mine], ["remote-clock-top", 1 - mine]].forEach(([id, side]) => {
      const clock = document.getElementById(id);
      clock.querySelector(".live-clock-name").textContent = names[side];
      clock.querySelector("output").textContent = clockText(left[side]);
      clock.classList.toggle("live-clock--running", state.clocks.running === "SN"[side]);
    });
  }

  function render() {
    if (!state) {
      document.getElementById("remote-status").textContent = connected ? "" : text.textReconnecting;
      return;
    }
    const top = 1 - mine;
    document.getElementById("remote-row-bottom").replaceChildren(
      ...[0, 1, 2, 3, 4, 5].map((i) => pitButton(mine, i)));
    document.getElementById("remote-row-top").replaceChildren(
      ...[5, 4, 3, 2, 1, 0].map((i) => pitButton(top, i)));
    document.getElementById("remote-store-bottom").textContent = state.position.stores[mine];
    document.getElementById("remote-store-top").textContent = state.position.stores[top];
    drawClocks();
    let status;
    if (state.state !== "playing") {
      status = text.textOver + " (" + (endingLabels[state.ending] || state.ending) + ")";
      if (state.points) status += " " + state.points.join("–");
      if (state.state === "finished") status += " · " + text.textRecorded;
    } else {
      status = state.your_turn ? text.textYourTurn : text.textTheirTurn;
    }
    if (!connected && state.state === "playing") status += " · " + text.textReconnecting;
    if (message) status += " · " + message;
    document.getElementById("remote-status").textContent = status;
    document.getElementById("remote-record").textContent = state.record || state.moves.join(" ");
    document.getElementById("remote-resign").disabled = state.state !== "playing";
    if (state.state !== "playing") document.getElementById("remote-resign-confirm").hidden = true;
    root.dataset.revision = state.revision;
    root.dataset.state = state.state;
  }

  const resign = document.getElementById("remote-resign");
  const confirmBox = document.getElementById("remote-resign-confirm");
  resign.addEventListener("click", () => { confirmBox.hidden = false; });
  document.getElementById("remote-resign-no").addEventListener("click", () => { confirmBox.hidden = true; });
  document.getElementById("remote-resign-yes").addEventListener("click", () => {
    confirmBox.hidden = true;
    send(resign.dataset.url, {});
  });

  const source = new EventSource(text.streamUrl);
  source.addEventListener("state", (event) => {
    connected = true;
    adopt(JSON.parse(event.data));
    if (state.state !== "playing") source.close();  // the game is over: nothing more will come
  });
  source.addEventListener("open", () => { connected = true; render(); });
  source.addEventListener("error", () => {
    connected = false;
    render();
  });
  setInterval(() => { if (state) drawClocks(); }, 250);
  render();
})();
