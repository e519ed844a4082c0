import { act, render, screen, waitFor } from '@testing-library/react';
import { BannerPresence } from '../../../src/ui/banner-presence';
import { preferReducedMotion } from '../../support/media-preferences';

function Page({ offline }: { offline: boolean }) {
  return <BannerPresence>{offline && <div role="status">You’re offline</div>}</BannerPresence>;
}

const nextFrame = () =>
  act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/** The opacity the banner's wrapper has now (1 when none is set). */
function opacityOf(banner: HTMLElement): number {
  // The animation moves the wrapper's inline style, and a wrapper has no role to find it by.
  // eslint-disable-next-line testing-library/no-node-access
  const wrapper = banner.closest<HTMLElement>('[data-banner-presence]');
  if (!wrapper) throw new Error('The banner is not inside BannerPresence');
  return wrapper.style.opacity === '' ? 1 : Number(wrapper.style.opacity);
}

afterEach(() => preferReducedMotion(false));

test('a banner shown with the page is there at once, without moving', async () => {
  render(<Page offline />);
  await nextFrame();
  expect(opacityOf(screen.getByRole('status'))).toBe(1);
});

test('a banner that comes later fades and grows in, and leaves the same way before it goes', async () => {
  const { rerender } = render(<Page offline={false} />);
  rerender(<Page offline />);
  await nextFrame();
  expect(opacityOf(screen.getByRole('status'))).toBeLessThan(1);
  await waitFor(() => expect(opacityOf(screen.getByRole('status'))).toBe(1));

  rerender(<Page offline={false} />);
  await nextFrame();
  // Still on screen while it leaves, then gone.
  expect(screen.getByRole('status')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
});

test('under reduced motion a banner appears and goes at once', async () => {
  preferReducedMotion(true);
  const { rerender } = render(<Page offline={false} />);
  rerender(<Page offline />);
  await nextFrame();
  expect(opacityOf(screen.getByRole('status'))).toBe(1);

  rerender(<Page offline={false} />);
  await nextFrame();
  await nextFrame();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
