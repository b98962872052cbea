/**
 * Answers whose JSON was made once and is shared by many callers: the HTTP layer sends the bytes
 * kept for such an answer instead of encoding the object again for each caller. An answer is
 * registered by the code that built it, as the very object a procedure returns.
 */
const encodings = new WeakMap<object, () => readonly Buffer[]>();

/** `answer`'s JSON is the concatenation of what `encode` gives (made when asked, from bytes kept elsewhere). */
export function rememberEncoding(answer: object, encode: () => readonly Buffer[]): void {
  encodings.set(answer, encode);
}

/** The JSON bytes of `answer`, in pieces, when it was made with them; undefined for any other value. */
export function encodingOf(answer: unknown): readonly Buffer[] | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  return encodings.get(answer)?.();
}
