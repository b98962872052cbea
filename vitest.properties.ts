/**
 * Property tests' limits, for every test that uses fast-check. A failing property shrinks its
 * counterexample by running it again many times; on a large book that can take an hour, so a run
 * (search and shrinking together) stops after a minute and reports the smallest failure found so
 * far. A property that passes takes a few seconds, far from this limit.
 */
import fc from 'fast-check';

fc.configureGlobal({ interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true });
