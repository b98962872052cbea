import type { ReactNode } from 'react';
import type { RouterOutputs } from '../../../lib/apiTypes';
import { formatCount } from '../../../lib/format';
import { itemPath } from '../../../lib/itemLinks';
import { Link } from '../../../lib/leagueLinks';
import { PlayerAvatar, TeamBadge } from '../../../components/faces/Faces';
import { ChangeText } from './ChangeText';
import './GlanceStrips.css';

type Glance = RouterOutputs['market']['glance'];
type GlanceItem = Glance['movers_up'][number];

function Strip({
  title,
  items,
  empty,
  figure,
  testId,
}: {
  title: string;
  items: readonly GlanceItem[];
  empty: string;
  figure: (item: GlanceItem) => ReactNode;
  testId: string;
}) {
  return (
    <section className="glance-strip" aria-label={title} data-testid={testId}>
      <h2>{title}</h2>
      {items.length === 0 ? (
        <p className="glance-empty">{empty}</p>
      ) : (
        <ol>
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`}>
              {item.kind === 'player' ? <PlayerAvatar name={item.name} teamCode={item.team_code} size="xs" /> : <TeamBadge code={item.team_code} size="xs" />}
              <Link to={itemPath(item.kind, item.id)} title={item.name}>
                {item.name}
              </Link>
              <span className="glance-figure">{figure(item)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Above the market table: top movers up and down, most traded today, most held in this league. */
export function GlanceStrips({ glance }: { glance: Glance }) {
  return (
    <div className="glance-strips" data-testid="mover-strip">
      <Strip
        title="Top movers ▲"
        testId="movers-up"
        items={glance.movers_up}
        empty="No mark rose in the last 24 hours."
        figure={(x) => <ChangeText bp={x.change_bp} />}
      />
      <Strip
        title="Top movers ▼"
        testId="movers-down"
        items={glance.movers_down}
        empty="No mark fell in the last 24 hours."
        figure={(x) => <ChangeText bp={x.change_bp} />}
      />
      <Strip
        title="Most traded today"
        testId="most-traded"
        items={glance.most_traded}
        empty="No trades in the last 24 hours."
        figure={(x) => formatCount(x.trades_24h, 'trade')}
      />
      <Strip
        title="Most held in this league"
        testId="most-held"
        items={glance.most_held}
        empty="Nobody holds shares yet."
        figure={(x) => formatCount(x.holder_count, 'holder')}
      />
    </div>
  );
}
