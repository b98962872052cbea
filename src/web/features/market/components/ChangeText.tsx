import { formatChange } from '../../../lib/format';
import './ChangeText.css';

/** Whether a change in basis points shows as up or down once rounded to a tenth of a percent. */
export const changeTone = (bp: number): 'gain' | 'loss' | 'flat' => (bp >= 5 ? 'gain' : bp <= -5 ? 'loss' : 'flat');

/** A 24-hour change, signed and coloured; an arrow says it for those who do not see the colour. */
export function ChangeText({ bp }: { bp: number }) {
  const tone = changeTone(bp);
  return (
    <span className={`change change-${tone}`} title="Change of the mark since 24 hours ago">
      <span aria-hidden="true">{tone === 'gain' ? '▲' : tone === 'loss' ? '▼' : '·'}</span> {formatChange(bp)}
    </span>
  );
}
