import { zodResolver } from '@hookform/resolvers/zod';
import type { KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { charCount, MESSAGE_MAX_CHARS } from '../../../../shared/chat';
import { messageText } from '../../../../shared/schemas/chat';
import { PendingButton } from '../../../components/PendingButton';
import { useSession } from '../../../lib/session';
import { useKeptDraft } from '../../../lib/sessionEnd';
import { errorMessage } from '../../../lib/trpc';
import { usePostMessage } from '../api/useChat';
import styles from './ChatComposer.module.css';

/** The composer reads its text with the server's own schema: it refuses exactly what the server would. */
const composerForm = z.object({ text: messageText });
type ComposerText = z.input<typeof composerForm>;
type Composer = z.output<typeof composerForm>;

/**
 * Writes a message: Enter sends (Shift+Enter for a new line), the button and the field wait for the
 * answer, and the message's idempotency key (`useCommand`) makes a retry or a double press post it once.
 */
export function ChatComposer({ compact = false }: { compact?: boolean }) {
  const post = usePostMessage();
  const form = useForm<ComposerText, unknown, Composer>({ resolver: zodResolver(composerForm), defaultValues: { text: '' }, mode: 'onSubmit' });
  // A session that ends while a message is typed keeps it until the user logs back in.
  const { user } = useSession();
  useKeptDraft(`chat:${compact ? 'panel' : 'page'}`, user?.id ?? null, form);
  const text = useWatch({ control: form.control, name: 'text' });
  const used = charCount(text.trim());
  const over = used > MESSAGE_MAX_CHARS;

  const onSubmit = (values: Composer) => {
    post.submit(
      { text: values.text },
      {
        onSuccess: () => {
          form.reset({ text: '' });
          form.setFocus('text');
        },
      },
    );
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void form.handleSubmit(onSubmit)();
    }
  };
  const error = form.formState.errors.text?.message ?? (post.isError ? errorMessage(post.error, 'Your message was not sent. Try again in a moment.') : null);

  return (
    <form
      className={compact ? `${styles.composer} ${styles.compact}` : styles.composer}
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      data-testid="chat-composer"
    >
      <label className="sr-only" htmlFor={compact ? 'chat-text-panel' : 'chat-text'}>
        Message
      </label>
      <textarea
        id={compact ? 'chat-text-panel' : 'chat-text'}
        className={styles.input}
        rows={compact ? 1 : 2}
        placeholder="Say something to the league…"
        {...form.register('text', { onChange: () => post.isError && post.reset() })}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={compact ? 'chat-count-panel' : 'chat-count'}
        readOnly={post.pending}
        maxLength={MESSAGE_MAX_CHARS * 4}
        dir="auto"
      />
      <div className={styles.row}>
        <span id={compact ? 'chat-count-panel' : 'chat-count'} className={over ? `${styles.count} ${styles.over}` : styles.count}>
          {used}/{MESSAGE_MAX_CHARS}
        </span>
        {error ? (
          <span className={styles.error} role="alert">
            {error}
          </span>
        ) : null}
        <PendingButton type="submit" className="button button-small" pending={post.pending} pendingLabel="Sending…" disabled={over}>
          Send
        </PendingButton>
      </div>
    </form>
  );
}
