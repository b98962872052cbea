import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Link, useNavigate } from '../../lib/leagueLinks';
import { toast } from 'sonner';
import { AlreadyLoggedIn } from './components/AlreadyLoggedIn';
import { ErrorMessage } from '../../components/ErrorMessage';
import { Field } from '../../components/Field';
import { PendingButton } from '../../components/PendingButton';
import { useCommand } from '../../lib/useCommand';
import { PageTitle } from '../../components/PageTitle';
import { afterLoginPath } from '../../lib/authRedirect';
import { useSession } from '../../lib/session';
import { AUTH_TEXT } from '../../../shared/texts';
import { errorMessage, useTRPC } from '../../lib/trpc';

export default function LoginPage() {
  const trpc = useTRPC();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Nobody is signed in yet: the button locks, but no idempotency key is sent.
  const login = useCommand('auth.login', trpc.auth.login.mutationOptions(), { keyed: false });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    login.submit(
      { email: email.trim(), password },
      {
        onSuccess: (result) => {
          const to = afterLoginPath(location);
          session.login(result);
          toast.success(`Welcome back, ${result.user.username}!`);
          void navigate(to, { replace: true });
        },
      },
    );
  };

  return (
    <>
      <PageTitle title="Login" subtitle="Log in to trade, manage your portfolio and see your offers." />
      {session.isLoggedIn && !login.isSuccess ? (
        <AlreadyLoggedIn />
      ) : (
        <form className="card form-card" onSubmit={onSubmit}>
          <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Field
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <ErrorMessage>{login.isError ? errorMessage(login.error, AUTH_TEXT.invalidLogin) : null}</ErrorMessage>
          <PendingButton type="submit" className="button button-block" pending={login.pending} pendingLabel="Logging in…">
            Log in
          </PendingButton>
          <p className="form-links">
            <Link to="/reset-password">Forgot your password?</Link>
            <span>
              New here?{' '}
              <Link to="/register" state={location.state}>
                Register
              </Link>
            </span>
          </p>
        </form>
      )}
    </>
  );
}
