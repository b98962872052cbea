import { useQuery } from '@tanstack/react-query';
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
import { registerInput } from '../../../shared/schemas/auth';
import { formatDollars } from '../../lib/format';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import styles from './AuthForm.module.css';

export default function RegisterPage() {
  const trpc = useTRPC();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<z.input<typeof registerInput>, unknown, z.output<typeof registerInput>>({
    resolver: zodResolver(registerInput),
    defaultValues: { username: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  // Nobody is signed in yet: the button locks, but no idempotency key is sent.
  const register = useCommand('auth.register', trpc.auth.register.mutationOptions(), { keyed: false });
  const invalid = register.isError ? fieldErrors(register.error) : {};
  const invite = useInvite(afterLoginPath(location));

  const onSubmit = (account: z.output<typeof registerInput>) => {
    register.submit(account, {
      onSuccess: (result) => {
        const to = afterLoginPath(location);
        session.login(result);
        toast.success(
          invite
            ? `Welcome, ${result.user.username}! Join ${invite.name} to start there with ${formatDollars(invite.startingCash)}.`
            : `Welcome, ${result.user.username}! Your $80 million is ready to trade.`,
        );
        void navigate(to, { replace: true });
      },
    });
  };

  return (
    <>
      <PageTitle
        title="Register"
        subtitle={
          invite
            ? `Create an account to join ${invite.name}, where every member starts with ${formatDollars(invite.startingCash)} in virtual money.`
            : 'Create an account and get $80 million in virtual money to trade.'
        }
      />
      {session.isLoggedIn && !register.isSuccess ? (
        <AlreadyLoggedIn />
      ) : (
        <form className="card form-card" onSubmit={form.handleSubmit(onSubmit)} noValidate>
          <Field
            label="Username"
            autoComplete="username"
            required
            minLength={3}
            maxLength={20}
            pattern="[A-Za-z0-9_.\-]+"
            hint="3 to 20 letters, digits, dots, dashes or underscores. Shown to other players."
            error={errors.username?.message}
            aria-invalid={invalid.username ? true : undefined}
            {...form.register('username')}
          />
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            required
            hint="Used only to log in and reset your password; stored as a one-way hash."
            error={errors.email?.message}
            aria-invalid={invalid.email ? true : undefined}
            {...form.register('email')}
          />
          <Field
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint="At least 8 characters."
            error={errors.password?.message}
            aria-invalid={invalid.password ? true : undefined}
            {...form.register('password')}
          />
          <ErrorMessage>{register.isError ? errorMessage(register.error, AUTH_TEXT.registerFailed) : null}</ErrorMessage>
          <PendingButton
            type="submit"
            className="button button-block"
            pending={register.pending || form.formState.isSubmitting}
            pendingLabel="Creating your account…"
          >
            Register
          </PendingButton>
          <p className={styles.links}>
            <span>
              Already registered?{' '}
              <Link to="/login" state={location.state}>
                Log in
              </Link>
            </span>
          </p>
        </form>
      )}
    </>
  );
}

/** The league of the invite link that led here (`/join/{code}` to come back to), with its starting cash; null otherwise. */
function useInvite(next: string): { name: string; startingCash: number } | null {
  const trpc = useTRPC();
  const code = /^\/join\/([^/?#]+)/.exec(next)?.[1];
  const rules = useQuery({ ...trpc.leagues.rules.queryOptions({ code: decodeURIComponent(code ?? '') }), enabled: code !== undefined, retry: false });
  return code !== undefined && rules.data ? { name: rules.data.league.name, startingCash: rules.data.startingCash } : null;
}
