import { formatCents } from '../../../shared/money';
import { formatInteger } from '../../lib/format';
import type { BuyPreview } from '../../lib/orderBook';
import { NumHeader } from '../table/NumHeader';
import './FillPreview.css';

const SOURCE: Record<BuyPreview['fills'][number]['kind'], string> = {
  market: 'open market',
  offer: 'offer',
  standing: 'min. sell price',
};

interface FillPreviewProps {
  preview: BuyPreview;
  /** The bid price, in cents. */
  priceCents: number;
}

/**
 * Which sellers a buy would meet (open market first at $1.00, then the cheapest sells), with shares,
 * price, total and average; and what is left over, which rests as an ask for holders to accept or decline.
 */
export function FillPreview({ preview, priceCents }: FillPreviewProps) {
  const { fills, filledShares, totalCents, averageCents, restingShares } = preview;
  return (
    <div className="fill-preview" aria-live="polite" data-testid="fill-preview">
      <h3 className="fill-preview-title">Preview</h3>
      {fills.length > 0 ? (
        <div className="table-wrap">
          <table className="table table-compact table-stack table-first-wraps">
            <caption className="sr-only">Sellers that would fill this order</caption>
            <thead>
              <tr>
                <th scope="col">Seller</th>
                <NumHeader>Shares</NumHeader>
                <NumHeader>Price</NumHeader>
                <NumHeader>Total</NumHeader>
              </tr>
            </thead>
            <tbody>
              {fills.map((f, i) => (
                <tr key={`${f.seller}-${f.kind}-${i}`}>
                  <td className="stack-title">
                    {f.seller} <span className="fill-source">{SOURCE[f.kind]}</span>
                  </td>
                  <td className="num" data-label="Shares">
                    {formatInteger(f.shares)}
                  </td>
                  <td className="num" data-label="Price">
                    {formatCents(f.priceCents)}
                  </td>
                  <td className="num stack-money" data-label="Total">
                    {formatCents(f.totalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="stack-title">
                  Bought now
                </th>
                <td className="num" data-label="Shares">
                  {formatInteger(filledShares)}
                </td>
                <td className="num" title="Average price per share" data-label="Average">
                  {averageCents !== null ? `avg ${formatCents(Math.round(averageCents))}` : '—'}
                </td>
                <td className="num stack-money" data-label="Total">
                  {formatCents(totalCents)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
      {restingShares > 0 ? (
        <p className="notice" data-testid="ask-notice">
          {filledShares === 0
            ? 'Your bid is below every sale price, or nothing is available: '
            : `The other ${formatInteger(restingShares)} shares find no seller at your price: `}
          an ask for <strong>{formatInteger(restingShares)}</strong> shares at <strong>{formatCents(priceCents)}</strong> will be created for shareholders to
          accept or decline.
        </p>
      ) : null}
    </div>
  );
}
