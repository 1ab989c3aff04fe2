// Reads JSON lines {id, variant, moves} on standard input and writes, per line,
// {id, legal: [[moves] per position], board: [14 integers after the last legal ply], error}
// computed by the browser engine (games/static/games/oware.js).
"use strict";
const path = require("path");
const Oware = require(path.resolve(__dirname, "../../games/static/games/oware.js"));

let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const out = [];
  for (const line of input.split("\n")) {
    if (!line.trim()) continue;
    const game = JSON.parse(line);
    const done = Oware.replay(game.moves, game.variant);
    const last = done.positions[done.positions.length - 1];
    out.push(JSON.stringify({ id: game.id, legal: done.legal,
                              board: [...last.pits, ...last.stores], error: done.error }));
  }
  process.stdout.write(out.join("\n") + "\n");
});
