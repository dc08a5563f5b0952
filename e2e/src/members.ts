import { appendFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Paths, type TCheckPlacementResult } from '@app/contracts';
import type { APIRequestContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { codeSentTo, uniqueUsername, url } from './browser';

export const DEMO_PASSWORD = 'Demo12345';
export const SPONSOR = 'company';

/**
 * Demo leaves with free slots. Members registered in this run are tried first, so slots never run out:
 * the demo leaves have 14 free sides, fewer than the spec files that register members. The run's members
 * are kept in a file beside the server's port, as each spec file has its own module state.
 */
const demoLeaves = ['grace01', 'henry01', 'irene01', 'jacky01', 'kevin01', 'frank01', 'david01'];

function runMembersFile(): string {
  return path.join(tmpdir(), `e2e-members-${new URL(inject('baseUrl')).port}.txt`);
}

function registeredInRun(): string[] {
  try {
    return readFileSync(runMembersFile(), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/** A placement with a free side under the company, asked of the server as the sign-up form asks it. */
export async function freeSlot(
  request: APIRequestContext,
): Promise<{ placement: string; side: 'left' | 'right' }> {
  for (const placement of new Set([...registeredInRun().reverse(), ...demoLeaves])) {
    const res = await request.get(
      `${inject('baseUrl')}${Paths.checkPlacement}?sponsor=${SPONSOR}&placement=${placement}`,
    );
    if (!res.ok()) continue;
    const slot = (await res.json()) as TCheckPlacementResult;
    if (slot.leftFree) return { placement, side: 'left' };
    if (slot.rightFree) return { placement, side: 'right' };
  }
  throw new Error('no free placement slot left');
}

export function remember(username: string): void {
  appendFileSync(runMembersFile(), `${username}\n`);
}

/**
 * A new member made through the API as the sign-up page makes one (TAC code from the SMTP catcher),
 * for tests whose subject is not sign-up itself. Leaves no session open.
 */
export async function registerViaApi(
  request: APIRequestContext,
  password = DEMO_PASSWORD,
): Promise<{ username: string; email: string; password: string }> {
  const username = uniqueUsername('api');
  const email = `${username}@e2e.test`;
  const headers = { Origin: inject('baseUrl') };
  const base = inject('baseUrl');
  const tac = await request.post(`${base}${Paths.signupTac}`, {
    headers,
    data: { contact: { channel: 'email', email } },
  });
  expect(tac.status(), await tac.text()).toBe(200);
  const code = await codeSentTo(email);
  const slot = await freeSlot(request);
  const res = await request.post(`${base}${Paths.register}`, {
    headers,
    data: {
      username,
      sponsor: SPONSOR,
      ...slot,
      contact: { channel: 'email', email },
      code,
      password,
      confirmPassword: password,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  remember(username);
  // Registering signs in; end that session so the member's session list holds only what a test opens.
  await request.post(`${base}${Paths.logout}`, { headers });
  return { username, email, password };
}

/** Logs in through the login page and waits for the home page. */
export async function logIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto(url('/pages/login/login'));
  await page.getByLabel('Username or email').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/#\/pages\/home\/home/);
}
