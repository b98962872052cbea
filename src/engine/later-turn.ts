/**
 * Runs `fn` in a later turn of the event loop, after the loop's timers and waiting I/O have had
 * theirs. A `setImmediate` queued while answering a request runs before the loop polls again, so
 * the two are one block for everyone waiting; a timer comes after the poll. It keeps no process alive.
 */
export function laterTurn(fn: () => void): void {
  setTimeout(fn, 1).unref();
}
