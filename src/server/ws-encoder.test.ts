import { describe, expect, it, vi } from 'vitest';
import { createSharedPayloadEncoder } from './ws-encoder.js';

describe('the shared-payload WebSocket encoder', () => {
  it('writes the same JSON as JSON.stringify for every kind of message', () => {
    const encoder = createSharedPayloadEncoder();
    const messages = [
      { id: 1, result: { type: 'started' } },
      {
        id: 2,
        jsonrpc: '2.0',
        result: { type: 'data', id: '17', data: { id: '17', data: { type: 'tradeCompleted', trade: { shares: 3, name: 'A "quoted" name' } } } },
      },
      { id: 'x', result: { type: 'data', data: [1, 2, 3] } },
      { id: 3, error: { message: 'nope', code: -32600 } },
      { id: null, method: 'reconnect' },
    ];
    for (const m of messages) expect(JSON.parse(encoder.encode(m) as string)).toEqual(JSON.parse(JSON.stringify(m)));
  });

  it('serialises a shared event payload once, whatever the number of connections', () => {
    const encoder = createSharedPayloadEncoder();
    const event = { type: 'tradeCompleted', trade: { shares: 1 } };
    const spy = vi.spyOn(JSON, 'stringify');
    for (let client = 1; client <= 1_000; client += 1) encoder.encode({ id: client, result: { type: 'data', id: '5', data: { id: '5', data: event } } });
    const payloadCalls = spy.mock.calls.filter(([value]) => value === event).length;
    spy.mockRestore();
    expect(payloadCalls).toBe(1);
  });
});
