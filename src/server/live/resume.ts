import { z } from 'zod';

/** The input of every live subscription (events, ticker, chat): the id of the last message a returning client saw, if any. */
export const resumeInput = z
  .object({
    lastEventId: z
      .string()
      .regex(/^\d{1,16}$/)
      .nullish(),
  })
  .optional();
