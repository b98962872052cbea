import type { ExchangeCommand, RefusalReason } from './commands.js';

export type CommandType = ExchangeCommand['type'];

/**
 * What the exchange reports while it runs, for monitoring. Called on the order path: an
 * implementation only counts (no I/O, nothing that allocates much). Durations in seconds.
 */
export interface ExchangeObserver {
  /** A command was answered, `seconds` after it was submitted (queueing, commit and fsync included). */
  accepted(command: CommandType, seconds: number): void;
  refused(command: CommandType, reason: RefusalReason, seconds: number): void;
  /** A command failed on an unexpected error (a full disk, a bug): it was answered with that error. */
  failed(command: CommandType): void;
  /** Building one command and matching it on its in-memory book. */
  planned(seconds: number): void;
  /** One group commit: its transaction (every command's writes and the COMMIT, without the fsync) held `commands` commands. */
  committed(commands: number, seconds: number): void;
  /** One fsync of the write-ahead log, on the thread pool (it covers every group commit before it). */
  synced(seconds: number): void;
}
