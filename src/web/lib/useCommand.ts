import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { IDEMPOTENCY_TEXT } from '../../shared/texts';
import { keyForSubmission, submissionAnswered } from './commandKeys';
import { isSessionEnded, reportSessionEnded } from './sessionEnd';
import { errorStatus } from './trpc';

/** Retries of one submission, with the same key: the network failed, or the server still runs its first send (409). */
const MAX_RETRIES = 4;

/**
 * The submission got no answer yet: no status at all (the connection dropped), or "the first call
 * with this key is still running" — a 409 of its own, unlike a refusal of the game that is a 409
 * too (an order no longer open, a draft within the last one's rookie week), which is an answer.
 */
export function unanswered(error: unknown): boolean {
  const status = errorStatus(error) ?? (error instanceof CommandError ? error.status : null);
  return status === null || (status === 409 && error instanceof Error && error.message === IDEMPOTENCY_TEXT.inFlight);
}

function retryable(failures: number, error: unknown): boolean {
  return failures < MAX_RETRIES && unanswered(error);
}

/** A failed REST call, with its status (tRPC errors carry theirs in `data`). */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * A command of a button or a form (docs/rules.md "Every action happens once"): `submit(input)` sends
 * it with a fresh idempotency key, and nothing more while it runs — a double-click, a second Enter
 * or a tap while waiting does nothing — so `pending` (the button's locked, visible state) holds
 * from the first click until the answer. A dropped connection or a "still running" answer is
 * retried with the same key, and so is the same submission sent again after a reload cut it off.
 *
 *   const buy = useCommand('trade.buy', trpc.trade.buy.mutationOptions({ onSuccess }));
 *   <PendingButton pending={buy.pending} onClick={() => buy.submit(input)}>Buy</PendingButton>
 */
export function useCommand<TData, TError, TInput extends object>(
  name: string,
  options: UseMutationOptions<TData, TError, TInput>,
  /** `keyed: false` for the calls of someone not signed in (login, register, reset): the lock only, no key, nothing kept. */
  { keyed = true }: { keyed?: boolean } = {},
) {
  const mutation = useMutation<TData, TError, TInput>({
    // Only a keyed call can be sent again safely.
    retry: keyed ? retryable : false,
    retryDelay: (attempt) => Math.min(250 * 2 ** attempt, 4_000),
    ...options,
    // A signed-in command refused because the session ended says so once, in SessionSync, not here too.
    onError: (error, ...rest) => {
      if (keyed && isSessionEnded(error)) reportSessionEnded();
      else return options.onError?.(error, ...rest);
    },
  });
  const running = useRef(false);
  const [locked, setLocked] = useState(false);
  const { mutate } = mutation;

  const submit = useCallback(
    (input: Omit<TInput, 'idempotencyKey'>, callbacks?: { onSuccess?: (data: TData) => void; onError?: (error: TError) => void }) => {
      if (running.current) return;
      running.current = true;
      setLocked(true);
      const idempotencyKey = keyed ? keyForSubmission(name, input) : undefined;
      mutate((idempotencyKey === undefined ? input : { ...input, idempotencyKey }) as TInput, {
        onSuccess: (data) => callbacks?.onSuccess?.(data),
        onError: (error) => {
          if (!(keyed && isSessionEnded(error))) callbacks?.onError?.(error);
        },
        onSettled: (_data, error) => {
          running.current = false;
          setLocked(false);
          // Unanswered (the network failed, or the first send still ran): the same submission sent again reuses the key.
          if (idempotencyKey !== undefined && !(error && unanswered(error))) submissionAnswered(idempotencyKey);
        },
      });
    },
    [keyed, mutate, name],
  );

  return {
    submit,
    pending: locked || mutation.isPending,
    error: mutation.error,
    isError: mutation.isError,
    isSuccess: mutation.isSuccess,
    data: mutation.data,
    variables: mutation.variables,
    reset: mutation.reset,
  };
}
