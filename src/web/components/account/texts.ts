/** SPEC.md §8 texts of the account and admin pages, word for word. */
export const LOAD_PORTFOLIO_FAILED = 'Failed to load portfolio';
export const LOAD_TRANSACTIONS_FAILED = 'Failed to load transactions';
export const LOAD_LEADERBOARD_FAILED = 'Failed to load leaderboard';
export const LOAD_STATISTICS_FAILED = 'Failed to load statistics';
export const LOAD_PLAYERS_FAILED = 'Failed to load players';
export const LOAD_DATA_FAILED = 'Failed to load data';

export const ADMIN_TEXT = {
  salaryUpdated: 'Salary updated',
  playerRetired: 'Player retired',
  draftSimulated: 'Draft simulated',
  updateFailed: 'Update failed',
  retireFailed: 'Retire failed',
  draftFailed: 'Draft failed',
} as const;
