import { z } from 'zod';

/**
 * The shared schemas carry error codes as messages where a rule has its own code. Rules without one
 * (an empty required field, a too-long text) would otherwise surface zod's English: they get codes too.
 */
z.config({
  customError: (issue) => {
    if (issue.input === undefined || issue.input === '') return 'REQUIRED';
    if (issue.code === 'too_small' && Number(issue.minimum) <= 1) return 'REQUIRED';
    return 'VALIDATION_FAILED';
  },
});
