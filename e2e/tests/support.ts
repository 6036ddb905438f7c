import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password-2026';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.com`;
}

/** A national number as a Nigerian types it: 080 followed by 8 digits. */
export function uniqueLocalPhone(): string {
  return `080${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

interface OutboxEntry {
  to: string;
  subject: string;
  links: string[];
}

/** Waits for the newest e-mail to `to` with `subject` and answers its link containing `pathPart`. */
export async function linkFromOutbox(
  request: APIRequestContext,
  to: string,
  subject: string,
  pathPart: string,
) {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as OutboxEntry[];
        link = mails.find((m) => m.subject === subject)?.links.find((l) => l.includes(pathPart));
        return link;
      },
      { timeout: 15_000, message: `e-mail "${subject}" to ${to}` },
    )
    .toBeTruthy();
  return new URL(link!);
}

/** Saves a screenshot for people to look at; the name says what and the width. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
