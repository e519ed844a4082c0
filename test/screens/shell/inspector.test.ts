import { createActor, createMachine, type InspectionEvent } from 'xstate';
import { forwardInspectionEvents, inspect } from '../../../src/shell/inspector';

const door = createMachine({
  id: 'door',
  initial: 'closed',
  states: { closed: { on: { OPEN: 'open' } }, open: {} },
});

const shownActors = (events: InspectionEvent[]) =>
  events.filter((event) => event.type === '@xstate.actor').map((event) => event.actorRef);

test('an actor is shown once, when it starts; one created and never started is not shown', () => {
  const shown: InspectionEvent[] = [];
  forwardInspectionEvents((event) => shown.push(event));

  // What React's StrictMode does with a component's actor: creates two, starts one.
  const ghost = createActor(door, { inspect });
  const started = createActor(door, { inspect });
  expect(shownActors(shown)).toEqual([]);

  started.start();
  started.send({ type: 'OPEN' });
  expect(shownActors(shown)).toEqual([started]);
  expect(shown.some((event) => event.actorRef === ghost)).toBe(false);
  expect(
    shown.filter((event) => event.type === '@xstate.snapshot').map((event) => event.snapshot),
  ).toEqual([
    expect.objectContaining({ value: 'closed' }),
    expect.objectContaining({ value: 'open' }),
  ]);
});

test('an inspector opened later is shown the actors that started before it', () => {
  const early = createActor(door, { inspect }).start();
  const shown: InspectionEvent[] = [];
  forwardInspectionEvents((event) => shown.push(event));
  expect(shownActors(shown)).toContain(early);
});
