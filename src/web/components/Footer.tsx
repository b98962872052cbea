import { Link } from '../lib/leagueLinks';
import './Footer.css';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <p>Hoops Exchange is a game played with virtual money. No real money changes hands. Not affiliated with the NBA or its teams.</p>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
            <li>
              <Link to="/changelog">Changelog</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
