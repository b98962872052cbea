import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { ChatLive } from '../features/chat/ChatLive';
import { LiveProvider } from '../lib/live';
import { InstallHint } from '../pwa/InstallHint';
import { OfflineNotice } from '../pwa/OfflineNotice';
// The base stylesheet, then the tables' (one for every list), which builds on it: here, in this order.
import '../styles.css';
import './table/table.css';
import { Footer } from './Footer';
import { Header } from './Header';
import { LeagueGate } from './league/LeagueGate';
import { SessionSync } from './SessionSync';
import { Loading } from './Spinner';
import { Ticker } from './Ticker';

/** The frame of every page: header with navigation, ticker, the page, footer; and the live feed under them all. */
export function Layout() {
  return (
    <LiveProvider>
      <div className="app">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SessionSync />
        <ChatLive />
        <Header />
        <Ticker />
        <main id="main" className="container main" tabIndex={-1}>
          <OfflineNotice />
          <InstallHint />
          <Suspense fallback={<Loading />}>
            <LeagueGate>
              <Outlet />
            </LeagueGate>
          </Suspense>
        </main>
        <Footer />
        <ScrollRestoration />
      </div>
    </LiveProvider>
  );
}
