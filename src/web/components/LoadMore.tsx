import { Spinner } from './Spinner';
import './LoadMore.css';

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  /** What the button loads, for its label ("offers"). */
  what: string;
}

/** Below a list the server sends a page at a time: loads the next page. */
export function LoadMore({ hasMore, loading, onMore, what }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <button type="button" className="button button-secondary button-small" disabled={loading} onClick={onMore}>
        {loading ? <Spinner size="sm" /> : null}
        {loading ? 'Loading…' : `Load more ${what}`}
      </button>
    </div>
  );
}
