// A worker that runs the WebAssembly build of oware (oware.wasm, with Go's
// wasm_exec.js) and answers the board's calls posted to it. Its role,
// "quick" or "engine", comes in its address, and its first message is the
// compiled module (see api-wasm.js).
importScripts('wasm_exec.js');

const role = new URL(self.location.href).searchParams.get('role') || 'quick';
const queue = [];
let ready = false;

function handle(m) {
  if (m.stop) { self.owareStop(m.stop); return; }
  if (m.name === 'analyze') {
    self.owareAnalyze(m.id, m.req, (kind, data) => postMessage({ id: m.id, kind, data }));
    return;
  }
  self.owareCall(m.name, m.req, (err, data) => {
    postMessage(err ? { id: m.id, kind: 'error', data: err } : { id: m.id, kind: 'answer', data });
  });
}

async function run(module) {
  const go = new Go();
  go.argv = ['oware', role];
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance);
  ready = true;
  postMessage({ ready: true });
  for (const m of queue.splice(0)) handle(m);
}

onmessage = (ev) => {
  if (ev.data.module) {
    run(ev.data.module).catch((e) => postMessage({ fatal: String(e) }));
    return;
  }
  if (ready) handle(ev.data);
  else queue.push(ev.data);
};
