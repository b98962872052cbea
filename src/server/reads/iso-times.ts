const DAY_MS = 86_400_000;
/** `Date` counts years 0000–9999 in four digits; outside them (and for fractions) it is asked. */
const FOUR_DIGIT_YEARS_END = 253_402_300_800_000;

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * A formatter of epoch ms as `Date#toISOString` writes them, for the many times of one answer (a
 * chart's points): the day's part is made once per day, the time of day from the number. A chart of
 * 500 points spent most of its shaping in `toISOString`.
 */
export function isoTimes(): (ms: number) => string {
  let day = Number.NaN;
  let date = '';
  return (ms) => {
    if (!Number.isInteger(ms) || ms < 0 || ms >= FOUR_DIGIT_YEARS_END) return new Date(ms).toISOString();
    const d = Math.floor(ms / DAY_MS);
    if (d !== day) {
      day = d;
      date = new Date(d * DAY_MS).toISOString().slice(0, 11);
    }
    const t = ms - d * DAY_MS;
    return `${date}${two(Math.floor(t / 3_600_000))}:${two(Math.floor(t / 60_000) % 60)}:${two(Math.floor(t / 1000) % 60)}.${three(t % 1000)}Z`;
  };
}
