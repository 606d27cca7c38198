#!/usr/bin/env node
// A random railhouse/1 bot in plain Node.js (no dependencies).
//
// Run: node bot.js            (the runner starts it and talks over stdin/stdout)
//      node bot.js --lookahead (one-ply lookahead through the runner's `simulate`)
//      node bot.js --rfc6902  (deltas as RFC 6902 JSON Patch, applied by the fast-json-patch
//                              package: run `npm install` in this directory first)
// It answers every request with a random legal action, sampling ranged fields, and keeps
// the public observation up to date from the deltas (see applyPatch) without any rules
// engine.  Its random choices come from a small seeded generator (mulberry32), reseeded
// with game_start's `seed` at every game, so a tournament with the same seed plays the
// same games.  Set RAILHOUSE_STATE_LOG=FILE to append the tracked state, one JSON line per
// request, to FILE (the test suite uses it to check the tracking).
"use strict";

const fs = require("fs");
const readline = require("readline");

const stateLog = process.env.RAILHOUSE_STATE_LOG || "";
const lookahead = process.argv.includes("--lookahead");
let state = null; // the current observation
let limits = { max_per_decision: 0, max_actions: 0 }; // hello.simulate
let search = null; // the lookahead in progress: {request, candidates, values, waiting}

// RFC 6902 patches if asked for and the library is installed; else our own format.
let jsonPatch = null;
if (process.argv.includes("--rfc6902")) {
  try {
    jsonPatch = require("fast-json-patch");
  } catch (err) {
    process.stderr.write("node-random: fast-json-patch is not installed (npm install in " +
      __dirname + "); reading railhouse patches instead\n");
  }
}

// Apply a patch: [{op: "set"|"del", path: [...], value}], in order.
function applyPatch(root, patch) {
  for (const op of patch) {
    let node = root;
    for (const key of op.path.slice(0, -1)) node = node[key];
    const last = op.path[op.path.length - 1];
    if (op.op === "set") {
      if (Array.isArray(node) && last === node.length) node.push(op.value);
      else node[last] = op.value;
    } else if (op.op === "del") {
      if (Array.isArray(node)) node.splice(last, 1);
      else delete node[last];
    } else {
      throw new Error("unknown patch op " + op.op);
    }
  }
}

// mulberry32: a tiny seeded generator of floats in [0, 1) (Math.random cannot be seeded).
function seeded(seed) {
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
let random = seeded(Date.now());

function randomInt(n) {
  return Math.floor(random() * n);
}

// Small ranges uniformly; wide ones (bids, prices) mostly near the minimum.
function sample(range) {
  const step = range.step || 1;
  const count = Math.floor((range.max - range.min) / step) + 1;
  if (count <= 8 || random() < 0.2) return range.min + step * randomInt(count);
  return range.min + step * Math.min(count - 1, Math.floor(-Math.log(1 - random())));
}

// Giving up (conceding, going bankrupt by choice, proposing another winner) only when
// nothing else is legal, as the built-in random bot does.
const GIVING_UP = new Set(["concede", "bankrupt", "propose_winner"]);

function choose(legal) {
  const playing = legal.filter((choice) => !GIVING_UP.has(choice.type));
  const choices = playing.length ? playing : legal;
  return concrete(choices[randomInt(choices.length)]);
}

// A legal choice as an action: without "ranges", each ranged field sampled.
function concrete(choice) {
  const action = Object.assign({}, choice);
  delete action.ranges;
  for (const [field, range] of Object.entries(choice.ranges || {})) {
    action[field] = sample(range);
  }
  return action;
}

// One-ply lookahead: simulate each candidate (every legal choice, ranged fields sampled),
// value the position reached by the runner's scores (own score minus the best other's),
// answer the best.  Candidates beyond the simulation limit are not considered.
const MAX_CANDIDATES = 24;

function startSearch(request) {
  const budget = Math.min(MAX_CANDIDATES, limits.max_per_decision);
  let candidates = request.legal.map(concrete);
  while (candidates.length > budget) candidates.splice(randomInt(candidates.length), 1);
  if (candidates.length < 2 || limits.max_actions < 1) return false;
  search = { request, candidates, values: candidates.map(() => -Infinity), waiting: 0 };
  candidates.forEach((action, id) => {
    search.waiting += 1;
    send({ type: "simulate", seq: request.seq, id, actions: [action] });
  });
  return true;
}

function value(scores, seat) {
  if (!scores || scores.length <= seat) return 0;
  const others = scores.filter((_, i) => i !== seat);
  return scores[seat] - (others.length ? Math.max(...others) : 0);
}

function settle(id, simulation) {
  if (!search || search.request.seq !== (simulation ? simulation.seq : search.request.seq)) return;
  if (simulation) search.values[id] = value(simulation.scores, search.request.seat);
  search.waiting -= 1;
  if (search.waiting > 0) return;
  const best = search.values.indexOf(Math.max(...search.values));
  const { request, candidates } = search;
  search = null;
  send({ type: "action", seq: request.seq, action: candidates[best] });
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function track(message) {
  if (message.observation) state = message.observation; // "full" mode or game_start
  else if (jsonPatch) state = jsonPatch.applyPatch(state, message.delta.patch).newDocument;
  else applyPatch(state, message.delta.patch);
  if (stateLog && message.type === "request") {
    fs.appendFileSync(stateLog, JSON.stringify({ seq: message.seq, state: state }) + "\n");
  }
}

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      limits = message.simulate || limits;
      send({ type: "ready", name: lookahead ? "node-lookahead" : "node-random", version: "1",
             protocol: "railhouse/1", patch: jsonPatch ? "rfc6902" : "railhouse" });
      break;
    case "game_start":
      state = message.observation;
      random = seeded(message.seed || 0);
      break;
    case "request":
      track(message);
      search = null; // a fresh request (a retry) abandons any lookahead in progress
      if (!(lookahead && startSearch(message))) {
        send({ type: "action", seq: message.seq, action: choose(message.legal) });
      }
      break;
    case "simulation":
      settle(message.id, message);
      break;
    case "game_over":
      track(message);
      break;
    case "error":
      if (message.reason === "illegal_simulation") settle(message.id, null);
      else process.stderr.write(`node-random: ${message.reason}: ${message.message}\n`);
      break;
    case "bye":
      input.close();
      break;
  }
});
input.on("close", () => process.exit(0));
