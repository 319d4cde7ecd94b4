import type { Page } from '@playwright/test';

/** The value beside a "Reported" label that holds a time (a detail of the tracking or the fault page). */
export const reportedTime = (page: Page) =>
  page
    .getByText('Reported', { exact: true })
    .locator('xpath=following-sibling::*[1]')
    .filter({ hasText: /\d:\d{2}/ })
    .first();
