// A worker that runs the WebAssembly build of oware (oware.wasm, with Go's
// wasm_exec.js) and answers the board's calls posted to it. Its role,
// "quick" or "engine", comes in its address (see api-wasm.js).
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

onmessage = (ev) => { if (ready) handle(ev.data); else queue.push(ev.data); };

(async () => {
  const go = new Go();
  go.argv = ['oware', role];
  const bytes = await (await fetch('oware.wasm')).arrayBuffer();
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  go.run(instance);
  ready = true;
  postMessage({ ready: true });
  for (const m of queue.splice(0)) handle(m);
})().catch((e) => postMessage({ fatal: String(e) }));
