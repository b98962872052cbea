import { router } from '../trpc.js';
import { adminRouter } from './admin.js';
import { authRouter } from './auth.js';
import { chatRouter } from './chat.js';
import { exportsRouter } from './exports.js';
import { inboxRouter } from './inbox.js';
import { homeRouter } from './home.js';
import { leaguesRouter } from './leagues.js';
import { liveRouter } from './live.js';
import { marketRouter } from './market.js';
import { portfolioRouter } from './portfolio.js';
import { pushRouter } from './push.js';
import { seasonsRouter } from './seasons.js';
import { statsRouter } from './stats.js';
import { tradesRouter } from './trades.js';
import { teamsRouter } from './teams.js';
import { tradeRouter } from './trade.js';
import { usersRouter } from './users.js';
import { watchlistRouter } from './watchlist.js';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  leagues: leaguesRouter,
  market: marketRouter,
  portfolio: portfolioRouter,
  trades: tradesRouter,
  stats: statsRouter,
  seasons: seasonsRouter,
  chat: chatRouter,
  trade: tradeRouter,
  teams: teamsRouter,
  live: liveRouter,
  admin: adminRouter,
  exports: exportsRouter,
  push: pushRouter,
  watchlist: watchlistRouter,
  inbox: inboxRouter,
  home: homeRouter,
});

export type AppRouter = typeof appRouter;
