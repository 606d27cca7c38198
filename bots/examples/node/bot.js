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
// request, to FILE (the test suite uses it to check the tracking).  At each game's end it
// writes its time per decision to stderr (a tournament keeps it in the bot's log).
"use strict";

const fs = require("fs");
const readline = require("readline");

const stateLog = process.env.RAILHOUSE_STATE_LOG || "";
const lookahead = process.argv.includes("--lookahead");
const name = lookahead ? "node-lookahead" : "node-random";
let state = null; // the current observation
let limits = { max_per_decision: 0, max_actions: 0 }; // hello.simulate
let search = null; // the lookahead in progress: {request, candidates, sampled, values, waiting}

// RFC 6902 patches if asked for and the library is installed; else our own format.
let jsonPatch = null;
if (process.argv.includes("--rfc6902")) {
  try {
    jsonPatch = require("fast-json-patch");
  } catch (err) {
    process.stderr.write(name + ": fast-json-patch is not installed (npm install in " +
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

function lowest(range) {
  return range.min;
}

function highest(range) {
  const step = range.step || 1;
  return range.min + step * Math.floor((range.max - range.min) / step);
}

// Giving up (conceding, going bankrupt by choice, proposing another winner) only when
// nothing else is legal, as the built-in random bot does.
const GIVING_UP = new Set(["concede", "bankrupt", "propose_winner"]);

function choose(legal) {
  const playing = legal.filter((choice) => !GIVING_UP.has(choice.type));
  const choices = playing.length ? playing : legal;
  return concrete(choices[randomInt(choices.length)]);
}

// A legal choice as an action: without "ranges", each ranged field picked (sampled).
function concrete(choice, pick = sample) {
  const action = Object.assign({}, choice);
  delete action.ranges;
  for (const [field, range] of Object.entries(choice.ranges || {})) {
    action[field] = pick(range);
  }
  return action;
}

// One-ply lookahead: simulate each candidate, value the position reached by the runner's
// scores (own score minus the best other's), answer the best.  The candidates: every legal
// choice, a ranged one at a sampled value, then at its minimum and maximum (a bid, a
// price, a count: often where the value changes), spread over the choices while the
// simulation limit lasts.  Equally good candidates are played as the random bot would:
// one of the sampled ones if any (an extreme is played only when it is strictly better:
// a maximal bid ties with any other until the auction ends, and must not win by chance).
const MAX_CANDIDATES = 24;
const TIME_SHARE = 0.8; // of the request's decision_ms, at most, waiting for simulations

function candidatesOf(legal, budget) {
  const variants = legal.map((choice) => {
    const seen = new Set();
    const list = [];
    for (const pick of [sample, lowest, highest]) {
      const action = concrete(choice, pick);
      const key = JSON.stringify(action);
      if (!seen.has(key)) {
        seen.add(key);
        list.push(action);
      }
    }
    return list;
  });
  const order = legal.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) { // shuffled: which choices a small budget keeps
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const candidates = [];
  const sampled = [];
  for (let round = 0; round < 3; round++) {
    for (const i of order) {
      if (candidates.length < budget && round < variants[i].length) {
        candidates.push(variants[i][round]);
        sampled.push(round === 0);
      }
    }
  }
  return { candidates, sampled };
}

function startSearch(request) {
  const budget = Math.min(MAX_CANDIDATES, limits.max_per_decision);
  const { candidates, sampled } = candidatesOf(request.legal, budget);
  if (candidates.length < 2 || limits.max_actions < 1) return false;
  const values = candidates.map(() => -Infinity);
  search = { request, candidates, sampled, values, waiting: 0 };
  // the clock runs while the runner simulates: answer with what is known by 80% of it
  const ms = TIME_SHARE * ((request.time && request.time.decision_ms) || 1000);
  search.timer = setTimeout(finish, ms);
  candidates.forEach((action, id) => {
    search.waiting += 1;
    clock.simulations += 1;
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
  if (search.waiting === 0) finish();
}

// Answer the best candidate valued so far (the others count as worst); later simulation
// answers of this request find no search and are ignored.
function finish() {
  const { request, candidates, sampled, values, timer } = search;
  clearTimeout(timer);
  search = null;
  const top = Math.max(...values);
  const best = values.flatMap((v, i) => (v === top ? [i] : []));
  const usual = best.filter((i) => sampled[i]);
  const pool = usual.length ? usual : best;
  send({ type: "action", seq: request.seq, action: candidates[pool[randomInt(pool.length)]] });
}

function send(message) {
  if (message.type === "action") clock.answered();
  process.stdout.write(JSON.stringify(message) + "\n");
}

// Time per decision, from the request read to the action written (simulations included),
// reported on stderr at each game's end (the runner keeps it in the bot's log).
const clock = {
  started: 0n, decisions: 0, total: 0, max: 0, simulations: 0,
  asked() {
    this.started = process.hrtime.bigint();
  },
  answered() {
    const ms = Number(process.hrtime.bigint() - this.started) / 1e6;
    this.decisions += 1;
    this.total += ms;
    this.max = Math.max(this.max, ms);
  },
  report() {
    const mean = this.decisions ? this.total / this.decisions : 0;
    process.stderr.write(`${name}: ${this.decisions} decisions, ${mean.toFixed(2)} ms mean, ` +
      `${this.max.toFixed(1)} ms max, ${this.simulations} simulations\n`);
    Object.assign(this, { decisions: 0, total: 0, max: 0, simulations: 0 });
  },
};

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
      send({ type: "ready", name, version: "1",
             protocol: "railhouse/1", patch: jsonPatch ? "rfc6902" : "railhouse" });
      break;
    case "game_start":
      state = message.observation;
      random = seeded(message.seed || 0);
      break;
    case "request":
      clock.asked();
      track(message);
      if (search) clearTimeout(search.timer);
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
      clock.report();
      break;
    case "error":
      if (message.reason === "illegal_simulation") settle(message.id, null);
      else process.stderr.write(`${name}: ${message.reason}: ${message.message}\n`);
      break;
    case "bye":
      input.close();
      break;
  }
});
input.on("close", () => process.exit(0));
