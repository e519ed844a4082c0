import { Heading } from '@chakra-ui/react';

// A placeholder until its issue fills the page in.
export function GuideScreen() {
  return (
    <Heading as="h1" size="2xl">
      How to Guide
    </Heading>
  );
}
