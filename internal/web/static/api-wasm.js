// The board's calls answered in the browser by the WebAssembly build of
// oware (oware.wasm), with no server: the same calls as api-server.js.
// Two workers run it, so that the page never waits on a search: "quick"
// answers the calls about positions and records at once, "engine"
// solves the endgame tables when it starts, searches moves and analyses.

function start(role, module) {
  const worker = new Worker('worker.js?role=' + role);
  worker.postMessage({ module });
  const pending = new Map();
  let next = 1;
  const ready = new Promise((resolve, reject) => {
    worker.onmessage = (ev) => {
      const m = ev.data;
      if (m.ready) { resolve(); return; }
      if (m.fatal) { reject(new Error(m.fatal)); return; }
      const p = pending.get(m.id);
      if (!p) return;
      if (m.kind === 'answer') { pending.delete(m.id); p.resolve(JSON.parse(m.data)); }
      else if (m.kind === 'update') p.onUpdate(JSON.parse(m.data));
      else if (m.kind === 'error') { pending.delete(m.id); p.reject(new Error(m.data)); }
      else if (m.kind === 'end') { pending.delete(m.id); p.resolve(); }
    };
    worker.onerror = (e) => reject(new Error(e.message || 'the worker failed'));
  });
  return {
    ready,
    call(name, req) {
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, name, req: JSON.stringify(req) });
      });
    },
    analyze(req, onUpdate) {
      const id = next++;
      const done = new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, onUpdate });
        worker.postMessage({ id, name: 'analyze', req: JSON.stringify(req) });
      });
      return { stop: () => worker.postMessage({ stop: id }), done };
    },
  };
}

// compile compiles oware.wasm once, for both workers.
async function compile() {
  const res = await fetch('oware.wasm');
  if (!res.ok) throw new Error(`oware.wasm: ${res.status} ${res.statusText}`);
  return WebAssembly.compile(await res.arrayBuffer());
}

export async function connect(onStatus) {
  onStatus('Loading the WebAssembly build…');
  const module = await compile();
  const quick = start('quick', module);
  const engine = start('engine', module);
  await quick.ready;
  engine.ready.then(() => {}, (e) => onStatus('The engine cannot start: ' + e.message));
  const viaEngine = new Set(['move', 'tables']);
  return {
    async call(name, req) {
      if (!viaEngine.has(name)) return quick.call(name, req);
      await engine.ready;
      return engine.call(name, req);
    },
    analyze(req, onUpdate) {
      let inner = null;
      let stopped = false;
      const done = engine.ready.then(() => {
        if (stopped) return undefined;
        inner = engine.analyze(req, onUpdate);
        return inner.done;
      });
      return { stop: () => { stopped = true; if (inner) inner.stop(); }, done };
    },
  };
}
