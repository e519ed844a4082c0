import type { ActorRefLike, InspectionEvent } from 'xstate';

/** Where the opened inspector records itself, so a redirect or a reload keeps it (this tab only). */
export const inspectorChoiceKey = 'kerbside.inspector';

const keptEvents = 500;

/** Events of started actors, kept for an inspector opened later (the oldest dropped first). */
const history: InspectionEvent[] = [];
/** Each actor's creation, held until it starts: StrictMode creates actors it never starts. */
const unstarted = new WeakMap<ActorRefLike, InspectionEvent>();
const started = new WeakSet<ActorRefLike>();
let forward: ((event: InspectionEvent) => void) | undefined;

function deliver(event: InspectionEvent) {
  history.push(event);
  if (history.length > keptEvents) history.shift();
  forward?.(event);
}

/**
 * The `inspect` option every actor in the app is created with; undefined in production builds.
 * An actor is shown once it starts, never at creation: React's StrictMode initialises each
 * component's actor twice and starts one of them, so creation alone would show ghosts.
 */
export const inspect =
  process.env.NODE_ENV === 'production'
    ? undefined
    : (event: InspectionEvent) => {
        const actor = event.actorRef;
        if (event.type === '@xstate.actor') {
          unstarted.set(actor, event);
          return;
        }
        if (!started.has(actor)) {
          // Its first snapshot or event is its start; the steps of its creation stay unshown.
          if (event.type !== '@xstate.snapshot' && event.type !== '@xstate.event') return;
          started.add(actor);
          const creation = unstarted.get(actor);
          unstarted.delete(actor);
          if (creation) deliver(creation);
        }
        deliver(event);
      };

/**
 * Hands every event of a started actor, past (the kept history) and future, to `observer`: the
 * Stately inspector once the resident opens it (src/shell/inspector-controls.ts).
 */
export function forwardInspectionEvents(observer: (event: InspectionEvent) => void): void {
  forward = observer;
  history.forEach(observer);
}
