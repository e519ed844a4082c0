import { screen } from '@testing-library/react';
import { NotificationBanner } from '../../../src/ui/notification-banner';
import { renderWithProviders } from '../../support/render';

const news = { text: 'Permit created' };

/** The page with the banner for `news` drawn (or not), and a button the resident may go to. */
function Page({ banner }: { banner: boolean }) {
  return (
    <>
      {banner && <NotificationBanner focusKey={news}>{news.text}</NotificationBanner>}
      <button type="button">Account menu</button>
    </>
  );
}

const banner = () => screen.getByRole('status', { name: 'Success' });

test('a success banner takes the focus when it appears', () => {
  renderWithProviders(<NotificationBanner>Permit created</NotificationBanner>);
  expect(banner()).toHaveFocus();
});

test('drawn again for the same news, it leaves the focus where the resident has since put it', async () => {
  const { user, rerender } = renderWithProviders(<Page banner />);
  expect(banner()).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Account menu' }));

  rerender(<Page banner={false} />);
  rerender(<Page banner />);

  expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
});

test('drawn again after the focus was lost with the banner it replaces, it takes the focus back', () => {
  const other = { text: 'Permit cancelled' };
  const { rerender } = renderWithProviders(
    <NotificationBanner focusKey={other}>{other.text}</NotificationBanner>,
  );
  expect(banner()).toHaveFocus();

  rerender(<></>);
  expect(document.body).toHaveFocus();
  rerender(<NotificationBanner focusKey={other}>{other.text}</NotificationBanner>);

  expect(banner()).toHaveFocus();
});
