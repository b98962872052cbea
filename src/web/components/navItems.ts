import type { NavCounts } from '../lib/useNavCounts';
import { TITLE } from '../../shared/texts';

/** Who sees a navigation link (docs/screens.md §2 Navigation). */
export type NavAudience = 'always' | 'user' | 'guest' | 'admin';

export interface NavItem {
  to: string;
  label: string;
  audience: NavAudience;
  /** Which count shows as a badge beside the label. */
  badge?: keyof NavCounts;
}

/** The header's links, in order. A new page adds its link here and its route in App.tsx. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/market', label: 'Market', audience: 'user' },
  { to: '/offers', label: TITLE.sharesForSale, audience: 'user', badge: 'sharesForSale' },
  { to: '/asks', label: 'Offers', audience: 'user', badge: 'offersForYou' },
  { to: '/portfolio', label: 'Portfolio', audience: 'user' },
  { to: '/transactions', label: 'Transactions', audience: 'user' },
  { to: '/teams', label: 'Teams', audience: 'user' },
  { to: '/chat', label: 'Chat', audience: 'user', badge: 'chatUnread' },
  { to: '/inbox', label: 'Inbox', audience: 'user', badge: 'inboxUnread' },
  { to: '/leaderboard', label: 'Leaderboard', audience: 'always' },
  { to: '/statistics', label: 'Statistics', audience: 'always' },
  { to: '/win-totals', label: 'Win Totals', audience: 'always' },
  { to: '/admin', label: 'Admin', audience: 'admin' },
  { to: '/login', label: 'Login', audience: 'guest' },
  { to: '/register', label: 'Register', audience: 'guest' },
];

export function visibleNavItems(isLoggedIn: boolean, isAdmin: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => {
    switch (item.audience) {
      case 'always':
        return true;
      case 'user':
        return isLoggedIn;
      case 'guest':
        return !isLoggedIn;
      case 'admin':
        return isLoggedIn && isAdmin;
    }
  });
}
