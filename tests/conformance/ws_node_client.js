// Node's `ws` client against the Gust WebSocket echo server (run by test_websocket_interop.py).
// Usage: node ws_node_client.js URL deflate|plain
// Sends 100 messages (text and binary, one of 1 MiB, one fragmented by hand), checks every echo
// byte for byte and in order, pings once, closes with 1000, and prints one JSON line of results.
'use strict';
const crypto = require('crypto');
const WebSocket = require('ws');

const [url, mode] = process.argv.slice(2);
const deflate = mode === 'deflate';
const ws = new WebSocket(url, { perMessageDeflate: deflate ? { threshold: 0 } : false, maxPayload: 8 << 20 });
const result = { extensions: null, echoed: 0, mismatches: [], pong: null, closeCode: null, closeReason: null };
const timer = setTimeout(() => finish('timed out'), 60000);

function finish(error) {
    clearTimeout(timer);
    if (error) result.error = String(error);
    process.stdout.write(JSON.stringify(result) + '\n');
    process.exit(0);
}

function messages() {
    const out = [];
    for (let i = 0; i < 99; i++) {
        if (i % 3 === 0) out.push({ data: crypto.randomBytes(1 + i * 37), binary: true });
        else out.push({ data: `message ${i} ` + 'é€🎉'.repeat(i), binary: false });
    }
    out.splice(50, 0, { data: Buffer.alloc(1 << 20, 'abcdefgh'), binary: true });  // 1 MiB
    const parts = ['fragmented ', 'by ', 'hand: ', 'κόσμε'];
    out[10] = { data: parts.join(''), parts, binary: false };
    return out;
}

ws.on('open', () => {
    result.extensions = ws.extensions || null;
    const sent = messages();
    let next = 0;
    ws.on('message', (data, isBinary) => {
        const want = sent[next];
        const wantBuf = Buffer.isBuffer(want.data) ? want.data : Buffer.from(want.data);
        if (isBinary !== want.binary || !wantBuf.equals(Buffer.from(data))) {
            result.mismatches.push({ index: next, gotLength: data.length, wantLength: wantBuf.length });
        }
        next++;
        result.echoed = next;
        if (next === sent.length) ws.ping(Buffer.from('node ping'));
    });
    ws.on('pong', (data) => {
        result.pong = data.toString();
        ws.close(1000, 'node done');
    });
    for (const m of sent) {
        if (!m.parts) {
            ws.send(m.data, { binary: m.binary });
            continue;
        }
        m.parts.forEach((p, i) => ws.send(p, { binary: m.binary, fin: i === m.parts.length - 1 }));
    }
});
ws.on('close', (code, reason) => {
    result.closeCode = code;
    result.closeReason = reason.toString();
    finish();
});
ws.on('error', (e) => finish(e.message));
