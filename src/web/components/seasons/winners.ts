/** "won by ann", "ann and bob tied for first", "ann, bob and cleo tied for first", or "no winner". */
export function winnersLine(winners: readonly string[]): string {
  if (winners.length === 0) return 'no winner';
  if (winners.length === 1) return `won by ${winners[0]}`;
  return `${winners.slice(0, -1).join(', ')} and ${winners.at(-1)} tied for first`;
}
