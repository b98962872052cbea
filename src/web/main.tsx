import { onlineManager, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import { App } from './App';
import { isNoAnswer, isOnline, reportNoAnswer, subscribeConnectivity } from './pwa/connectivity';
import { noteQueryAnswer, refetchKeptAnswers } from './pwa/offlineAnswers';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { SessionProvider } from './lib/session';
import { useMediaQuery, WIDE_SCREEN } from './lib/useMediaQuery';
import { errorStatus } from './lib/trpc';
import { ThemeProvider } from './theme/ThemeProvider';
import { loadModeChoice, resolveMode } from './theme/mode';
import { useTheme } from './theme/ThemeProvider';
import { applyTheme, loadTheme } from './theme/themes';
import './styles.css';

/** docs/screens.md §3 Pages: toasts close by themselves after 4 seconds. */
const TOAST_MS = 4000;

// Apply the saved theme before the first paint, so the page never flashes in the default colours.
applyTheme(loadTheme(), resolveMode(loadModeChoice()));

// React Query learns of the network only from the browser's online/offline events: a page opened offline says so from the start.
onlineManager.setOnline(navigator.onLine);

const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // A read that got no answer at all means the server is out of reach: the offline notice shows.
    onError: (error) => isNoAnswer(error) && reportNoAnswer(),
    // A read answered from the copy kept in the browser (lib/offlineLink.ts) is dated as of that copy, for the offline notice.
    onSuccess: noteQueryAnswer,
  }),
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      // Offline, a read is still tried once, so that the tRPC link can answer it from the copy kept in the browser;
      // its retries wait for the network (the page then says it has not been loaded on this device yet).
      networkMode: 'offlineFirst',
      // A 4xx answer (not found, not allowed, bad input) will not change on a retry.
      retry: (failures, error) => {
        const status = errorStatus(error);
        if (status !== null && status >= 400 && status < 500) return false;
        return failures < 2;
      },
    },
  },
});

// The server answers again: the reads answered from the kept copy ask again (React Query does so by itself only on the browser's online event).
let wasOnline = isOnline();
subscribeConnectivity(() => {
  const online = isOnline();
  if (online && !wasOnline) void refetchKeptAnswers(queryClient);
  wasOnline = online;
});

/** Toasts in the page's mode, at the bottom (on its right on wide screens): never over the header's user box. */
function Toasts() {
  const { mode } = useTheme();
  const wide = useMediaQuery(WIDE_SCREEN);
  return <Toaster duration={TOAST_MS} position={wide ? 'bottom-right' : 'bottom-center'} richColors closeButton theme={mode} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <SessionProvider>
          <App />
        </SessionProvider>
        <Toasts />
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
