import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useState } from 'react';
import { EmptyState } from '../components/EmptyState';
import { ErrorMessage } from '../components/ErrorMessage';
import { MarketTable } from '../components/market/MarketTable';
import { PageTitle } from '../components/PageTitle';
import { SearchBox } from '../components/SearchBox';
import { Loading } from '../components/Spinner';
import { BuyModal } from '../components/trade/BuyModal';
import type { Player } from '../lib/apiTypes';
import { useSession } from '../lib/session';
import { useTRPC } from '../lib/trpc';
import { LOAD_FAILED } from '../../shared/texts';
import { ChatShortcut, WithChatPanel } from '../features/chat/components/ChatPanel';

/** /market: every player, searchable and sortable, with a buy modal. */
export default function MarketPage() {
  const trpc = useTRPC();
  const { isLoggedIn } = useSession();
  const players = useQuery(trpc.market.players.queryOptions());
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [buying, setBuying] = useState<{ id: number; name: string } | null>(null);
  const onBuy = useCallback((p: Player) => setBuying({ id: p.id, name: p.name }), []);

  return (
    <WithChatPanel>
      <PageTitle
        title="Market"
        subtitle="Every player’s shares: unclaimed shares cost $1.00 on the open market; once all are owned, bid and holders sell at their price."
        actions={<ChatShortcut />}
      />
      <div className="toolbar">
        <SearchBox label="Search players" value={search} onChange={setSearch} placeholder="Name or team" />
      </div>
      {players.isPending ? (
        <Loading label="Loading players…" />
      ) : players.isError ? (
        <ErrorMessage onRetry={() => void players.refetch()}>{LOAD_FAILED.players}</ErrorMessage>
      ) : players.data.length === 0 ? (
        <EmptyState title="No players on the market yet">
          <p>Players appear here once the league is loaded.</p>
        </EmptyState>
      ) : (
        <MarketTable players={players.data} search={deferredSearch} onBuy={onBuy} loggedIn={isLoggedIn} />
      )}
      <BuyModal itemType="player" item={buying} onClose={() => setBuying(null)} />
    </WithChatPanel>
  );
}
