// The board's calls answered by oware serve: each call a POST of JSON to
// api/NAME, the analysis a stream of server-sent events from api/analyze.
// api-wasm.js answers the same calls without a server.

async function post(name, req, signal) {
  const res = await fetch('api/' + name, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(req),
    signal,
  });
  if (!res.ok) {
    let msg = res.statusText;
    try { msg = (await res.json()).error || msg; } catch (e) { /* not JSON */ }
    throw new Error(msg);
  }
  return res;
}

export async function connect() {
  return {
    async call(name, req) {
      return (await post(name, req)).json();
    },
    // analyze calls onUpdate with each Analysis until the analysis ends or
    // stop is called; done settles then.
    analyze(req, onUpdate) {
      const ctrl = new AbortController();
      const done = (async () => {
        const res = await post('analyze', req, ctrl.signal);
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buf += value;
          let end;
          while ((end = buf.indexOf('\n\n')) >= 0) {
            const event = buf.slice(0, end);
            buf = buf.slice(end + 2);
            let type = 'message';
            let data = '';
            for (const line of event.split('\n')) {
              if (line.startsWith('event: ')) type = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            const obj = JSON.parse(data);
            if (type === 'error') throw new Error(obj.error);
            onUpdate(obj);
          }
        }
      })().catch((e) => { if (e.name !== 'AbortError') throw e; });
      return { stop: () => ctrl.abort(), done };
    },
  };
}
