import { Box, Button, Flex, Grid, Link } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useId, useRef, type ReactNode } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router';
import { getConfig } from '../config';
import { LanguageLink } from '../i18n/language-link';
import { useNarrowScreen } from '../ui/use-narrow-screen';
import { useStateResetOn } from '../ui/use-state-reset-on';
import { AvatarMenu } from './avatar-menu';
import { paths } from './pages';

// English ids, translated where the bar is drawn.
const entries = [
  { label: /*i18n*/ 'Dashboard', to: paths.dashboard },
  { label: /*i18n*/ 'Add Permit', to: paths.addPermit },
  { label: /*i18n*/ 'My Permits', to: paths.myPermits },
  { label: /*i18n*/ 'How to Guide', to: paths.guide },
  { label: /*i18n*/ 'Settings', to: paths.settings },
] as const;

/**
 * The top bar's frame: the service's name, then a slot for the navigation, the "Cymraeg" /
 * "English" link and a slot for the account menu, laid out by CSS alone. The signed-in bar fills
 * both slots; the bar drawn while the session is still checked (`NavbarPlaceholder`) leaves them
 * empty at the size they will take, so that nothing under the bar moves when the navigation
 * arrives. Each part is 44 px tall (the navigation's links, or on a phone its Menu button, and
 * the account button are finger targets), the name included, and the account slot is 44 px wide:
 * a phone may paint the page rendered in advance while its HTML is still arriving, and nothing it
 * has drawn moves when the rest of the bar comes (test/browser/offline-app.test.ts).
 */
function NavbarFrame({ navigation, account }: { navigation?: ReactNode; account?: ReactNode }) {
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.panel">
      <Flex
        maxW="6xl"
        mx="auto"
        px={{ base: 3, md: 8 }}
        py={{ base: 1, md: 3 }}
        columnGap={{ base: 2, md: 6 }}
        align="center"
        wrap={{ base: 'wrap', md: 'nowrap' }}
      >
        <Link
          asChild
          fontWeight="bold"
          fontSize="lg"
          color="teal.700"
          minH="11"
          display="inline-flex"
          alignItems="center"
        >
          <RouterLink to={paths.dashboard}>{getConfig().appName}</RouterLink>
        </Link>
        <Box flex={{ base: '1 0 100%', md: '1' }} order={{ base: 3, md: 2 }} minW={0} minH="11">
          {navigation}
        </Box>
        <Grid
          order={{ base: 2, md: 3 }}
          ms="auto"
          templateColumns="auto var(--chakra-sizes-11)"
          alignItems="center"
          columnGap={{ base: 2, md: 4 }}
        >
          <LanguageLink />
          <Box minH="11">{account}</Box>
        </Grid>
      </Flex>
    </Box>
  );
}

/**
 * The top bar while the session is being checked: the service's name, with the navigation and
 * the account menu not yet there (they are for a signed-in resident, docs/contract.md §1), their
 * room kept.
 */
export function NavbarPlaceholder() {
  return <NavbarFrame />;
}

/**
 * The signed-in top bar. Wide screens show the five entries in a row between the name and the
 * account menu. On a phone (`useNarrowScreen`) the name and the account menu share the first row
 * and the entries fold behind a "Menu" button under them, as GOV.UK's service navigation does: the
 * button sits in the navigation landmark, says whether the list is shown (aria-expanded) and
 * controls it; the list, when shown, runs down the page with every entry a full-width 44 px target.
 */
export function Navbar() {
  const { i18n } = useLingui();
  const narrow = useNarrowScreen();
  // Closed again whenever the page changes (a link chosen in it, Back), as on a site whose every
  // page loads afresh.
  const [menuOpen, setMenuOpen] = useStateResetOn(useLocation().pathname, false);
  const listId = useId();
  const folded = narrow && !menuOpen;
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <NavbarFrame
      account={<AvatarMenu />}
      navigation={
        <Box as="nav" aria-label={i18n._('Main')} pb={narrow && menuOpen ? 2 : 0}>
          {narrow && (
            <Button
              ref={menuButton}
              variant="outline"
              size="sm"
              minH="44px"
              aria-expanded={menuOpen}
              aria-controls={listId}
              onClick={() => setMenuOpen((wasOpen) => !wasOpen)}
            >
              {i18n._('Menu')}
              {/* The arrow says which way the list moves; the state itself is aria-expanded. */}
              <Box as="span" aria-hidden="true" fontSize="xs">
                {menuOpen ? '▲' : '▼'}
              </Box>
            </Button>
          )}
          <Flex
            as="ul"
            id={listId}
            hidden={folded}
            listStyleType="none"
            direction={narrow ? 'column' : 'row'}
            wrap={narrow ? 'nowrap' : 'wrap'}
            gap={narrow ? 0 : 2}
          >
            {entries.map((entry) => (
              <li key={entry.to}>
                <Link
                  asChild
                  display="flex"
                  alignItems="center"
                  minH="44px"
                  px={{ base: 2, md: 3 }}
                  whiteSpace="nowrap"
                  rounded="md"
                  color="fg.muted"
                  _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                  _currentPage={{ color: 'teal.700', fontWeight: 'semibold', bg: 'teal.50' }}
                >
                  <NavLink
                    to={entry.to}
                    end={entry.to === paths.dashboard}
                    // The same page chosen again is no page change: the list folds all the same,
                    // and focus, which no new page moves to its heading, goes from the hidden link
                    // to the Menu button (on a wide screen there is none), not to the page's body.
                    onClick={() => {
                      setMenuOpen(false);
                      menuButton.current?.focus();
                    }}
                  >
                    {i18n._(entry.label)}
                  </NavLink>
                </Link>
              </li>
            ))}
          </Flex>
        </Box>
      }
    />
  );
}
