// The encoder's output, byte for byte: the README documents this wire format for plain WebSocket clients.
import { expect, it } from 'vitest';
import { createSharedPayloadEncoder } from './ws-encoder.js';
it('writes the same string as JSON.stringify, byte for byte, for the shapes tRPC sends', () => {
  const e = createSharedPayloadEncoder();
  const ev = { type: 'tradeCompleted', trade: { shares: 3, name: 'A "q"' } };
  const msgs = [
    { id: 1, jsonrpc: undefined, result: { type: 'data', data: { id: '17', data: ev }, id: '17' } },
    { id: 2, jsonrpc: undefined, result: { type: 'data', data: { id: '17', data: ev }, id: '17' } },
    { id: 1, jsonrpc: '2.0', result: { type: 'data', data: { id: '17', data: ev }, id: '17' } },
    { id: 1, result: { type: 'data', data: { id: '18', data: ev }, id: '18' } },
    { id: 1, result: { type: 'data', data: { answer: 42 } } },
    { id: 1, result: { type: 'data', data: 'x' } },
    { id: 1, result: { type: 'data', data: null } },
    { id: 1, result: { type: 'data' } },
  ];
  for (let k = 0; k < 2; k++)
    for (const m of msgs) {
      const want = JSON.stringify({ ...m, result: { type: m.result.type, ...('id' in m.result ? { id: m.result.id } : {}), data: m.result.data } });
      expect(e.encode(m)).toBe(want);
    }
});
