import { Box, Flex, Link } from '@chakra-ui/react';
import { NavLink, Link as RouterLink } from 'react-router';
import { getConfig } from '../config';
import { AvatarMenu } from './avatar-menu';
import { paths } from './paths';

const entries = [
  { label: 'Dashboard', to: paths.dashboard },
  { label: 'Add Permit', to: paths.addPermit },
  { label: 'My Permits', to: paths.myPermits },
  { label: 'How to Guide', to: paths.guide },
  { label: 'Settings', to: paths.settings },
] as const;

/**
 * The signed-in top bar. On narrow screens the name and the account menu share the first row and
 * the entries run in one row beneath that scrolls sideways when it does not fit (a focused entry
 * scrolls into view), so every page stays one tab or tap away and the bar stays under 100 px tall
 * at 320 px (test/e2e/account-journey.test.ts).
 */
export function Navbar() {
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
        <Link asChild fontWeight="bold" fontSize="lg" color="teal.700">
          <RouterLink to={paths.dashboard}>{getConfig().appName}</RouterLink>
        </Link>
        <Box flex={{ base: '1 0 100%', md: '1' }} order={{ base: 3, md: 2 }} minW={0}>
          <Box as="nav" aria-label="Main" overflowX={{ base: 'auto', md: 'visible' }}>
            <Flex
              as="ul"
              listStyleType="none"
              wrap={{ base: 'nowrap', md: 'wrap' }}
              gap={{ base: 0, md: 2 }}
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
                    fontSize={{ base: 'sm', md: 'md' }}
                    rounded="md"
                    color="fg.muted"
                    _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                    _currentPage={{ color: 'teal.700', fontWeight: 'semibold', bg: 'teal.50' }}
                  >
                    <NavLink
                      to={entry.to}
                      end={entry.to === paths.dashboard}
                      // A browser scrolls a focused entry only until part of it shows: the whole
                      // of it comes into the sideways-scrolling row, for the keyboard.
                      onFocus={(event) =>
                        event.currentTarget.scrollIntoView?.({
                          block: 'nearest',
                          inline: 'nearest',
                        })
                      }
                    >
                      {entry.label}
                    </NavLink>
                  </Link>
                </li>
              ))}
            </Flex>
          </Box>
        </Box>
        <Box order={{ base: 2, md: 3 }} ms="auto">
          <AvatarMenu />
        </Box>
      </Flex>
    </Box>
  );
}
