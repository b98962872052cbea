/** One hook per trade action (bulletproof-react style): each sends its command with an idempotency key, locks while it runs, and refreshes what it changed. */
export { useAcceptAsk } from './accept-ask';
export { useAcceptOffer } from './accept-offer';
export { useBuy } from './buy';
export { useCancelAsk } from './cancel-ask';
export { useCancelOffer } from './cancel-offer';
export { useDeclineAsk } from './decline-ask';
export { useDump } from './dump';
export { useListOffer } from './list-offer';
export { useSetMinSellPrice } from './set-min-sell-price';
