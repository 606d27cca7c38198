// railhouse game viewer: steps through the frames embedded in #game-data.
// Frame k is the position after k actions; the board is rebuilt from per-frame deltas.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("game-data").textContent);
  const frames = data.frames;
  const last = frames.length - 1;
  // Frames store only what changed: the parts (hexes, markets, panels) and the table rows.
  const states = [];
  let acc = {};
  let players = null;
  let companies = null;
  for (const frame of frames) {
    acc = Object.assign({}, acc, frame.parts);
    players = frame.players || players;
    companies = frame.companies || companies;
    states.push({ parts: acc, players: players, companies: companies });
  }
  const $ = (id) => document.getElementById(id);
  const slider = $("slider");
  const shown = {};
  let current = -1;

  const logItems = [];

  function buildLog() {
    // One sentence per action (data.log), grouped under a heading per round (data.rounds);
    // each group is its own list so that its sticky heading gives way to the next one.
    const log = $("log");
    const headings = new Map(data.rounds.map(([index, title]) => [index, title]));
    let group = log;
    data.log.forEach((text, i) => {
      if (headings.has(i) || group === log) {
        const round = document.createElement("li");
        round.className = "group";
        const heading = document.createElement("div");
        heading.className = "round";
        heading.textContent = headings.get(i) || "";
        group = document.createElement("ol");
        round.append(heading, group);
        log.appendChild(round);
      }
      const item = document.createElement("li");
      item.className = "action";
      item.textContent = text;
      item.title = "action " + (i + 1);
      item.dataset.frame = String(i + 1);
      item.addEventListener("click", () => show(i + 1));
      group.appendChild(item);
      logItems.push(item);
    });
  }

  function cell(row, text, className) {
    const td = document.createElement("td");
    td.textContent = text;
    if (className) td.className = className;
    row.appendChild(td);
    return td;
  }

  function playerName(id) {
    const seat = id && id.startsWith("p") ? Number(id.slice(1)) : NaN;
    return Number.isInteger(seat) && data.players[seat] !== undefined ? data.players[seat] : (id || "");
  }

  function fillPlayers(acting, rows) {
    const body = $("players").tBodies[0];
    body.replaceChildren();
    rows.forEach((p, seat) => {
      const row = document.createElement("tr");
      row.dataset.seat = String(seat);
      if (acting === "p" + seat) row.className = "acting";
      cell(row, data.players[seat]);
      cell(row, String(p.cash), "num cash");
      cell(row, Object.entries(p.shares).map(([c, pct]) => c + " " + pct + "%").join(" · "));
      cell(row, String(p.worth), "num worth");
      body.appendChild(row);
    });
  }

  function fillCompanies(acting, rows) {
    const body = $("companies").tBodies[0];
    body.replaceChildren();
    for (const company of data.companies) {
      const c = rows[company.id];
      if (!c) continue;
      const row = document.createElement("tr");
      row.dataset.company = company.id;
      if (acting === company.id) row.className = "acting";
      const chip = cell(row, company.id, "chip");
      chip.style.background = company.fill;
      chip.style.color = company.text;
      cell(row, playerName(c.president));
      cell(row, c.price === null ? "" : String(c.price), "num price");
      cell(row, String(c.cash), "num cash");
      cell(row, c.trains.join(" "));
      cell(row, c.closed ? "closed" : c.floated ? "floated" : "");
      body.appendChild(row);
    }
  }

  function moveCursors(k) {
    for (const chart of document.querySelectorAll("svg .chart")) {
      const cursor = chart.querySelector(".cursor");
      const width = Number(cursor.getAttribute("width"));
      const x = Number(chart.dataset.x0) + k * Number(chart.dataset.dx);
      cursor.setAttribute("x", String(x - width / 2));
    }
  }

  function show(k) {
    k = Math.max(0, Math.min(last, k));
    const state = states[k];
    for (const [part, index] of Object.entries(state.parts)) {
      if (shown[part] === index) continue;
      const slot = part.startsWith("market:") ? $("market-slot-" + part.slice(7)) : $("slot-" + part);
      if (slot) slot.innerHTML = data.fragments[index];
      shown[part] = index;
    }
    const frame = frames[k];
    $("caption").textContent = frame.caption;
    $("step-label").textContent = "action " + k + " / " + last;
    slider.value = String(k);
    fillPlayers(frame.acting, state.players);
    fillCompanies(frame.acting, state.companies);
    moveCursors(k);
    const log = $("log");
    const old = log.querySelector("li.current");
    if (old) old.classList.remove("current");
    if (k > 0) {
      const item = logItems[k - 1];
      item.classList.add("current");
      // Centre the current action in the log (not under a sticky round heading), without
      // scrolling the page itself.
      log.scrollTop = item.offsetTop - log.clientHeight / 2;
    }
    current = k;
    document.body.dataset.frame = String(k);
  }

  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(current - 1));
  $("next").addEventListener("click", () => show(current + 1));
  $("last").addEventListener("click", () => show(last));
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target === slider) return; // the slider steps itself
    const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]);
    }
  });
  buildLog();
  show(last);
})();
