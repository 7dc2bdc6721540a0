// The Oware analysis board. Everything about the rules comes from the
// backend (backend.js: oware serve over HTTP, or the WebAssembly build in
// workers), through a few calls: hello, view, play, tables, move, load,
// save, and the analysis stream. The pictures are package svg's. This
// script keeps the game tree, the controls and the clock.

import { connect } from './backend.js';

const $ = (id) => document.getElementById(id);

// A node of the game tree: the move that leads to it from its parent.
class Node {
  constructor(parent, move) {
    this.parent = parent;
    this.move = move; // a pit letter, or null at the root
    this.children = []; // the first is the main line
    this.ply = parent ? parent.ply + 1 : 0;
  }
  line() {
    const moves = [];
    for (let n = this; n.parent; n = n.parent) moves.push(n.move);
    return moves.reverse().join('');
  }
}

const state = {
  api: null,
  hello: null,
  rules: '',
  start: '',
  tags: [],
  root: null,
  cur: null,
  side: 'S', // drawn at the bottom
  view: null,
  busy: 0,
  anim: 0, // the current animation's token; a new one ends it
  analysis: null,
  engineToken: 0,
  clock: null, // {South: ms, North: ms left, at: the last tick, turn: the side whose clock runs after a move, flag: the side whose time is up}
};

// busy counts the work under way, so that tests (and people) can tell
// when the board is settled: body[data-busy] is 0 then.
async function busy(f) {
  state.busy++;
  document.body.dataset.busy = String(state.busy);
  try {
    return await f();
  } finally {
    state.busy--;
    document.body.dataset.busy = String(state.busy);
  }
}

function lineOf(node) {
  const l = { rules: state.rules, moves: node.line() };
  if (state.start) l.start = state.start;
  return l;
}

const letter = (pit) => String.fromCharCode(pit < 6 ? 65 + pit : 97 + pit - 6);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function say(text) { $('message').textContent = text; }

// show draws a view: the board, the caption, the move list and the rest.
function show(view, caption) {
  state.view = view;
  const board = $('board');
  const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('#board [data-pit]');
  const focusPit = focused ? focused.dataset.pit : null;
  board.innerHTML = view.svg;
  board.dataset.board = view.board;
  board.dataset.position = view.position;
  if (focusPit !== null) {
    const again = board.querySelector(`[data-pit="${focusPit}"][tabindex]`) || board.querySelector('[data-pit][tabindex]');
    if (again) again.focus();
  }
  if (caption !== undefined) $('caption').textContent = caption;
  $('position').value = view.position;
  showOutcome();
  showMoves();
  $('back').disabled = $('first').disabled = !state.cur.parent;
  $('forward').disabled = $('last').disabled = state.cur.children.length === 0;
  $('undo').disabled = !state.cur.parent;
}

// showOutcome shows the end of the game: by the rules, or on time.
function showOutcome() {
  const o = state.view && state.view.outcome;
  $('outcome').textContent = o ? 'Game over: ' + o.text : onTime() ? 'Game over: ' + onTime() : '';
}

