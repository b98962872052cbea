import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_NOT_LOADED, QueryState, type QueryLike } from './QueryState';

const query = (over: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  data: undefined,
  error: null,
  fetchStatus: 'idle',
  refetch: () => undefined,
  ...over,
});
const render = (q: QueryLike<string[]>, waitFor = false) =>
  renderToStaticMarkup(
    <QueryState query={q} loading="Loading rows…" failed="Failed to load rows" isEmpty={(d) => d.length === 0} empty={<p>No rows</p>} waitFor={waitFor}>
      {(rows) => (
        <ul>
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows the answer, its empty state, a spinner while it loads, and the failure with Try again', () => {
    expect(render(query({ data: ['a', 'b'] }))).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(render(query({ data: [] }))).toBe('<p>No rows</p>');
    expect(render(query({ fetchStatus: 'fetching' }))).toContain('Loading rows…');
    const failed = render(query({ error: new Error('boom') }));
    expect(failed).toContain('Failed to load rows');
    expect(failed).toContain('Try again');
  });

  it('keeps showing the last answer while a refetch fails, and waits for what else it needs', () => {
    expect(render(query({ data: ['a'], error: new Error('boom') }))).toBe('<ul><li>a</li></ul>');
    expect(render(query({ data: ['a'] }), true)).toContain('Loading rows…');
  });

  it('says that it waits for the network instead of spinning when offline with nothing kept', () => {
    expect(render(query({ fetchStatus: 'paused' }))).toContain(OFFLINE_NOT_LOADED);
  });

  describe('when its one try offline found nothing kept', () => {
    afterEach(() => vi.unstubAllGlobals());
    const noAnswer = new TypeError('Failed to fetch');

    it('says that it waits for the network, not that it failed', () => {
      vi.stubGlobal('navigator', { onLine: false });
      expect(render(query({ error: noAnswer }))).toContain(OFFLINE_NOT_LOADED);
    });

    it('says that it failed, with Try again, when the browser is online', () => {
      vi.stubGlobal('navigator', { onLine: true });
      expect(render(query({ error: noAnswer }))).toContain('Try again');
    });
  });
});
