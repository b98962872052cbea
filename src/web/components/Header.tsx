import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from '../lib/leagueLinks';
import { toast } from 'sonner';
import { useSession } from '../lib/session';
import { useNavCounts } from '../lib/useNavCounts';
import { visibleNavItems } from './navItems';
import { SettingsMenu } from '../features/header/SettingsMenu';
import '../features/header/header.css';
import { UserBox } from './UserBox';

export function Header() {
  const { isLoggedIn, isAdmin, logout } = useSession();
  const counts = useNavCounts();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const items = visibleNavItems(isLoggedIn, isAdmin);

  // Escape closes the open menu and returns focus to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const onLogout = async () => {
    setMenuOpen(false);
    setLoggingOut(true);
    await navigate('/');
    await logout();
    toast.success('You are logged out.');
  };

  return (
    <header className="site-header">
      <div className="container header-bar">
        <Link to="/" className="brand" onClick={() => setMenuOpen(false)}>
          <img src="/favicon.svg" alt="" width={28} height={28} className="brand-logo" />
          <span>Hoops Exchange</span>
        </Link>
        <UserBox />
        <SettingsMenu />
        <button
          ref={menuButton}
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-icon" aria-hidden="true" />
          <span className="menu-label">{menuOpen ? 'Close' : 'Menu'}</span>
        </button>
        {/* On wide screens this wrapper vanishes from the layout (display: contents); on phones it is the folding menu. The settings sit beside it at every width. */}
        <div id="site-menu" className={menuOpen ? 'site-menu is-open' : 'site-menu'}>
          <nav aria-label="Main" className="primary-nav">
            <ul className="nav-links">
              {items.map((item) => {
                const count = item.badge ? counts[item.badge] : 0;
                return (
                  <li key={item.to}>
                    <NavLink to={item.to} className="nav-link" onClick={() => setMenuOpen(false)}>
                      {item.label}
                      {count > 0 ? (
                        <span className="badge">
                          <span aria-hidden="true">{count >= 100 ? '99+' : count}</span>
                          <span className="sr-only"> ({item.badge === 'chatUnread' || item.badge === 'inboxUnread' ? `${count >= 100 ? 'over 99' : count} unread` : `${count} open`})</span>
                        </span>
                      ) : null}
                    </NavLink>
                  </li>
                );
              })}
              {isLoggedIn ? (
                <li className="nav-end">
                  <button type="button" className="nav-link nav-button" onClick={() => void onLogout()} disabled={loggingOut}>
                    Logout
                  </button>
                </li>
              ) : null}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