function showMoves() {
  const list = $('movelist');
  list.textContent = '';
  const add = (node, parent, withNumber) => {
    if (node.ply % 2 === 1 || withNumber) {
      const n = document.createElement('span');
      n.textContent = `${Math.ceil(node.ply / 2)}${node.ply % 2 === 1 ? '.' : '…'} `;
      parent.append(n);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = node.move;
    b.setAttribute('aria-label', `ply ${node.ply}: ${node.move}`);
    if (node === state.cur) b.setAttribute('aria-current', 'true');
    b.addEventListener('click', () => goTo(node));
    parent.append(b, ' ');
  };
  const walk = (node, parent, withNumber) => {
    // node's main line, with the variations of each move in parentheses.
    let n = node;
    let number = withNumber;
    while (n.children.length > 0) {
      const [main, ...others] = n.children;
      add(main, parent, number);
      number = false;
      for (const v of others) {
        const span = document.createElement('span');
        span.className = 'ui-variation';
        span.append('( ');
        add(v, span, true);
        walk(v, span, false);
        span.append(') ');
        parent.append(span);
        number = true;
      }
      n = main;
    }
  };
  walk(state.root, list, true);
}

async function call(name, req) {
  return busy(() => state.api.call(name, req));
}

// goTo shows the position of node.
async function goTo(node, caption) {
  stopAnimation();
  state.cur = node;
  const view = await call('view', { line: lineOf(node), side: state.side });
  if (state.cur !== node) return;
  say('');
  show(view, caption !== undefined ? caption : view.effect ? view.effect.caption : 'The game starts.');
  if (state.clock) state.clock.turn = null; // the clock follows the position shown
  settled();
}

function stopAnimation() { state.anim++; }

// play plays letter at the current node: as a new move, or the one that is
// there already; an illegal move is answered with its rule.
async function play(move) {
  if (state.view && state.view.outcome) {
    say(`D5: the game is over (${state.view.outcome.text}); no move can be played`);
    return;
  }
  if (onTime()) {
    say(`The game is over: ${onTime()}; no move can be played until a new game or another clock.`);
    return;
  }
  stopAnimation();
  const node = state.cur;
  const speed = Number($('speed').value);
  const v = await call('play', { line: lineOf(node), move, side: state.side, steps: speed > 0 });
  if (state.cur !== node) return;
  if (v.illegal) {
    say(v.illegal.message);
    return;
  }
  if (onTime()) { // the time ran out while the move was on its way
    say(`The game is over: ${onTime()}; no move can be played until a new game or another clock.`);
    return;
  }
  say('');
  clockMoved(v.effect.player);
  let child = node.children.find((c) => c.move === v.effect.move);
  if (!child) {
    child = new Node(node, v.effect.move);
    node.children.push(child);
  }
  state.cur = child;
  if (speed > 0 && v.steps) await animate(v.steps, speed);
  if (state.cur !== child) return;
  show(v, v.effect.caption);
  settled();
}

// animate shows the steps of a move one after the other, unless another
// action ends it.
async function animate(steps, speed) {
  const token = ++state.anim;
  await busy(async () => {
    for (const s of steps.slice(0, -1)) {
      if (state.anim !== token) return;
      $('board').innerHTML = s.svg;
      $('caption').textContent = s.caption;
      await sleep(speed);
    }
  });
}

// settled is called once a position is shown: the tables, the analysis,
// the engine's move.
function settled() {
  updateTables();
  restartAnalysis();
  engineTurn();
  showClock();
}

async function updateTables() {
  const node = state.cur;
  const text = $('tables-text');
  const list = $('table-moves');
  let t;
  try {
    t = await call('tables', { line: lineOf(node) });
  } catch (e) {
    text.textContent = String(e.message || e);
    return;
  }
  if (state.cur !== node) return;
  list.textContent = '';
  if (t.status === 'solving') {
    text.textContent = 'Solving the endgame tables…';
    setTimeout(() => { if (state.cur === node) updateTables(); }, 1000);
    return;
  }
  if (!t.tables) {
    text.textContent = t.status === 'none' ? 'No endgame tables under these rules.'
      : t.status === 'ready' ? `Not in the tables (up to ${t.seeds} seeds on the board).` : t.status;
    return;
  }
  text.textContent = t.tables.text + (t.tables.afresh ? ' (as if this position were met afresh: an earlier one may recur)' : '');
  for (const m of t.tables.moves) {
    const li = document.createElement('li');
    li.textContent = `${m.move}: ${m.text}`;
    if (m.best) li.className = 'ui-best';
    list.append(li);
  }
}

function restartAnalysis() {
  if (state.analysis) {
    state.analysis.stop();
    state.analysis = null;
  }
  const on = $('analyze').checked;
  $('evalbar').hidden = !on;
  if (!on) {
    $('analysis-status').textContent = '';
    $('lines').textContent = '';
    return;
  }
  if (!state.view || state.view.outcome) {
    $('analysis-status').textContent = 'The game is over.';
    $('lines').textContent = '';
    return;
  }
  const node = state.cur;
  $('analysis-status').textContent = 'Thinking…';
  const handle = state.api.analyze({ line: lineOf(node) }, (a) => {
    if (state.cur !== node) return;
    showAnalysis(a);
  });
  state.analysis = handle;
  handle.done.catch((e) => {
    if (state.analysis === handle) $('analysis-status').textContent = String(e.message || e);
  });
}

function showAnalysis(a) {
  const sec = (a.ms / 1000).toFixed(1);
  $('analysis-status').textContent = `Depth ${a.depth}, ${a.nodes.toLocaleString('en')} positions in ${sec} s` +
    (a.nps ? ` (${Math.round(a.nps / 1000).toLocaleString('en')}k a second)` : '') + (a.done ? (a.stopped ? ', stopped' : ', done') : '');
  // One line for each move the engine analysed, the best first: its
  // score, then the line of play that starts with it.
  const lines = $('lines');
  lines.textContent = '';
  for (const l of a.lines) {
    const li = document.createElement('li');
    li.textContent = `${l.text}: ${(l.pv.length ? l.pv : [l.move]).join(' ')}`;
    li.dataset.move = l.move;
    li.dataset.kind = l.kind;
    lines.append(li);
  }
  const share = Math.round(a.bar * 100);
  $('evalbar-south').style.width = share + '%';
  $('evalbar').setAttribute('aria-valuenow', String(share));
  $('evalbar').setAttribute('aria-valuetext', a.lines.length ? a.lines[0].text : '');
}

// engineTurn asks the engine for its move when it is to play.
async function engineTurn() {
  const side = $('engine-side').value;
  const view = state.view;
  if (!side || !view || view.outcome || view.toMove !== side || onTime()) return;
  const node = state.cur;
  const token = ++state.engineToken;
  let ms = Number($('movetime').value);
  if (state.clock) ms = Math.max(50, Math.min(ms, state.clock[side] / 20));
  const level = Number($('level').value);
  const elo = Number($('elo').value);
  let answer;
  try {
    answer = await call('move', { line: lineOf(node), level, ms: Math.round(ms), elo });
  } catch (e) {
    say(String(e.message || e));
    return;
  }
  if (state.cur !== node || token !== state.engineToken || $('engine-side').value !== side) return;
  await play(answer.move);
}

// The clock: each side's time runs while it is to move, from the moment
// the other's move is made; a side whose time is up loses the game.
function startClock() {
  const secs = Number($('clock').value);
  state.clock = secs ? { South: secs * 1000, North: secs * 1000, at: performance.now(), turn: null, flag: null } : null;
  showClock();
}

// clockChanged starts the clock chosen, afresh, in the game shown.
function clockChanged() {
  state.engineToken++;
  startClock();
  showOutcome();
  say('');
  engineTurn();
}

// tick charges the time since the last tick to the side whose clock runs:
// the one to move in the position shown, or the one that moves next once
// a move is made (turn).
function tick() {
  const c = state.clock;
  if (!c) return;
  const now = performance.now();
  if (c.flag || !state.view || state.view.outcome) {
    c.at = now;
    return;
  }
  const side = c.turn || state.view.toMove;
  c[side] -= now - c.at;
  c.at = now;
  if (c[side] <= 0) {
    c[side] = 0;
    c.flag = side;
    state.engineToken++; // a move the engine is searching comes too late
    say(`${side}'s time is up: ${other(side)} wins on time.`);
    showOutcome();
  }
  showClock();
}

// clockMoved stops the clock of player, who has just moved, and starts
// the other's.
function clockMoved(player) {
  const c = state.clock;
  if (!c || c.flag) return;
  c.turn = player;
  tick();
  if (!c.flag) c.turn = other(player);
}

// onTime says who won on time, or is empty while the clocks run.
function onTime() {
  const c = state.clock;
  return c && c.flag ? `${other(c.flag)} wins on time (${c.flag}'s time is up)` : '';
}

function showClock() {
  const c = state.clock;
  for (const side of ['South', 'North']) {
    const el = $('clock-' + side);
    if (!c) {
      el.textContent = '';
      delete el.dataset.ms;
      el.classList.remove('ui-running');
      continue;
    }
    const s = Math.ceil(c[side] / 1000);
    el.textContent = `${side} ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    el.dataset.ms = String(Math.round(c[side])); // the time left, for the tests
    el.classList.toggle('ui-running', Boolean(state.view && !state.view.outcome && !c.flag && (c.turn || state.view.toMove) === side));
  }
}

async function newGame(rules, start, moves, tags) {
  stopAnimation();
  state.rules = rules || $('rules').value;
  state.start = start || '';
  state.tags = tags || [];
  state.root = new Node(null, null);
  let node = state.root;
  for (const m of moves || '') {
    const child = new Node(node, m);
    node.children.push(child);
    node = child;
  }
  $('rules').value = state.rules;
  startClock();
  await goTo(node);
  // The player to move at the start, from the one at the end of the line.
  const last = state.view ? state.view.toMove : 'South';
  state.startMover = node.ply % 2 === 0 ? last : other(last);
}

const other = (player) => (player === 'South' ? 'North' : 'South');

async function undo() {
  let node = state.cur;
  if (!node.parent) return;
  const engine = $('engine-side').value;
  const drop = (n) => {
    const p = n.parent;
    p.children = p.children.filter((c) => c !== n || c.children.length > 0);
    return p;
  };
  node = drop(node);
  // Against the engine, take back its reply too, to the player's turn.
  if (engine && node.parent && state.view && moverAt(node) === engine) node = drop(node);
  state.engineToken++;
  await goTo(node, 'Move taken back.');
}

// moverAt returns the player to move at node, from the position at the
// start: plies alternate.
function moverAt(node) {
  const first = state.startMover || 'South';
  return node.ply % 2 === 0 ? first : other(first);
}

async function load(text) {
  const msg = $('record-message');
  if (text.length > 1 << 20) {
    msg.textContent = 'The text is longer than 1 MB.';
    return;
  }
  try {
    const got = await call('load', { text });
    await newGame(got.line.rules, got.line.start || '', got.line.moves || '', got.tags);
    msg.textContent = got.kind === 'position' ? 'Position loaded.' : `Game loaded: ${got.line.moves ? got.line.moves.length : 0} moves.`;
  } catch (e) {
    msg.textContent = String(e.message || e);
  }
}

async function save() {
  // The line through the current move, to the end of its main line.
  let end = state.cur;
  while (end.children.length > 0) end = end.children[0];
  const got = await call('save', { line: lineOf(end), tags: state.tags });
  $('record').value = got.ogn;
  const a = $('download');
  if (a.href.startsWith('blob:')) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([got.ogn], { type: 'text/plain' }));
  a.hidden = false;
  $('record-message').textContent = 'Saved: the record is in the box above, and ready to download.';
}

function onKey(e) {
  const t = e.target;
  if (t && (t.closest('input, textarea, select') || (t.closest('button') && (e.key === 'Enter' || e.key === ' ')))) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const pit = t && t.closest && t.closest('#board [data-pit]');
  if (pit && (e.key === 'Enter' || e.key === ' ')) {
    e.preventDefault();
    play(letter(Number(pit.dataset.pit)));
    return;
  }
  const k = e.key;
  if (/^[a-fA-F]$/.test(k) && state.view) {
    e.preventDefault();
    play(state.view.toMove === 'South' ? k.toUpperCase() : k.toLowerCase());
    return;
  }
  switch (k) {
    case 'ArrowLeft': if (state.cur.parent) goTo(state.cur.parent); break;
    case 'ArrowRight': if (state.cur.children.length) goTo(state.cur.children[0]); break;
    case 'Home': goTo(state.root); break;
    case 'End': { let n = state.cur; while (n.children.length) n = n.children[0]; goTo(n); break; }
    case 'u': case 'U': undo(); break;
    default: return;
  }
  e.preventDefault();
}

async function main() {
  try {
    state.api = await connect((status) => { $('backend').textContent = status; });
    state.hello = await state.api.call('hello', {});
  } catch (e) {
    $('backend').textContent = 'The board cannot start: ' + (e.message || e);
    document.body.dataset.busy = '0';
    return;
  }
  const h = state.hello;
  $('backend').textContent = h.backend === 'wasm' ? 'In your browser (WebAssembly): no server.' : 'Served by oware serve.';
  for (const name of h.presets) $('rules').append(new Option(name, name, name === h.rules, name === h.rules));
  for (const l of [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, h.maxLevel]) {
    $('level').append(new Option(l === h.maxLevel ? `${l} plies (full strength)` : `${l} ${l === 1 ? 'ply' : 'plies'}`, String(l), l === 12, l === 12));
  }
  // The engine's calibrated strengths (engine.Limits.Elo), full strength
  // first.
  $('elo').append(new Option('full', '0', true, true));
  for (let e = Math.ceil(h.minElo / 400) * 400; e < h.maxElo; e += 400) {
    $('elo').append(new Option(`${e} Elo`, String(e)));
  }
  $('board').addEventListener('click', (e) => {
    const pit = e.target.closest('[data-pit]');
    if (pit) play(letter(Number(pit.dataset.pit)));
  });
  document.addEventListener('keydown', onKey);
  $('new').addEventListener('click', () => newGame($('rules').value));
  $('rules').addEventListener('change', () => newGame($('rules').value));
  $('flip').addEventListener('click', () => {
    state.side = state.side === 'S' ? 'N' : 'S';
    $('flip').setAttribute('aria-pressed', String(state.side === 'N'));
    goTo(state.cur, $('caption').textContent);
  });
  $('first').addEventListener('click', () => goTo(state.root));
  $('back').addEventListener('click', () => state.cur.parent && goTo(state.cur.parent));
  $('forward').addEventListener('click', () => state.cur.children.length && goTo(state.cur.children[0]));
  $('last').addEventListener('click', () => { let n = state.cur; while (n.children.length) n = n.children[0]; goTo(n); });
  $('undo').addEventListener('click', undo);
  $('analyze').addEventListener('change', restartAnalysis);
  $('engine-side').addEventListener('change', () => { state.engineToken++; engineTurn(); });
  $('clock').addEventListener('change', clockChanged);
  $('load').addEventListener('click', () => load($('record').value));
  $('file').addEventListener('change', async () => {
    const f = $('file').files[0];
    if (!f) return;
    if (f.size > 1 << 20) { $('record-message').textContent = 'The file is larger than 1 MB.'; return; }
    const text = await f.text();
    $('record').value = text;
    load(text);
  });
  $('save').addEventListener('click', save);
  setInterval(tick, 200);
  await newGame(h.rules);
}

main();
