import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { DocumentTitle } from './components/PageTitle';
import { Layout } from './components/Layout';
import { RequireAdmin, RequireAuth } from './components/RequireAuth';
import { RouteError } from './components/RouteError';
import { LeagueScope } from './lib/league';
import ChangelogPage from './pages/ChangelogPage';
import HomePage from './features/home/HomePage';
import LoginPage from './features/auth/LoginPage';
import NotFoundPage from './pages/NotFoundPage';
import PrivacyPage from './pages/PrivacyPage';
import RegisterPage from './features/auth/RegisterPage';
import ResetPasswordPage from './features/auth/ResetPasswordPage';

// Pages that will carry tables, forms and live data load on demand, each in its own chunk.
const MarketPage = lazy(() => import('./features/market/MarketPage'));
const PlayerPage = lazy(() => import('./features/market/PlayerPage'));
const ShareholdersPage = lazy(() => import('./features/market/ShareholdersPage'));
const OffersPage = lazy(() => import('./features/trade/OffersPage'));
const AsksPage = lazy(() => import('./features/trade/AsksPage'));
const PortfolioPage = lazy(() => import('./features/account/PortfolioPage'));
const TransactionsPage = lazy(() => import('./features/account/TransactionsPage'));
const TeamsPage = lazy(() => import('./features/market/TeamsPage'));
const TeamPage = lazy(() => import('./features/market/TeamPage'));
const PublicPortfolioPage = lazy(() => import('./features/account/PublicPortfolioPage'));
const LeaderboardPage = lazy(() => import('./features/leaderboard/LeaderboardPage'));
const StatisticsPage = lazy(() => import('./features/market/StatisticsPage'));
const WinTotalsPage = lazy(() => import('./features/win-totals/WinTotalsPage'));
const AdminPage = lazy(() => import('./features/admin/AdminPage'));
const LeaguesPage = lazy(() => import('./features/leagues/LeaguesPage'));
const JoinLeaguePage = lazy(() => import('./features/leagues/JoinLeaguePage'));
const LeagueSettingsPage = lazy(() => import('./features/leagues/LeagueSettingsPage'));
const SeasonArchivePage = lazy(() => import('./features/seasons/SeasonArchivePage'));
const ChatPage = lazy(() => import('./features/chat/ChatPage'));
const InboxPage = lazy(() => import('./features/inbox/InboxPage'));
const RulesPage = lazy(() => import('./features/rules/RulesPage'));

const authed = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;

/** Every route of docs/screens.md §1 Routes. A new page: one file in its features/<feature>/, one line here, and a link in components/navItems.ts. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'market', element: <MarketPage /> },
  { path: 'market/:playerId', element: <PlayerPage /> },
  { path: 'market/:playerId/shareholders', element: <ShareholdersPage /> },
  { path: 'offers', element: authed(<OffersPage />) },
  { path: 'asks', element: authed(<AsksPage />) },
  { path: 'portfolio', element: authed(<PortfolioPage />) },
  { path: 'transactions', element: authed(<TransactionsPage />) },
  { path: 'teams', element: <TeamsPage /> },
  { path: 'teams/:teamId', element: <TeamPage /> },
  { path: 'public/:userId', element: <PublicPortfolioPage /> },
  { path: 'leaderboard', element: <LeaderboardPage /> },
  { path: 'statistics', element: <StatisticsPage /> },
  {
    path: 'win-totals',
    element: (
      <DocumentTitle title="Win Totals">
        <WinTotalsPage />
      </DocumentTitle>
    ),
  },
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'privacy', element: <PrivacyPage /> },
  { path: 'changelog', element: <ChangelogPage /> },
  { path: 'seasons/:n?', element: <SeasonArchivePage /> },
  { path: 'chat', element: <ChatPage /> },
  { path: 'inbox', element: authed(<InboxPage />) },
  { path: 'rules', element: <RulesPage /> },
  { path: 'leagues', element: <LeaguesPage /> },
  { path: 'join/:code', element: <JoinLeaguePage /> },
  { path: 'join/:code/rules', element: <RulesPage /> },
  {
    path: 'admin',
    element: (
      <RequireAdmin>
        <AdminPage />
      </RequireAdmin>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];

/** The same pages inside one league (`/l/{slug}/…`, see lib/leaguePaths.ts), and the league's settings. */
const leagueRoutes: RouteObject[] = [{ path: 'settings', element: authed(<LeagueSettingsPage />) }, ...pageRoutes];

const router = createBrowserRouter([
  {
    element: (
      <LeagueScope>
        <Layout />
      </LeagueScope>
    ),
    errorElement: <RouteError standalone />,
    // The pathless route keeps header and footer in place when a page fails.
    children: [{ errorElement: <RouteError />, children: [...pageRoutes, { path: 'l/:slug', children: leagueRoutes }] }],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
