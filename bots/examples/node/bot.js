#!/usr/bin/env node
// A random railhouse/1 bot in plain Node.js (no dependencies).
//
// Run: node bot.js            (the runner starts it and talks over stdin/stdout)
// It answers every request with a random legal action, sampling ranged fields, and keeps
// the public observation up to date from the deltas (see applyPatch) without any rules
// engine.  Set RAILHOUSE_STATE_LOG=FILE to append the tracked state, one JSON line per
// request, to FILE (the test suite uses it to check the tracking).
"use strict";

const fs = require("fs");
const readline = require("readline");

const stateLog = process.env.RAILHOUSE_STATE_LOG || "";
let state = null; // the current observation

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

function randomInt(n) {
  return Math.floor(Math.random() * n);
}

// Small ranges uniformly; wide ones (bids, prices) mostly near the minimum.
function sample(range) {
  const step = range.step || 1;
  const count = Math.floor((range.max - range.min) / step) + 1;
  if (count <= 8 || Math.random() < 0.2) return range.min + step * randomInt(count);
  return range.min + step * Math.min(count - 1, Math.floor(-Math.log(1 - Math.random())));
}

function choose(legal) {
  const choice = legal[randomInt(legal.length)];
  const action = Object.assign({}, choice);
  delete action.ranges;
  for (const [field, range] of Object.entries(choice.ranges || {})) {
    action[field] = sample(range);
  }
  return action;
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function track(message) {
  if (message.observation) state = message.observation; // "full" mode or game_start
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
      send({ type: "ready", name: "node-random", version: "1", protocol: "railhouse/1" });
      break;
    case "game_start":
      state = message.observation;
      break;
    case "request":
      track(message);
      send({ type: "action", seq: message.seq, action: choose(message.legal) });
      break;
    case "game_over":
      track(message);
      break;
    case "error":
      process.stderr.write(`node-random: ${message.reason}: ${message.message}\n`);
      break;
    case "bye":
      input.close();
      break;
  }
});
input.on("close", () => process.exit(0));
