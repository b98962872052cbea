import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetKeptAnswers, keepAnswer, keptAnswer, keptAnswerCount, MAX_ANSWER_CHARS, MAX_ANSWERS } from './keptAnswers';

beforeEach(async () => {
  await forgetKeptAnswers();
});

describe('keptAnswers', () => {
  it('keeps an answer with when it came, and the newest in place of an older one', async () => {
    await keepAnswer('a', { cents: 110 }, 1_000);
    await keepAnswer('a', { cents: 120 }, 2_000);
    expect(await keptAnswer('a')).toEqual({ key: 'a', data: { cents: 120 }, at: 2_000 });
    expect(await keptAnswer('b')).toBeNull();
  });

  it(`keeps the ${MAX_ANSWERS} most recent answers, dropping the oldest`, async () => {
    for (let i = 0; i < MAX_ANSWERS + 5; i += 1) await keepAnswer(`k${i}`, { i }, 10_000 + i);
    expect(await keptAnswerCount()).toBe(MAX_ANSWERS);
    for (let i = 0; i < 5; i += 1) expect(await keptAnswer(`k${i}`)).toBeNull();
    expect(await keptAnswer('k5')).toMatchObject({ data: { i: 5 } });
    expect(await keptAnswer(`k${MAX_ANSWERS + 4}`)).toMatchObject({ data: { i: MAX_ANSWERS + 4 } });
  });

  it('does not keep an answer too big to keep', async () => {
    await keepAnswer('big', { text: 'x'.repeat(MAX_ANSWER_CHARS) }, 1_000);
    expect(await keptAnswer('big')).toBeNull();
  });

  it('forgets everything at once', async () => {
    await keepAnswer('a', { cents: 110 }, 1_000);
    await keepAnswer('b', [1, 2], 1_000);
    await forgetKeptAnswers();
    expect(await keptAnswerCount()).toBe(0);
  });
});
