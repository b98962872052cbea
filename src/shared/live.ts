/** The live events of SPEC.md §4 as the web app receives them. Money in dollars. */
export interface LiveTrade {
  tradeId: number;
  itemType: 'player' | 'team';
  playerId: number;
  playerName: string;
  buyer_id: number | null;
  seller_id: number | null;
  buyerUsername: string | null;
  sellerUsername: string | null;
  shares_transferred: number;
  price_per_share: number;
  total_value: number;
  created_at: string;
}

export type LiveEvent =
  | { type: 'tradeCompleted'; trade: LiveTrade }
  | { type: 'marketUpdated' | 'offersUpdated' | 'asksUpdated'; itemType: 'player' | 'team'; itemId: number }
  | { type: 'portfolioUpdated' }
  | { type: 'orderFilled'; side: 'ask' | 'offer'; orderId: number; itemType: 'player' | 'team'; itemId: number; itemName: string; shares: number; price_per_share: number }
  /** Someone else now bids more than your resting ask. */
  | { type: 'outbid'; itemType: 'player' | 'team'; itemId: number; itemName: string; your_price: number; best_price: number };
