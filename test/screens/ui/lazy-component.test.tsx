import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { lazyComponent } from '../../../src/ui/lazy-component';

function Greeting() {
  return <h1>Sign in to Kerbside</h1>;
}

const renderInSuspense = (Screen: ComponentType) =>
  render(
    <Suspense fallback={<p>Loading page</p>}>
      <Screen />
    </Suspense>,
  );

test('a screen not loaded yet suspends: the fallback shows until its chunk arrives', async () => {
  const Screen = lazyComponent(() => Promise.resolve(Greeting));
  renderInSuspense(Screen);
  expect(screen.getByText('Loading page')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Sign in to Kerbside' })).toBeInTheDocument();
});

test('a preloaded screen renders at once, without the fallback', async () => {
  let loads = 0;
  const Screen = lazyComponent(() => {
    loads += 1;
    return Promise.resolve(Greeting);
  });
  await Screen.preload();
  renderInSuspense(Screen);
  expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Sign in to Kerbside' })).toBeInTheDocument();
  expect(loads).toBe(1);
});

test('a chunk that fails to load rejects the preload (src/main.tsx renders all the same, and the page error boundary says so)', async () => {
  const failure = new Error('Loading chunk 7 failed.');
  const Screen = lazyComponent(() => Promise.reject(failure));
  await expect(Screen.preload()).rejects.toBe(failure);
});

test('a lazily loaded component gets the props it is rendered with, before and after its chunk is in', async () => {
  function Named({ name }: { name: string }) {
    return <p>Permit for {name}</p>;
  }
  const Component = lazyComponent(() => Promise.resolve(Named));
  render(
    <Suspense fallback={<p>Loading page</p>}>
      <Component name="AB12 CDE" />
    </Suspense>,
  );
  expect(await screen.findByText('Permit for AB12 CDE')).toBeInTheDocument();
  render(<Component name="XY34 ZZZ" />);
  expect(screen.getByText('Permit for XY34 ZZZ')).toBeInTheDocument();
});

test('a chunk is downloaded once however often it is preloaded, and again after a failure', async () => {
  const failure = new Error('Loading chunk 7 failed.');
  const outcomes: Array<() => Promise<ComponentType>> = [
    () => Promise.reject(failure),
    () => Promise.resolve(Greeting),
  ];
  let loads = 0;
  const Screen = lazyComponent(() => {
    const outcome = outcomes[loads] ?? (() => Promise.reject(new Error('Loaded a third time.')));
    loads += 1;
    return outcome();
  });
  const [first, second] = [Screen.preload(), Screen.preload()];
  await expect(first).rejects.toBe(failure);
  await expect(second).rejects.toBe(failure);
  expect(loads).toBe(1);
  await Promise.all([Screen.preload(), Screen.preload()]);
  await Screen.preload();
  expect(loads).toBe(2);
  renderInSuspense(Screen);
  expect(screen.getByRole('heading', { name: 'Sign in to Kerbside' })).toBeInTheDocument();
});
