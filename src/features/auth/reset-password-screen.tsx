import { Heading } from '@chakra-ui/react';

// A placeholder until its issue fills the page in.
export function ResetPasswordScreen() {
  return (
    <Heading as="h1" size="2xl">
      Reset password
    </Heading>
  );
}
