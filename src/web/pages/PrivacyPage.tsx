import { Link } from '../lib/leagueLinks';
import { PageTitle } from '../components/PageTitle';
import './text-pages.css';

export default function PrivacyPage() {
  return (
    <>
      <PageTitle title="Privacy" subtitle="What Hoops Exchange keeps about you, and who can see it." />
      <article className="card prose">
        <h2>Your email address</h2>
        <p>
          Your email is stored only as a one-way hash. When you register, the server keeps a keyed hash of the address (computed with a secret only the server
          knows), never the address itself. Logging in and password resets work by hashing the email you type and looking for that hash. Nobody, including the
          people who run this server, can read your email back from the database.
        </p>
        <p>
          The address you type for a password reset is used once, to send you the reset token, and is not kept. Reset tokens work once, expire within an hour,
          and are stored hashed.
        </p>

        <h2>Your password</h2>
        <p>Passwords are hashed with argon2id, a slow, memory-hard function made for passwords. The password itself is never stored or logged.</p>

        <h2>Your session</h2>
        <p>
          When you log in, this browser keeps a session token and your public profile in its local storage, so you stay logged in. The server stores only a hash
          of the token. Logging out ends the session on the server and removes both from this browser. Your choice of team-colour theme is kept in local storage
          too. There are no tracking cookies, analytics or ads.
        </p>

        <h2>What other players can see</h2>
        <p>Hoops Exchange is a public game among its players. Everyone can see:</p>
        <ul>
          <li>your username and avatar;</li>
          <li>your portfolio: the player and team shares you hold, their value, and your place on the leaderboard;</li>
          <li>your trades: who bought from whom, how many shares, at what price and when, and the asks and offers you post.</li>
        </ul>
        <p>Your email address and password are never shown to anyone.</p>

        <h2>Virtual money only</h2>
        <p>
          All money in the game is virtual. We never ask for payment details. See the <Link to="/changelog">changelog</Link> for how the game has changed.
        </p>
      </article>
    </>
  );
}
