import { Link } from '../../lib/leagueLinks';
import { userPath } from '../../lib/itemLinks';
import './UserLink.css';

/** A username linking to the public portfolio; a null user is the open market ('Market'). */
export function UserLink({ id, username }: { id: number | null; username: string | null }) {
  if (id === null || username === null) return <span className="market-party">Market</span>;
  return <Link to={userPath(id)}>{username}</Link>;
}
