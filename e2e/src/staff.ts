import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DemoStaff } from '@app/api/demo-staff';
import { Paths } from '@app/contracts';
import { generate } from 'otplib';
import type { APIRequestContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { url } from './browser';

export {
  DEMO_ADMIN,
  DEMO_SECOND_ADMIN,
  DEMO_SUPPORT,
  type DemoStaff,
} from '@app/api/demo-staff';

const STEP_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / STEP_MS);

/**
 * The time steps already used per staff member in this e2e run, shared by the spec files (each runs in a
 * process of its own, one after another) through a file named by the server's port.
 */
function stateFile(): string {
  return path.join(tmpdir(), `e2e-totp-${new URL(inject('baseUrl')).port}.json`);
}

function poolFile(): string {
  return path.join(tmpdir(), `e2e-staff-pool-${new URL(inject('baseUrl')).port}.json`);
}

/**
 * An admin of the run's pool (server.ts) that no spec has logged in yet, so its codes are free: a login and
 * its step-up take the current time step and the next, with no wait. Taken in turn through a file, as the
 * spec files run in processes of their own; past the end it goes round again.
 */
export function takeAdmin(): DemoStaff {
  const pool = inject('staffPool');
  const file = poolFile();
  const next = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as number) : 0;
  writeFileSync(file, JSON.stringify(next + 1));
  const admin = pool[next % pool.length];
  if (!admin) throw new Error('the e2e run has no staff pool');
  return admin;
}

/**
 * An authenticator code the server has not seen for this staff member (decision 45: a time step is
 * accepted once). The current step if unused, else the next one (the server accepts one step ahead); when
 * both were used, it waits for the clock to reach the next step, at most 30 s: the server refuses replays
 * and the demo secret is the app a person would hold.
 */
export async function freshCode(staff: DemoStaff): Promise<string> {
  const file = stateFile();
  const used = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<string, number>;
  const step = Math.max(stepNow(), (used[staff.username] ?? -1) + 1);
  while (step > stepNow() + 1) await new Promise((r) => setTimeout(r, 250));
  used[staff.username] = step;
  writeFileSync(file, JSON.stringify(used));
  return generate({ secret: staff.totpSecret, epoch: step * 30 });
}

/** After the password went in on the login page: the code step, with a fresh code. */
export async function enterStaffCode(page: Page, staff: DemoStaff): Promise<void> {
  const step = page.getByRole('form', { name: 'Authenticator code' });
  await step.getByLabel('Code').fill(await freshCode(staff));
  await step.getByRole('button', { name: 'Verify' }).click();
}

/** A fresh step-up code through the API (the page's own session): money actions go through for 5 min. */
export async function stepUpViaApi(request: APIRequestContext, staff: DemoStaff): Promise<void> {
  const res = await request.post(Paths.totpStepUp, {
    headers: { origin: inject('baseUrl') },
    data: { code: await freshCode(staff) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A staff member logs in through the login page (password, then the authenticator code) and lands on the
 * home page; without one named, an admin of the pool (`takeAdmin`), who is returned. `stepUp` (default):
 * then a step-up code through the API, for specs whose subject is not the step-up dialog but that move
 * money as an admin.
 */
export async function logInStaff(
  page: Page,
  staff: DemoStaff = takeAdmin(),
  options: { stepUp?: boolean } = {},
): Promise<DemoStaff> {
  await page.goto(url('/pages/login/login'));
  await page.getByLabel('Username or email').fill(staff.username);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await enterStaffCode(page, staff);
  await page.waitForURL(/#\/pages\/home\/home/);
  if (options.stepUp !== false) await stepUpViaApi(page.request, staff);
  return staff;
}

/** A staff login through the API alone (a request context of its own), stepped up for money actions. */
export async function apiLogInStaff(
  request: APIRequestContext,
  staff: DemoStaff = takeAdmin(),
): Promise<void> {
  const base = inject('baseUrl');
  const login = await request.post(`${base}${Paths.login}`, {
    headers: { Origin: base },
    data: { login: staff.username, password: staff.password, code: await freshCode(staff) },
  });
  expect(login.status(), await login.text()).toBe(200);
  const res = await request.post(`${base}${Paths.totpStepUp}`, {
    headers: { Origin: base },
    data: { code: await freshCode(staff) },
  });
  expect(res.status(), await res.text()).toBe(200);
}
