import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
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
import { loginInput } from '../../../shared/schemas/auth';
import { errorMessage, useTRPC } from '../../lib/trpc';
import styles from './AuthForm.module.css';

export default function LoginPage() {
  const trpc = useTRPC();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<z.input<typeof loginInput>, unknown, z.output<typeof loginInput>>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  // Nobody is signed in yet: the button locks, but no idempotency key is sent.
  const login = useCommand('auth.login', trpc.auth.login.mutationOptions(), { keyed: false });

  const onSubmit = (credentials: z.output<typeof loginInput>) => {
    login.submit(credentials, {
      onSuccess: (result) => {
        const to = afterLoginPath(location);
        session.login(result);
        toast.success(`Welcome back, ${result.user.username}!`);
        void navigate(to, { replace: true });
      },
    });
  };

  return (
    <>
      <PageTitle title="Login" subtitle="Log in to trade, manage your portfolio and see your offers." />
      {session.isLoggedIn && !login.isSuccess ? (
        <AlreadyLoggedIn />
      ) : (
        <form className="card form-card" onSubmit={form.handleSubmit(onSubmit)} noValidate>
          <Field label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
          <Field label="Password" type="password" autoComplete="current-password" required error={errors.password?.message} {...form.register('password')} />
          <ErrorMessage>{login.isError ? errorMessage(login.error, AUTH_TEXT.invalidLogin) : null}</ErrorMessage>
          <PendingButton type="submit" className="button button-block" pending={login.pending || form.formState.isSubmitting} pendingLabel="Logging in…">
            Log in
          </PendingButton>
          <p className={styles.links}>
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
