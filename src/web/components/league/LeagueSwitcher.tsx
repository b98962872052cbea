import { singleClick } from '../PendingButton';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { useLeague } from '../../lib/league';
import { Link, useNavigateOutsideLeague } from '../../lib/leagueLinks';
import { pathAfterSwitch } from '../../lib/leaguePaths';
import { useLeaguesApi } from '../../lib/leaguesApi';
import { errorMessage } from '../../lib/trpc';
import { useCommand } from '../../lib/useCommand';
import { Spinner } from '../Spinner';
import './league.css';

/**
 * The league shown, and a menu to switch to another of the user's leagues. Someone who plays only
 * in the default league sees a plain "Leagues" link instead.
 */
export function LeagueSwitcher() {
  const { league, myLeagues } = useLeague();
  const playsElsewhere = myLeagues.length > 1 || (league !== null && !league.isDefault);
  if (!playsElsewhere) {
    return (
      <Link to="/leagues" className="league-link" data-testid="leagues-link">
        Leagues
      </Link>
    );
  }
  return <LeagueMenu />;
}

function LeagueMenu() {
  const { league, leagueId, myLeagues, adopt } = useLeague();
  const api = useLeaguesApi();
  const navigate = useNavigateOutsideLeague();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const switchLeague = useCommand('leagues.switch', api.switch.mutationOptions());

  // Escape or a click elsewhere closes the menu.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const choose = (id: number) => {
    setOpen(false);
    if (id === leagueId) return;
    switchLeague.submit(
      { leagueId: id },
      {
        onSuccess: ({ league: next }) => {
          adopt(next);
          void navigate(pathAfterSwitch(pathname));
          toast.success(`You are now playing in ${next.name}.`);
        },
        onError: (error) => toast.error(errorMessage(error, 'The league could not be switched. Try again in a moment.')),
      },
    );
  };

  return (
    <div
      className="league-switcher"
      ref={box}
      onBlur={(e) => {
        // Tabbing out of the menu closes it (a click elsewhere is seen by the pointer handler).
        if (open && e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="league-switcher-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        disabled={switchLeague.pending}
        aria-busy={switchLeague.pending || undefined}
        data-testid="league-switcher"
        title={league ? `League: ${league.name}` : undefined}
      >
        <span className="sr-only">League: </span>
        <span className="league-switcher-name">{league?.name ?? 'Leagues'}</span>
        {switchLeague.pending ? (
          <Spinner size="sm" />
        ) : (
          <span className="league-switcher-caret" aria-hidden="true">
            ▾
          </span>
        )}
      </button>
      {open ? (
        <div id={menuId} className="league-menu">
          <p className="league-menu-title">Switch league</p>
          <ul>
            {myLeagues.map((l) => (
              <li key={l.id}>
                <button type="button" className="league-menu-item" aria-current={l.id === leagueId ? 'true' : undefined} onClick={singleClick(() => choose(l.id))}>
                  <span className="league-menu-name">{l.name}</span>
                  {l.id === leagueId ? (
                    <span className="league-menu-here" aria-hidden="true">
                      ✓
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
          <Link to="/leagues" className="league-menu-all" onClick={() => setOpen(false)}>
            All leagues…
          </Link>
        </div>
      ) : null}
    </div>
  );
}
