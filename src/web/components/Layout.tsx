import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './Footer';
import { Header } from './Header';
import { SessionSync } from './SessionSync';
import { Loading } from './Spinner';
import { Ticker } from './Ticker';

/** The frame of every page: header with navigation, ticker, the page, footer. */
export function Layout() {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SessionSync />
      <Header />
      <Ticker />
      <main id="main" className="container main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
