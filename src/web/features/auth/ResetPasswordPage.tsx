import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSearchParams } from 'react-router';
import { Link, useNavigate } from '../../lib/leagueLinks';
import { ErrorMessage, StatusMessage } from '../../components/ErrorMessage';
import { Field } from '../../components/Field';
import { PendingButton } from '../../components/PendingButton';
import { useCommand } from '../../lib/useCommand';
import { PageTitle } from '../../components/PageTitle';
import { AUTH_TEXT } from '../../../shared/texts';
import { requestPasswordResetInput, resetPasswordInput } from '../../../shared/schemas/auth';
import { errorMessage, useTRPC } from '../../lib/trpc';
import styles from './AuthForm.module.css';

/** docs/screens.md §3 Pages: after a successful reset, go to /login after 1.5 s. */
const REDIRECT_MS = 1500;

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const linkToken = params.get('token')?.trim() ?? '';
  return (
    <>
      <PageTitle
        title="Reset Password"
        subtitle={linkToken ? 'Choose a new password for your account.' : 'Forgot your password? Ask for a reset token, then choose a new password.'}
      />
      <div className="stack">
        {linkToken ? null : <RequestResetForm />}
        <NewPasswordForm linkToken={linkToken} />
      </div>
    </>
  );
}

function RequestResetForm() {
  const trpc = useTRPC();
  const form = useForm<z.input<typeof requestPasswordResetInput>, unknown, z.output<typeof requestPasswordResetInput>>({
    resolver: zodResolver(requestPasswordResetInput),
    defaultValues: { email: '' },
  });
  // Nobody is signed in yet: the button locks, but no idempotency key is sent.
  const request = useCommand('auth.requestPasswordReset', trpc.auth.requestPasswordReset.mutationOptions(), { keyed: false });

  return (
    <form className="card form-card" onSubmit={form.handleSubmit((input) => request.submit(input))} noValidate>
      <h2>1. Get a reset token</h2>
      <p className="muted">We send a reset token to the email address of your account. It works once, within an hour.</p>
      <Field label="Email" type="email" autoComplete="email" required error={form.formState.errors.email?.message} {...form.register('email')} />
      <ErrorMessage>{request.isError ? errorMessage(request.error, AUTH_TEXT.resetRequestFailed) : null}</ErrorMessage>
      <StatusMessage>{request.isSuccess ? AUTH_TEXT.resetRequested : null}</StatusMessage>
      <PendingButton type="submit" className="button button-block" pending={request.pending || form.formState.isSubmitting} pendingLabel="Sending…">
        Send reset token
      </PendingButton>
    </form>
  );
}

function NewPasswordForm({ linkToken }: { linkToken: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const form = useForm<z.input<typeof resetPasswordInput>, unknown, z.output<typeof resetPasswordInput>>({
    resolver: zodResolver(resetPasswordInput),
    defaultValues: { token: linkToken, newPassword: '' },
  });
  const { errors } = form.formState;
  // Nobody is signed in yet: the button locks, but no idempotency key is sent.
  const reset = useCommand('auth.resetPassword', trpc.auth.resetPassword.mutationOptions(), { keyed: false });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => void navigate('/login'), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  return (
    <form className="card form-card" onSubmit={form.handleSubmit((input) => reset.submit(input))} noValidate>
      <h2>{linkToken ? 'New password' : '2. Choose a new password'}</h2>
      {linkToken ? (
        <p className="muted">Your reset token came with the link you followed.</p>
      ) : (
        <Field
          label="Reset token"
          autoComplete="one-time-code"
          spellCheck={false}
          autoCapitalize="off"
          required
          hint="Paste the token from the email."
          error={errors.token?.message}
          {...form.register('token')}
        />
      )}
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint="At least 8 characters."
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <ErrorMessage>{reset.isError ? errorMessage(reset.error, AUTH_TEXT.resetFailed) : null}</ErrorMessage>
      <StatusMessage>{reset.isSuccess ? AUTH_TEXT.passwordUpdated : null}</StatusMessage>
      <PendingButton
        type="submit"
        className="button button-block"
        pending={reset.pending || form.formState.isSubmitting}
        pendingLabel="Saving…"
        disabled={reset.isSuccess}
      >
        Set new password
      </PendingButton>
      <p className={styles.links}>
        <Link to="/login">Back to login</Link>
      </p>
    </form>
  );
}
