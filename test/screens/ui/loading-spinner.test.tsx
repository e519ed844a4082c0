import { screen } from '@testing-library/react';
import { LoadingStatus } from '../../../src/ui/loading-spinner';
import { renderWithProviders } from '../../support/render';

test('a loading status says what is loading, in its words as well as its name', () => {
  renderWithProviders(<LoadingStatus label="Loading permits" />);

  const status = screen.getByRole('status', { name: 'Loading permits' });
  // A live region is said by its content: a name alone is found, but not heard.
  expect(status).toHaveTextContent('Loading permits');
});
