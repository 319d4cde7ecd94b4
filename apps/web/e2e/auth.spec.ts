import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

test.describe('login form', () => {
  test('shows the catalogue messages next to the fields', async ({ page }) => {
    await page.goto('/auth/login');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    await email.fill('ab');
    await password.fill('x');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Minimum 3 symbols').first()).toBeVisible();
    await email.fill('not-an-email');
    await email.blur();
    await expect(page.getByText('Wrong email format')).toBeVisible();
    await email.fill(`${'a'.repeat(45)}@x.com`);
    await email.blur();
    await expect(page.getByText('Maximum 50 symbols')).toBeVisible();
    await email.fill('');
    await email.blur();
    await expect(page.getByText('Email is required')).toBeVisible();
  });

  test('says the login detail is incorrect, the same for unknown emails', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill('owner@amp.test');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('The login detail is incorrect')).toBeVisible();
    await page.getByLabel('Email').fill('nobody@amp.test');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('The login detail is incorrect')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('signs a demo account in and keeps signed-in users out of /auth', async ({ page }) => {
    await signIn(page, 'owner@amp.test');
    await expect(page.getByText('Hi, Olumide')).toBeVisible();
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/user/view');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

test('unknown paths show the not-found page and /error redirects to /error/error-v1', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('OOPS! Something went wrong here')).toBeVisible();
  await page.goto('/error');
  await expect(page).toHaveURL(/\/error\/error-v1$/);
  await expect(page.getByText('OOPS! Something went wrong here')).toBeVisible();
});

test('a revoked session shows "Session expired. Please login again" once, signs out and reloads', async ({ page, request }) => {
  await signIn(page, 'tech1@amp.test');
  const token = await page.evaluate(() => localStorage.getItem('amp.authToken'));
  expect(token).toBeTruthy();
  // The session ends elsewhere (another tab signs out); the next call answers 401.
  const logout = await request.post('/v2/account/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(logout.ok()).toBeTruthy();
  await page.goto('/user-profile/profile-overview');
  await expect(page.getByText('Session expired. Please login again')).toHaveCount(1);
  await page.waitForURL('**/auth/login', { timeout: 15_000 });
  await expect(page.getByText('Session expired. Please login again')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('amp.authToken'))).toBeNull();
  // The notice is not closed automatically.
  await page.waitForTimeout(6000);
  await expect(page.getByText('Session expired. Please login again')).toBeVisible();
});

test('the landing page leads to registration, and greets a signed-in user', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  for (const stat of ['500+', '50K+', '99.9%', '24/7']) await expect(page.getByText(stat, { exact: true }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/auth\/registration$/);
  await signIn(page, 'imo@amp.test');
  await page.goto('/');
  await page.getByRole('link', { name: 'Welcome Ibrahim' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
