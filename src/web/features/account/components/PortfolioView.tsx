import { useState } from 'react';
import { BuyModal } from '../../../components/trade/BuyModal';
import { NotifySettings } from './NotifySettings';
import { PlayerHoldingsTable, TeamHoldingsTable, type HoldingActions, type Portfolio } from './HoldingsTables';
import { PortfolioSplit } from './PortfolioSplit';
import { PortfolioSummary } from './PortfolioSummary';
import { ValueChart } from './ValueChart';
import type { InstrumentKind } from '../../../../shared/instrument';

/**
 * A portfolio: the cards, the value chart, Player Shares and Team Holdings. With `editable`, the
 * owner's controls (min sell price with Save, Buy/Sell/Dump); without, read-only (the public page).
 */
export function PortfolioView({ portfolio, editable }: { portfolio: Portfolio; editable: boolean }) {
  const [buying, setBuying] = useState<{ itemType: InstrumentKind; id: number; name: string } | null>(null);
  const actions: HoldingActions | undefined = editable ? { onBuy: setBuying } : undefined;
  const whose = editable ? 'Your' : `${portfolio.username}’s`;
  return (
    <>
      <PortfolioSummary portfolio={portfolio} />

      {portfolio.players.length + portfolio.teams.length > 0 ? (
        <section className="section" aria-labelledby="split-title">
          <h2 id="split-title">Where the shares are</h2>
          <div className="card">
            <PortfolioSplit portfolio={portfolio} />
          </div>
        </section>
      ) : null}

      <section className="section" aria-labelledby="value-chart-title">
        <h2 id="value-chart-title">Value over time</h2>
        <div className="card">
          <ValueChart userId={portfolio.userId} />
        </div>
      </section>

      <section className="section" aria-labelledby="player-shares-title">
        <h2 id="player-shares-title">Player Shares</h2>
        <PlayerHoldingsTable players={portfolio.players} actions={actions} caption={`${whose} player shares`} />
        {portfolio.players.some((p) => p.is_top_holder) ? (
          <p className="table-note">
            <span aria-hidden="true">★</span> Largest single shareholder of the player.
          </p>
        ) : null}
      </section>

      <section className="section" aria-labelledby="team-holdings-title">
        <h2 id="team-holdings-title">Team Holdings</h2>
        <TeamHoldingsTable teams={portfolio.teams} actions={actions} caption={`${whose} team holdings`} />
      </section>

      {editable ? <NotifySettings /> : null}

      {editable ? (
        <BuyModal itemType={buying?.itemType ?? 'player'} item={buying ? { id: buying.id, name: buying.name } : null} onClose={() => setBuying(null)} />
      ) : null}
    </>
  );
}
