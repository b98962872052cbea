import { singleClick } from '../../components/PendingButton';
import { useSetWatch } from './useWatchlist';
import './StarButton.css';

/** A star on a player or team: on the member's watchlist or not. Locked from the click until the answer. */
export function StarButton({ kind, id, name, starred }: { kind: 'player' | 'team'; id: number; name: string; starred: boolean }) {
  const setWatch = useSetWatch();
  return (
    <button
      type="button"
      className="star-button"
      aria-pressed={starred}
      aria-label={starred ? `Remove ${name} from your watchlist` : `Add ${name} to your watchlist`}
      title={starred ? 'On your watchlist' : 'Add to your watchlist'}
      disabled={setWatch.pending}
      aria-busy={setWatch.pending || undefined}
      data-testid={`star-${kind}-${id}`}
      onClick={singleClick(() => setWatch.submit({ itemType: kind, itemId: id, starred: !starred }))}
    >
      <span aria-hidden="true">{starred ? '★' : '☆'}</span>
    </button>
  );
}
