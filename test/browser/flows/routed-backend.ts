import type { Page, Request, Route } from 'playwright-core';
import type { ActorOutcome } from '../../../machines/flow-models/actor-controls';

/** What the page is answered with: an HTTP response, or no answer at all (a network failure). */
export type RoutedAnswer =
  { status: number; body?: unknown; contentType?: string } | { networkFailure: true };

/**
 * How one invoked actor of the machine under test reaches the network: which request it makes,
 * and how each outcome a path samples comes back as an answer to that request. `answer` returns
 * null for an outcome the running app cannot produce (its actor catches what would cause it).
 */
export interface ActorRoute {
  matches(request: Request): boolean;
  /** The answer that makes the app's actor end with `outcome`; `request` is the one answered
   * (absent when only asked whether the app can produce the outcome at all). */
  answer(outcome: ActorOutcome, request?: Request): RoutedAnswer | null;
}

/** The answer to a request no path step settles (site settings, the profile…), or `hold`. */
export type BackgroundAnswer = (request: Request) => RoutedAnswer | 'hold';

interface HeldRequest {
  actorId: string;
  route: Route;
}

/** An API failure as the app's client reads it back: the status and the body it carried. */
export function httpFailureAnswer(error: unknown): RoutedAnswer {
  const failure = (error ?? {}) as { status?: unknown; body?: unknown };
  if (typeof failure.status !== 'number') return { networkFailure: true };
  return typeof failure.body === 'string'
    ? { status: failure.status, body: failure.body, contentType: 'text/html' }
    : { status: failure.status, body: failure.body ?? {} };
}

/** The common case: the actor's output is the response body, its error an HTTP failure. */
export function jsonActorRoute(matches: (request: Request) => boolean): ActorRoute {
  return {
    matches,
    answer: (outcome) =>
      outcome.status === 'done'
        ? { status: 200, body: outcome.output ?? {} }
        : httpFailureAnswer(outcome.error),
  };
}

async function fulfil(route: Route, answer: RoutedAnswer): Promise<void> {
  if ('networkFailure' in answer) {
    await route.abort('failed');
    return;
  }
  const { status, body, contentType = 'application/json' } = answer;
  await route.fulfill({
    status,
    contentType,
    body: contentType === 'application/json' ? JSON.stringify(body ?? null) : String(body ?? ''),
  });
}

/**
 * Stands in for the API host and the identity provider on one page: requests an actor under test
 * makes are held until a path step settles that actor, every other request gets its background
 * answer. Nothing leaves the browser.
 */
export class RoutedBackend {
  private readonly held: HeldRequest[] = [];

  constructor(
    private readonly actorRoutes: Readonly<Record<string, ActorRoute>>,
    private readonly background: BackgroundAnswer,
  ) {}

  async install(page: Page, origin: string): Promise<void> {
    await page.route(
      (url) =>
        url.origin === origin &&
        (url.pathname.startsWith('/api/') ||
          url.pathname.startsWith('/identitytoolkit.googleapis.com/') ||
          url.pathname.startsWith('/securetoken.googleapis.com/')),
      async (route, request) => {
        const actorId = Object.keys(this.actorRoutes).find((id) =>
          this.actorRoutes[id]!.matches(request),
        );
        if (actorId) {
          this.held.push({ actorId, route });
          return;
        }
        const answer = this.background(request);
        if (answer === 'hold') return;
        await fulfil(route, answer);
      },
    );
  }

  /** Whether the running app can produce `outcome` of `actorId` at all. */
  canProduce(actorId: string, outcome: ActorOutcome): boolean {
    const route = this.actorRoutes[actorId];
    return route !== undefined && route.answer(outcome) !== null;
  }

  /** Answers the oldest held request of `actorId` (waiting for the app to make it) with `outcome`. */
  async settle(actorId: string, outcome: ActorOutcome, timeoutMs = 10_000): Promise<void> {
    const route = this.actorRoutes[actorId];
    if (!route) throw new Error(`No request is routed for the "${actorId}" actor`);
    if (!route.answer(outcome)) {
      throw new Error(`The app cannot produce this outcome of "${actorId}"`);
    }
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.held.findIndex((request) => request.actorId === actorId);
      if (index >= 0) {
        const [held] = this.held.splice(index, 1);
        await fulfil(held!.route, route.answer(outcome, held!.route.request())!);
        return;
      }
      if (Date.now() > deadline) {
        throw new Error(`The page made no request for the "${actorId}" actor to answer`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
