/* The rules of a move in the browser: a small port of the legal-move logic of `oware`
 * (sowing, captures, grand slam per variant, must-feed, singleton, end of the game).
 *
 * A plain script with no build step: in a page it defines `window.Oware`; under Node it is a
 * CommonJS module. The server replays every move with the Python engine, so this copy only has to
 * agree with it (tests/oware/test_browser_engine.py checks it on the whole reference corpus).
 *
 * A position is {pits: [12 counts], stores: [South, North], toMove: 0 (South) | 1 (North)}.
 * Pits 0–5 are South's A–F, 6–11 North's a–f, each row from its owner's left; moves are
 * mover-relative (0–5 from the mover's left), as in the Python engine.
 */
(function (root) {
  "use strict";

  const ROW = 6;
  const PITS = 12;
  const SEEDS = 48;
  const HALF = SEEDS / 2;

  // grandSlam: "sows_only" (legal, nothing captured), "forbidden" (illegal), "moves_again"
  // (captures everything and the mover plays again). noMoves: who takes the seeds left.
  const VARIANTS = {
    "abapa": { grandSlam: "sows_only", singleton: false, noMoves: "own_rows" },
    "grand-slam-forbidden": { grandSlam: "forbidden", singleton: false, noMoves: "own_rows" },
    "ouri": { grandSlam: "moves_again", singleton: true, noMoves: "unfed_takes_all" },
  };

  function start() {
    return { pits: new Array(PITS).fill(4), stores: [0, 0], toMove: 0 };
  }

  function rowTotal(pits, side) {
    let total = 0;
    for (let i = side * ROW; i < side * ROW + ROW; i++) total += pits[i];
    return total;
  }

  /** "capture" when a store holds more than half the seeds, "draw24" when both hold half. */
  function captureEnding(position) {
    const [south, north] = position.stores;
    if (south > HALF || north > HALF) return "capture";
    if (south === HALF && north === HALF) return "draw24";
    return null;
  }

  /** Play mover-relative `move`: {reason: null | code, position, captured}. Reason codes and
   * their order are the Python engine's: no_such_pit, empty_pit, singleton, must_feed,
   * grand_slam. Does not check whether the game is over. */
  function attempt(position, move, variantName) {
    const variant = VARIANTS[variantName || "abapa"];
    const side = position.toMove;
    const refuse = (reason) => ({ reason, position, captured: 0 });
    if (!Number.isInteger(move) || move < 0 || move >= ROW) return refuse("no_such_pit");
    const pit = side * ROW + move;
    const seeds = position.pits[pit];
    if (seeds === 0) return refuse("empty_pit");
    if (variant.singleton && seeds === 1) {
      for (let i = side * ROW; i < side * ROW + ROW; i++) {
        if (position.pits[i] > 1) return refuse("singleton");
      }
    }
    const opponent = 1 - side;
    if (rowTotal(position.pits, opponent) === 0 && seeds < ROW - move) return refuse("must_feed");
    const sown = position.pits.slice();
    sown[pit] = 0;
    let current = pit;
    for (let left = seeds; left > 0;) {
      current = (current + 1) % PITS;
      if (current === pit) continue; // the emptied pit is skipped on every lap
      sown[current] += 1;
      left -= 1;
    }
    const after = sown.slice();
    let captured = 0;
    let last = current;
    while (last >= opponent * ROW && last < opponent * ROW + ROW &&
           (after[last] === 2 || after[last] === 3)) {
      captured += after[last];
      after[last] = 0;
      last -= 1;
    }
    let again = false;
    if (captured && rowTotal(after, opponent) === 0) {
      if (variant.grandSlam === "forbidden") return refuse("grand_slam");
      if (variant.grandSlam === "sows_only") {
        return { reason: null, captured: 0,
                 position: { pits: sown, stores: position.stores.slice(), toMove: opponent } };
      }
      again = true;
    }
    const stores = position.stores.slice();
    stores[side] += captured;
    return { reason: null, captured,
             position: { pits: after, stores, toMove: again ? side : opponent } };
  }

  /** The mover-relative pits the player to move may play; [] when the game is over. */
  function legalMoves(position, variantName) {
    if (captureEnding(position)) return [];
    const moves = [];
    for (let move = 0; move < ROW; move++) {
      if (attempt(position, move, variantName).reason === null) moves.push(move);
    }
    return moves;
  }

  /** The ending the moves themselves give ("capture", "draw24", "no_moves") or null. */
  function ending(position, variantName) {
    return captureEnding(position) || (legalMoves(position, variantName).length ? null : "no_moves");
  }

  /** Final [South, North] stores once the game ended with `how` (as the Python `settle`). */
  function settle(position, how, variantName) {
    const variant = VARIANTS[variantName || "abapa"];
    const [south, north] = position.stores;
    const onSouth = rowTotal(position.pits, 0);
    const onNorth = rowTotal(position.pits, 1);
    if (how === "agreed" || (how === "no_moves" && variant.noMoves === "own_rows")) {
      return [south + onSouth, north + onNorth];
    }
    if (how === "no_moves") {
      return position.toMove === 0 ? [south, north + onSouth + onNorth]
                                   : [south + onSouth + onNorth, north];
    }
    return [south, north];
  }

  /** Replay `moves` from the opening: {positions, legal (per position), error: null |
   * {ply, reason}}. Stops at the first illegal move. */
  function replay(moves, variantName) {
    let position = start();
    const positions = [position];
    const legal = [legalMoves(position, variantName)];
    for (let i = 0; i < moves.length; i++) {
      if (ending(position, variantName)) {
        return { positions, legal, error: { ply: i + 1, reason: "game_over" } };
      }
      const tried = attempt(position, moves[i], variantName);
      if (tried.reason) return { positions, legal, error: { ply: i + 1, reason: tried.reason } };
      position = tried.position;
      positions.push(position);
      legal.push(legalMoves(position, variantName));
    }
    return { positions, legal, error: null };
  }

  const Oware = { ROW, PITS, SEEDS, VARIANTS, start, attempt, legalMoves, captureEnding, ending,
                  settle, replay };
  if (typeof module !== "undefined" && module.exports) module.exports = Oware;
  else root.Oware = Oware;
})(typeof window !== "undefined" ? window : globalThis);
