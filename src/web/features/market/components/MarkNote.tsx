import { formatDollars, formatInteger } from '../../../lib/format';
import './MarkNote.css';

const WHY = 'at the mark, not the last price: $1.00 while the open market sells all day, else the median of recent trades, one vote per share.';

/**
 * The line under a player's or team's figures that says what its shares are worth and why it is
 * not the last price (docs/rules.md §5 the mark).
 */
export function MarkNote({ mark, owned }: { mark: number; owned: number }) {
  return (
    <p className="mark-note" data-testid="mark-note">
      {owned > 0 ? (
        <>
          Your {formatInteger(owned)} {owned === 1 ? 'share is' : 'shares are'} worth <strong>{formatDollars(owned * mark)}</strong> {WHY}
        </>
      ) : (
        `Shares are valued ${WHY}`
      )}
    </p>
  );
}
