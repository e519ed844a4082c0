import { Heading } from '@chakra-ui/react';

// A placeholder until its issue fills the page in.
export function DashboardScreen() {
  return (
    <Heading as="h1" size="2xl">
      Dashboard
    </Heading>
  );
}
