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
 * The signed-in top bar. On narrow screens the entries wrap onto their own row rather than hide
 * behind a toggle, so every page stays one tab or tap away.
 */
export function Navbar() {
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.panel">
      <Flex
        maxW="6xl"
        mx="auto"
        px={{ base: 4, md: 8 }}
        py={3}
        gap={{ base: 2, md: 6 }}
        align="center"
        wrap={{ base: 'wrap', md: 'nowrap' }}
      >
        <Link asChild fontWeight="bold" fontSize="lg" color="teal.700">
          <RouterLink to={paths.dashboard}>{getConfig().appName}</RouterLink>
        </Link>
        <Box flex={{ base: '1 0 100%', md: '1' }} order={{ base: 3, md: 2 }}>
          <Box as="nav" aria-label="Main">
            <Flex as="ul" listStyleType="none" wrap="wrap" gap={{ base: 1, md: 2 }}>
              {entries.map((entry) => (
                <li key={entry.to}>
                  <Link
                    asChild
                    px={3}
                    py={2}
                    rounded="md"
                    color="fg.muted"
                    _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                    _currentPage={{ color: 'teal.700', fontWeight: 'semibold', bg: 'teal.50' }}
                  >
                    <NavLink to={entry.to} end={entry.to === paths.dashboard}>
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
