import { Link } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from './pages';

/** The way to the accessibility statement, from the footer and from the signed-out pages. */
export function AccessibilityStatementLink() {
  const { i18n } = useLingui();
  return (
    <Link asChild color="teal.700" minH="11" display="inline-flex" alignItems="center">
      <RouterLink to={paths.accessibility}>{i18n._('Accessibility statement')}</RouterLink>
    </Link>
  );
}
