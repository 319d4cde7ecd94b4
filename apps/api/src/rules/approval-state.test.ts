import { describe, expect, it } from 'vitest';
import { APPROVAL_CASES } from './approval-state.cases.js';
import { approvalOf } from './approval-state.js';

describe('the approval state', () => {
  it.each(APPROVAL_CASES)('$name: $expect', (c) => {
    expect(approvalOf(c.facts)).toBe(c.expect);
  });
});
