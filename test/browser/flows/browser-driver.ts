import type { BrowserContext, Page, Request } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { ActorOutcome } from '../../../machines/flow-models/actor-controls';
import type { MachinePath, ModelDriver } from '../../../machines/flow-models/model-paths';
import { toPathStep } from '../../../machines/flow-models/model-paths';
import {
  forgedResident,
  identityAnswer,
  isCustomTokenSignIn,
  signInWithTokenRoute,
} from './forged-identity';
import { RoutedBackend, type ActorRoute, type RoutedAnswer } from './routed-backend';

/** The resident's profile as the stand-in API host answers it. */
export const routedProfile = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: forgedResident.email,
  active_registrations: 1,
  permit_limit: 5,
};

/**
 * One screen as a path reaches it in Chromium: where it lives, the requests of its machine's
 * actors, and the user's gestures and what the user sees, with the same roles and names as the
 * screen drivers in test/screens/.
 */
export interface BrowserScreen {
  /** The flow in machines/flow-models/flow-models.ts this screen renders. */
  flow: string;
  route: string;
  /** The resident is signed in (through the login form, answered by the stand-ins) first. */
  signedIn: boolean;
  /** The browser's clock at the start, where the screen's rules depend on today. */
  clockTime?: Date;
  actorRoutes: Readonly<Record<string, ActorRoute>>;
  /** Answers for this screen's other requests, before the common ones; 'hold' never answers. */
  background?: (request: Request) => RoutedAnswer | 'hold' | null;
  /**
   * The paths this screen's gestures can play, where they cannot play all yet; the transitions
   * only the others walk are listed in test/browser/flows/flows-in-chromium.model.test.ts.
   */
  plays?: (path: MachinePath) => boolean;
  /** Waits until the screen can take the first gesture. */
  ready(page: Page): Promise<void>;
  send(page: Page, event: AnyEventObject): Promise<void>;
  expectState(page: Page, state: AnyMachineSnapshot): Promise<void>;
}

const apiPath = (request: Request) => new URL(request.url()).pathname;

/** What the stand-in API host answers when no path step is waiting on the request. */
function commonAnswer(request: Request): RoutedAnswer | null {
  const identity = identityAnswer(request, Date.now());
  if (identity) return identity;
  switch (apiPath(request)) {
    case '/api/v1/site-settings/':
      return {
        status: 200,
        body: {
          can_add_reference: true,
          can_schedule_permits: true,
          default_end_date_limit_hours: 0,
        },
      };
    case '/api/v1/auth/profile/':
      return { status: 200, body: routedProfile };
    case '/api/v1/auth/logout/':
      return { status: 204 };
    case '/api/v1/permits/permit_cap_info/':
      return {
        status: 200,
        body: {
          permits_used: 0,
          permit_cap_limit: 0,
          permits_remaining: null,
          period_name: 'November 2026',
          permit_cap_type: 'monthly',
        },
      };
    case '/api/v1/permits/':
      return request.method() === 'GET' ? { status: 200, body: { count: 0, results: [] } } : null;
    default:
      return null;
  }
}

/** The paths whose every settlement the running app can produce (an actor that catches cannot fail). */
export function producible(screen: BrowserScreen, path: MachinePath): boolean {
  if (screen.plays && !screen.plays(path)) return false;
  const backend = new RoutedBackend(screen.actorRoutes, () => 'hold');
  return path.steps.every(({ event }) => {
    const step = toPathStep(event);
    return step.kind !== 'settle' || backend.canProduce(step.actorId, step.outcome);
  });
}

export interface BrowserDriver extends ModelDriver<AnyMachineSnapshot> {
  close(): Promise<void>;
}

/**
 * Plays a path in a new page of `context`: events are the resident's gestures, settlements are
 * the routed answers to the actors' requests, delays are `page.clock` moving on.
 */
export function createBrowserDriver(
  screen: BrowserScreen,
  machine: AnyStateMachine,
  context: BrowserContext,
  origin: string,
): BrowserDriver {
  let page: Page | undefined;
  const backend = new RoutedBackend(screen.actorRoutes, (request) => {
    const answer = screen.background?.(request) ?? commonAnswer(request);
    if (answer) return answer;
    return { status: 404, body: { detail: `No stand-in answer for ${apiPath(request)}` } };
  });
  const current = (): Page => {
    if (!page) throw new Error('The path has not started yet');
    return page;
  };
  return {
    async start() {
      page = await context.newPage();
      await page.clock.install(screen.clockTime ? { time: screen.clockTime } : {});
      await backend.install(page, origin);
      await page.goto(`${origin}${screen.route}`);
      await screen.ready(page);
    },
    send: (event) => screen.send(current(), event),
    settle: (actorId: string, outcome: ActorOutcome) => backend.settle(actorId, outcome),
    async elapse(delay) {
      const ms: unknown = machine.implementations.delays[delay];
      if (typeof ms !== 'number') throw new Error(`Delay "${delay}" is not a fixed number`);
      await current().clock.runFor(ms);
    },
    expectState: (state) => screen.expectState(current(), state),
    async close() {
      await page?.close();
    },
  };
}

/**
 * Signs the forged resident in through the login form of a page in `context`, as a resident
 * would, so the context's later pages open signed in (the identity persists in IndexedDB).
 */
export async function signInResident(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  const accepted = signInWithTokenRoute(() => Date.now()).answer({ status: 'done', output: true });
  const backend = new RoutedBackend({}, (request) => {
    if (apiPath(request) === '/api/v1/auth/login/') {
      return { status: 200, body: { custom_token: 'forged-custom-token' } };
    }
    if (isCustomTokenSignIn(request) && accepted) return accepted;
    return commonAnswer(request) ?? { status: 404, body: {} };
  });
  await backend.install(page, origin);
  await page.goto(`${origin}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(forgedResident.email);
  await page.getByLabel(/^Password/).fill('Secret123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.close();
}
