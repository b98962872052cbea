import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { usernameSchema } from '../../../../shared/schemas/auth';
import { userPath } from '../../../lib/itemLinks';
import { Link, useShareablePath } from '../../../lib/leagueLinks';
import { toast } from 'sonner';
import { useSession, type SessionUser } from '../../../lib/session';
import { errorMessage, useTRPC } from '../../../lib/trpc';
import { Avatar } from '../../../components/Avatar';
import { Spinner } from '../../../components/Spinner';
import { PendingButton } from '../../../components/PendingButton';
import { useCommand } from '../../../lib/useCommand';
import { prepareAvatar } from '../avatarFile';
import { FAILED, INVALID_FILE_TYPE } from '../../../../shared/texts';
import '../../../components/controls.css';
import './ProfileEditor.css';

/** docs/screens.md §4 Texts */
export const ACCOUNT_TEXT = {
  invalidFileType: INVALID_FILE_TYPE,
  uploadFailed: FAILED.upload,
  updateFailed: FAILED.update,
} as const;

/** Avatar upload, username edit and the shareable link to the public portfolio (docs/screens.md §3 Pages). */
export function ProfileEditor({ user }: { user: SessionUser }) {
  return (
    <section className="card profile-editor" aria-labelledby="profile-title">
      <h2 id="profile-title" className="sr-only">
        Your profile
      </h2>
      <AvatarUpload user={user} />
      <div className="profile-fields">
        <UsernameForm user={user} />
        <ShareLink userId={user.id} />
      </div>
    </section>
  );
}

function useAccountUpdated() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { updateUser } = useSession();
  return (user: SessionUser) => {
    updateUser(user);
    for (const filter of [trpc.auth.me.pathFilter(), trpc.portfolio.pathFilter(), trpc.users.pathFilter(), trpc.stats.pathFilter()]) {
      void queryClient.invalidateQueries(filter);
    }
  };
}

function AvatarUpload({ user }: { user: SessionUser }) {
  const trpc = useTRPC();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const updated = useAccountUpdated();
  const upload = useCommand(
    'users.setAvatar',
    trpc.users.setAvatar.mutationOptions({
      onSuccess: (result) => {
        toast.success(result.message);
        updated(result.user);
      },
      onError: (error) => {
        toast.error(errorMessage(error, ACCOUNT_TEXT.uploadFailed));
      },
    }),
  );
  const busy = preparing || upload.pending;

  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || busy) return;
    setPreparing(true);
    try {
      const prepared = await prepareAvatar(file);
      if (prepared.ok) upload.submit({ id: user.id, image: prepared.dataUrl });
      else toast.error(prepared.reason === 'not-an-image' ? ACCOUNT_TEXT.invalidFileType : ACCOUNT_TEXT.uploadFailed);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div className="avatar-upload">
      <Avatar username={user.username} avatar={user.avatar} size="lg" />
      <div>
        <input
          ref={input}
          id={id}
          className="sr-only file-input"
          type="file"
          accept="image/*"
          onChange={(e) => void onChange(e)}
          disabled={busy}
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={id} className={`button button-small button-secondary file-label${busy ? ' is-busy' : ''}`}>
          {busy ? <Spinner size="sm" /> : null}
          {busy ? 'Uploading…' : 'Change avatar'}
        </label>
        <p id={`${id}-hint`} className="field-hint">
          Any picture; it is cropped to a square.
        </p>
      </div>
    </div>
  );
}

/** The username as typed: trimmed; empty is ignored (docs/rules.md §11 Input), anything else read as the server reads it. */
const usernameForm = z.object({
  username: z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      if (text === '') return;
      const read = usernameSchema.safeParse(text);
      if (!read.success) ctx.addIssue({ code: 'custom', message: read.error.issues[0]?.message ?? ACCOUNT_TEXT.updateFailed });
    }),
});
type UsernameText = z.input<typeof usernameForm>;

function UsernameForm({ user }: { user: SessionUser }) {
  const trpc = useTRPC();
  const id = useId();
  const form = useForm<UsernameText, unknown, z.output<typeof usernameForm>>({
    resolver: zodResolver(usernameForm),
    defaultValues: { username: user.username },
  });
  const error = form.formState.errors.username?.message;
  const updated = useAccountUpdated();
  const rename = useCommand(
    'users.setUsername',
    trpc.users.setUsername.mutationOptions({
      onSuccess: (result) => {
        toast.success(result.message);
        form.reset({ username: result.user.username });
        updated(result.user);
      },
      onError: (error) => {
        toast.error(errorMessage(error, ACCOUNT_TEXT.updateFailed));
      },
    }),
  );

  const onSubmit = ({ username }: z.output<typeof usernameForm>) => {
    if (username === '' || username === user.username) {
      form.reset({ username: user.username });
      return;
    }
    rename.submit({ id: user.id, username });
  };

  return (
    <form className="inline-form" onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <div className="field">
        <label htmlFor={id}>Username</label>
        <div className="inline-form-row">
          <input
            id={id}
            type="text"
            autoComplete="username"
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register('username')}
          />
          <PendingButton type="submit" className="button button-small" pending={rename.pending || form.formState.isSubmitting} pendingLabel="Saving…">
            Save username
          </PendingButton>
        </div>
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function ShareLink({ userId }: { userId: number }) {
  const id = useId();
  const path = useShareablePath()(userPath(userId));
  const url = `${window.location.origin}${path}`;
  const field = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      // No clipboard access (an insecure page, or refused): select the text for a manual copy.
      field.current?.select();
      toast.info('Press Ctrl+C (or ⌘C) to copy the selected link');
    }
  };

  return (
    <div className="field share-link">
      <label htmlFor={id}>Public portfolio link</label>
      <div className="inline-form-row">
        <input ref={field} id={id} type="text" readOnly value={url} onFocus={(e) => e.target.select()} />
        <button type="button" className="button button-small button-secondary" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p className="field-hint">
        Anyone with the link can see your holdings. <Link to={path}>Open it</Link>
      </p>
    </div>
  );
}
